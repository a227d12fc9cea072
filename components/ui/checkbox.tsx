import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { FieldError, useFieldIds } from "./field";

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  label: ReactNode;
  /** A second line under the label. */
  description?: ReactNode;
  error?: ReactNode;
  containerClassName?: string;
};

/** A native checkbox with its label (click target covers the text), description and error. */
export function Checkbox({
  label,
  description,
  error,
  id,
  className,
  containerClassName,
  "aria-describedby": describedByProp,
  ...rest
}: CheckboxProps) {
  const ids = useFieldIds(id, Boolean(description), Boolean(error), describedByProp);
  return (
    <div className={containerClassName}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={ids.controlId}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={cn(
            "mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700",
            "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed",
            className,
          )}
          {...rest}
        />
        <div className="min-w-0">
          <label htmlFor={ids.controlId} className="text-[0.95rem] font-medium text-ink">
            {label}
          </label>
          {description ? (
            <p id={ids.hintId} className="text-sm text-ink-muted">
              {description}
            </p>
          ) : null}
        </div>
      </div>
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
