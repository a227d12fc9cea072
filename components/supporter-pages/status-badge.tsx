import { cn } from "@/components/ui/cn";

const LABELS = { pending: "Waiting for approval", active: "Live", paused: "Paused", closed: "Closed", hidden: "Hidden by the organization" } as const;
const TONES = { pending: "bg-amber-100 text-amber-900", active: "bg-brand-100 text-brand-900", paused: "bg-slate-200 text-ink", closed: "bg-slate-200 text-ink", hidden: "bg-red-100 text-red-900" } as const;

/** A supporter page's or team's state in words ("Live", "Paused"...), as a small badge. */
export function SupporterPageStatusBadge({ status, className }: { status: keyof typeof LABELS; className?: string }) {
  return <span className={cn("inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", TONES[status], className)}>{LABELS[status]}</span>;
}
