import type { ReactNode, Ref } from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "lucide-react";
import { cn } from "./cn";

export type AlertVariant = "info" | "success" | "warning" | "error";

export type AlertProps = {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  /** Something actionable on the right or below (a LinkButton). */
  action?: ReactNode;
  className?: string;
  /**
   * Makes the alert focusable from script (tabIndex -1) and hands it to this ref, so a form can
   * move focus to the message after a failed submit.
   */
  focusRef?: Ref<HTMLDivElement>;
};

const styles: Record<AlertVariant, { box: string; icon: typeof Info }> = {
  info: { box: "border-sky-200 bg-sky-50 text-sky-950", icon: Info },
  success: { box: "border-emerald-200 bg-emerald-50 text-emerald-950", icon: CircleCheck },
  warning: { box: "border-amber-300 bg-amber-50 text-amber-950", icon: TriangleAlert },
  error: { box: "border-red-200 bg-red-50 text-red-950", icon: CircleAlert },
};

/**
 * An inline message. Errors and warnings are announced at once (role="alert"); info and
 * success politely (role="status"). No client code of its own: rendered on the server unless
 * a client component uses it (onDismiss needs one).
 */
export function Alert({ variant = "info", title, children, onDismiss, action, className, focusRef }: AlertProps) {
  const { box, icon: Icon } = styles[variant];
  return (
    <div
      role={variant === "error" || variant === "warning" ? "alert" : "status"}
      ref={focusRef}
      tabIndex={focusRef === undefined ? undefined : -1}
      className={cn("flex gap-3 rounded-control border p-4 text-sm focus:outline-2 focus:outline-offset-2 focus:outline-current", box, className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={cn("leading-relaxed", title ? "mt-1" : undefined)}>{children}</div> : null}
        {action ? <div className="mt-3">{action}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 size-8 shrink-0 rounded-md p-1.5 opacity-70 hover:bg-black/5 hover:opacity-100"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
