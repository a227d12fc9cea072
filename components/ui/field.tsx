import { useId, type ReactNode } from "react";
import { CircleAlert } from "lucide-react";
import { cn } from "./cn";

/** Ids for a labelled control with an optional hint and error message. */
export function useFieldIds(id?: string, hasHint?: boolean, hasError?: boolean, describedBy?: string) {
  const auto = useId();
  const controlId = id ?? `field-${auto.replace(/:/g, "")}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const ids = [describedBy, hasHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean).join(" ");
  return { controlId, hintId, errorId, describedBy: ids || undefined };
}

export const controlClasses =
  "block w-full rounded-control border bg-white px-3.5 text-base text-ink shadow-xs transition-colors " +
  "placeholder:text-ink-subtle focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 " +
  "focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-subtle";

export function controlStateClasses(invalid: boolean): string {
  return invalid ? "border-red-600 focus-visible:outline-red-600" : "border-slate-300 hover:border-slate-400";
}

export type FieldLabelProps = {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
  className?: string;
};

/** A form label; marks required fields with a visible asterisk and "(required)" for screen readers. */
export function FieldLabel({ htmlFor, children, required, className }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className={cn("mb-1.5 block text-sm font-semibold text-ink", className)}>
      {children}
      {required ? (
        <>
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
          <span className="sr-only"> (required)</span>
        </>
      ) : null}
    </label>
  );
}

/** Help text under a control, referenced by aria-describedby. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-ink-muted">
      {children}
    </p>
  );
}

/** An error under a control, referenced by aria-describedby. Renders nothing without a message. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
