import type { ComponentProps, ReactNode } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "./cn";
import { controlClasses, controlStateClasses, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = ComponentProps<"select"> & {
  label: ReactNode;
  /** Options to render; or pass <option> children instead. */
  options?: readonly SelectOption[];
  /** A first, empty option such as "Choose a state". */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
};

/** A labelled native <select> (accessible on every device) with hint and error. */
export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  hideLabel,
  id,
  required,
  className,
  containerClassName,
  children,
  "aria-describedby": describedByProp,
  ...rest
}: SelectProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), describedByProp);
  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={ids.controlId} required={required} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </FieldLabel>
      <div className="relative">
        <select
          id={ids.controlId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={cn(controlClasses, "h-11 appearance-none pr-10", controlStateClasses(Boolean(error)), className)}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted"
          aria-hidden="true"
        />
      </div>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
