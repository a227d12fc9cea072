import { cn } from "./cn";

export type SpinnerProps = {
  /** Text shown next to the spinner and read by screen readers. Spec: 'Loading...'. */
  label?: string;
  /** Hide the text visually (it stays available to screen readers). */
  hideLabel?: boolean;
  size?: "sm" | "md" | "lg";
  className?: string;
};

const sizes = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

/** The spinning ring used wherever something loads (role="status", live region). */
export function SpinnerIcon({ size = "md", className }: { size?: SpinnerProps["size"]; className?: string }) {
  return (
    <svg className={cn("animate-spin text-brand-600", sizes[size], className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A spinner with the text 'Loading...' (spec section 2). */
export function Spinner({ label = "Loading...", hideLabel = false, size = "md", className }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={cn("inline-flex items-center gap-3 text-ink-muted", className)}>
      <SpinnerIcon size={size} />
      <span className={cn(hideLabel ? "sr-only" : "text-sm font-medium", size === "lg" && !hideLabel && "text-base")}>{label}</span>
    </div>
  );
}
