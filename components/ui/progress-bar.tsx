import { progressPercent } from "@/lib/money";
import { cn } from "./cn";


export type ProgressBarProps = {
  /** Amount reached (e.g. cents raised). */
  value: number;
  /** Amount to reach (e.g. goal in cents). A max <= 0 shows 0 %. */
  max: number;
  /** Accessible name, e.g. "Raised toward the $5,000.00 goal". */
  label: string;
  /** Text read instead of the number, e.g. "$1,250.00 of $5,000.00". */
  valueText?: string;
  /** Show the rounded percent next to the bar. */
  showPercent?: boolean;
  size?: "sm" | "md";
  className?: string;
};


/** A horizontal progress bar (role="progressbar"); the fill is capped at 100 %. */
export function ProgressBar({ value, max, label, valueText, showPercent, size = "md", className }: ProgressBarProps) {
  const percent = progressPercent(value, max);
  const width = Math.min(100, Math.max(0, percent));
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={valueText ?? `${percent}%`}
        className={cn("relative flex-1 overflow-hidden rounded-full bg-brand-100", size === "sm" ? "h-2" : "h-3")}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${width}%` }} />
      </div>
      {showPercent ? (
        <span className="min-w-[3ch] text-sm font-semibold text-ink tabular-nums" aria-hidden="true">
          {percent}%
        </span>
      ) : null}
    </div>
  );
}
