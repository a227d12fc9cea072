import Link from "next/link";
import { Trophy, Users } from "lucide-react";
import { formatCents } from "@/lib/money";
import type { LeaderboardEntry } from "@/lib/services/supporter-pages/public-supporter-pages";

/**
 * A ranked list of supporter pages or teams (server component): place, name (a link to its
 * page), who or how many, money raised in dollars and number of gifts. An ordered list, so a
 * screen reader reads the places.
 */
export function Leaderboard({
  title,
  entries,
  emptyText,
  kind,
  testId,
  headingLevel = 3,
}: {
  title: string;
  entries: LeaderboardEntry[];
  emptyText: string;
  kind: "page" | "team";
  testId: string;
  /** The board's heading level: one below the heading it sits under (WCAG 2.2 SC 1.3.1; axe heading-order). */
  headingLevel?: 2 | 3;
}) {
  const Icon = kind === "team" ? Users : Trophy;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `${testId}-title`;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <Heading id={headingId} className="flex items-center gap-2 text-lg font-bold text-ink">
        <Icon className="size-5 text-brand-700" aria-hidden="true" />
        {title}
      </Heading>
      {entries.length ? (
        <ol className="mt-3 space-y-2" data-testid={testId}>
          {entries.map((e, i) => (
            <li key={e.path} className="flex items-center gap-3 rounded-control border border-slate-200 bg-white px-3 py-2">
              <span aria-hidden="true" className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${i === 0 ? "bg-accent-100 text-accent-800" : "bg-brand-50 text-brand-800"}`}>
                {i + 1}
              </span>
              <span className="min-w-0 flex-1">
                <Link href={e.path} className="block font-semibold break-words text-brand-700 hover:underline">
                  <span className="sr-only">{`Number ${i + 1}: `}</span>
                  {e.name}
                </Link>
                {e.detail ? <span className="block text-sm text-ink-muted">{e.detail}</span> : null}
              </span>
              <span className="shrink-0 text-right">
                <span className="block font-bold text-ink tabular-nums">{formatCents(e.raisedCents)}</span>
                <span className="block text-xs text-ink-muted">
                  {e.giftCount} {e.giftCount === 1 ? "gift" : "gifts"}
                </span>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-ink-muted">{emptyText}</p>
      )}
    </section>
  );
}
