import { useCallback } from "react";
import { useForm as useHookForm, type FieldPath, type FieldValues, type RegisterOptions, type UseFormProps, type UseFormReturn } from "react-hook-form";

/** Text controls whose value a visitor types: the ones whose typed text must outlive hydration. */
const TEXT_INPUT_TYPES = new Set(["text", "email", "tel", "url", "search", "password", "number", ""]);

/** Controls already seen once: only the first registration, at hydration, can find text typed before it. */
const seen = new WeakSet<Element>();

/**
 * The text typed into a server-rendered control before the page's code ran: its value when it
 * differs from the value the server rendered (`defaultValue`, the HTML value attribute), or
 * undefined. Only text inputs and text areas, only the first time a control is seen.
 */
function typedBeforeHydration(el: unknown): string | undefined {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || seen.has(el)) return undefined;
  seen.add(el);
  if (el instanceof HTMLInputElement && !TEXT_INPUT_TYPES.has(el.type)) return undefined;
  return el.value !== el.defaultValue ? el.value : undefined;
}

/**
 * react-hook-form's `useForm`, for forms rendered on the server. When react-hook-form registers
 * a field at hydration it writes the form's default value into the control, over what a visitor
 * typed while the page's code was still loading (pages answer the first tap:
 * e2e/first-tap.spec.ts). This `register` keeps that text: the field takes it as if it had been
 * typed afterwards (dirty, not yet validated). Same options and result as react-hook-form's.
 */
export function useForm<TFieldValues extends FieldValues = FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  props?: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useHookForm<TFieldValues, TContext, TTransformedValues>(props);
  const { register: registerField, setValue } = form;
  const register = useCallback(
    <TFieldName extends FieldPath<TFieldValues>>(name: TFieldName, options?: RegisterOptions<TFieldValues, TFieldName>) => {
      const registration = registerField(name, options);
      return {
        ...registration,
        ref: (el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => {
          const typed = typedBeforeHydration(el);
          registration.ref(el);
          if (typed !== undefined && el) {
            el.value = typed;
            setValue(name, typed as never, { shouldDirty: true });
          }
        },
      };
    },
    [registerField, setValue],
  ) as UseFormReturn<TFieldValues, TContext, TTransformedValues>["register"];
  return { ...form, register };
}
