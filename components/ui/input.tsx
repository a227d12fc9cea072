import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { controlClasses, controlStateClasses, FieldError, FieldHint, FieldLabel, useFieldIds } from "./field";

export type InputProps = ComponentProps<"input"> & {
  /** Marks the control invalid (red border, aria-invalid). */
  invalid?: boolean;
};

/** A bare styled <input>. Prefer TextField, which adds the label, hint and error. */
export function Input({ className, invalid = false, ...rest }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(controlClasses, "h-11", controlStateClasses(invalid), className)}
      {...rest}
    />
  );
}

export type TextFieldProps = Omit<InputProps, "invalid"> & {
  label: ReactNode;
  /** Error message; when set the input is aria-invalid and described by it. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Hide the label visually (still read by screen readers). */
  hideLabel?: boolean;
  /** Something shown at the end of the input (an icon, a tick). */
  endAdornment?: ReactNode;
  containerClassName?: string;
};

/**
 * A labelled text input with an optional hint and error, wired with aria-describedby.
 * Works with react-hook-form: `<TextField label="Email" {...register("email")} error={errors.email?.message} />`.
 */
export function TextField({
  label,
  error,
  hint,
  hideLabel,
  endAdornment,
  id,
  required,
  className,
  containerClassName,
  "aria-describedby": describedByProp,
  ...rest
}: TextFieldProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), describedByProp);
  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={ids.controlId} required={required} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </FieldLabel>
      <div className="relative">
        <Input
          id={ids.controlId}
          required={required}
          invalid={Boolean(error)}
          aria-describedby={ids.describedBy}
          className={cn(endAdornment ? "pr-11" : undefined, className)}
          {...rest}
        />
        {endAdornment ? (
          <div className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3.5">{endAdornment}</div>
        ) : null}
      </div>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}

export type TextAreaFieldProps = ComponentProps<"textarea"> & {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
};

/** A labelled <textarea> with hint and error, like TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  hideLabel,
  id,
  required,
  className,
  containerClassName,
  rows = 4,
  "aria-describedby": describedByProp,
  ...rest
}: TextAreaFieldProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), describedByProp);
  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={ids.controlId} required={required} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </FieldLabel>
      <textarea
        id={ids.controlId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(controlClasses, "py-2.5", controlStateClasses(Boolean(error)), className)}
        {...rest}
      />
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}
