import { Award, Clock, HandCoins } from "lucide-react";
import { formatCents } from "@/lib/money";
import { badgeRules, rewardLevels, rewardRules, type DonorSummary } from "@/lib/services/rewards/donor-rewards";

export const formatHours = (minutes: number) => `${Number((minutes / 60).toFixed(2))}`;

/** The dashboard summary: total given this year, verified volunteer hours, reward level and badges. */
export function DonorSummaryCard({ summary, year }: { summary: DonorSummary; year: number }) {
  const { rewards } = summary;
  const stats = [
    { icon: HandCoins, label: `Given in ${year}`, value: formatCents(summary.givenThisYearCents) },
    { icon: Clock, label: "Verified volunteer hours", value: formatHours(summary.verifiedMinutes) },
    { icon: Award, label: "Reward level", value: `${rewards.level} · ${rewards.points} pts` },
  ];
  return (
    <section aria-labelledby="summary-heading" className="mt-8">
      <h2 id="summary-heading" className="sr-only">
        Your giving at a glance
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {stats.map((s) => (
          // A <dl> group may hold only <dt> and <dd>: the icon sits inside the <dt>.
          <div key={s.label} className="relative rounded-card border border-slate-200 bg-white p-4 pl-16">
            <dt className="text-sm text-ink-muted">
              <s.icon className="absolute top-1/2 left-4 size-8 -translate-y-1/2 text-accent-600" aria-hidden="true" />
              {s.label}
            </dt>
            <dd className="text-xl font-bold text-ink" data-testid={`summary-${s.label.split(" ")[0]!.toLowerCase()}`}>
              {s.value}
            </dd>
          </div>
        ))}
      </dl>
      <details className="mt-3 rounded-card border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer font-semibold text-brand-800">
          Rewards: badges and how points work
          {rewards.nextLevel ? <span className="ml-2 font-normal text-ink-muted">({rewards.nextLevel.pointsNeeded} points to {rewards.nextLevel.name})</span> : null}
        </summary>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Badges">
          {rewards.badges.map((b) => (
            <li
              key={b.id}
              title={b.rule}
              className={b.earned ? "rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900" : "rounded-full bg-slate-100 px-3 py-1 text-sm text-ink-muted"}
            >
              {b.name}
              <span className="sr-only">{b.earned ? " (earned)" : ` (not yet: ${b.rule})`}</span>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <h3 className="font-semibold text-ink">Rules</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-ink-muted">
              {rewardRules.text.map((t) => (
                <li key={t}>{t}</li>
              ))}
              {badgeRules.map((b) => (
                <li key={b.id}>
                  {b.name}: {b.rule}.
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-semibold text-ink">Levels</h3>
            <ul className="mt-1 space-y-1 text-ink-muted">
              {rewardLevels.map((l) => (
                <li key={l.name}>
                  {l.name}: {l.minPoints}+ points
                </li>
              ))}
            </ul>
          </div>
        </div>
      </details>
    </section>
  );
}
