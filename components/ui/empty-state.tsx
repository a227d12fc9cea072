import type { ReactNode } from "react";
import { cn } from "./cn";

export type EmptyStateProps = {
  /** An icon element, e.g. <Inbox />; sized and coloured here. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A call to action (a Button or LinkButton). */
  action?: ReactNode;
  className?: string;
};

/** What to show when a list has nothing in it (e.g. "You don't have any donations to show."). */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-card border border-dashed border-slate-300 bg-surface-muted px-6 py-10 text-center",
        className,
      )}
    >
      {icon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700 [&>svg]:size-6" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <p className="text-base font-semibold text-ink">{title}</p>
      {description ? <p className="mt-1.5 max-w-md text-sm text-ink-muted">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
