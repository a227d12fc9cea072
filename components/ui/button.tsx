import Link from "next/link";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { SpinnerIcon } from "./spinner";

export type ButtonVariant = "primary" | "accent" | "secondary" | "outline" | "ghost" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors " +
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900",
  accent: "bg-accent-600 text-white shadow-sm hover:bg-accent-700 active:bg-accent-800",
  secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100 active:bg-brand-200",
  outline: "border border-brand-700 bg-white text-brand-800 hover:bg-brand-50 active:bg-brand-100",
  ghost: "text-ink hover:bg-surface-sunken active:bg-brand-100",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900",
  link: "text-brand-700 underline-offset-4 hover:underline px-0! py-0! h-auto!",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 rounded-control px-3 text-sm",
  md: "h-11 rounded-control px-4 text-[0.95rem]",
  lg: "h-13 rounded-control px-6 text-base",
  icon: "size-11 rounded-control p-0",
};

export type ButtonStyleOptions = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
};

/** The button classes, for elements that must look like a button (e.g. a Radix trigger). */
export function buttonClasses({ variant = "primary", size = "md", fullWidth, className }: ButtonStyleOptions = {}): string {
  return cn(base, variants[variant], sizes[size], fullWidth && "w-full", className);
}

export type ButtonProps = ComponentProps<"button"> &
  ButtonStyleOptions & {
    /** Shows a spinner, disables the button and sets aria-busy. */
    loading?: boolean;
    /** Text for screen readers while loading (default 'Loading...'). */
    loadingLabel?: string;
    leftIcon?: ReactNode;
    rightIcon?: ReactNode;
  };

/** A button. Defaults to type="button" so it never submits a form by accident. */
export function Button({
  variant,
  size,
  fullWidth,
  className,
  loading = false,
  loadingLabel = "Loading...",
  leftIcon,
  rightIcon,
  disabled,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...rest}
    >
      {loading ? <SpinnerIcon size="sm" className="text-current" /> : leftIcon}
      {children}
      {loading ? <span className="sr-only">{loadingLabel}</span> : rightIcon}
    </button>
  );
}

export type LinkButtonProps = Omit<ComponentProps<"a">, "href"> &
  ButtonStyleOptions & {
    /** Target. Empty or missing goes to /404 (spec: link buttons without a target go to /404). */
    href?: string | null;
    leftIcon?: ReactNode;
    rightIcon?: ReactNode;
    /** Open an external link in a new tab (adds rel="noopener noreferrer"). */
    newTab?: boolean;
    /** next/link's prefetch for an internal path (false: fetch the page only when followed). */
    prefetch?: boolean;
  };

/** A link that looks like a button. Internal paths use next/link; absolute URLs a plain <a>. */
export function LinkButton({
  href,
  variant,
  size,
  fullWidth,
  className,
  leftIcon,
  rightIcon,
  newTab,
  prefetch,
  children,
  ...rest
}: LinkButtonProps) {
  const target = href && href.trim() !== "" ? href : "/404";
  const classes = buttonClasses({ variant, size, fullWidth, className });
  const content = (
    <>
      {leftIcon}
      {children}
      {rightIcon}
    </>
  );
  if (!target.startsWith("/")) {
    return (
      <a href={target} className={classes} {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest}>
        {content}
      </a>
    );
  }
  return (
    <Link href={target} className={classes} prefetch={prefetch} {...rest}>
      {content}
    </Link>
  );
}
