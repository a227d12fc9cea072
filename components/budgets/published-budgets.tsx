/**
 * Published fundraiser budgets on a nonprofit's public profile: for each fundraiser whose
 * owner chose "Publish on profile", its planned spending lines next to the money raised.
 * Renders nothing when no budget is published.
 */
import { Card, CardTitle } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatCents } from "@/lib/money";
import { listPublishedBudgets } from "@/lib/services/reports/published-budgets";

/** Async server component: the published budgets of `organizationId`'s fundraisers, or null. */
export async function PublishedBudgets({ organizationId }: { organizationId: string }) {
  const budgets = await listPublishedBudgets({ organizationId });
  if (budgets.length === 0) return null;
  return (
    <section aria-labelledby="published-budgets-title" className="space-y-4">
      <h2 id="published-budgets-title" className="text-xl font-bold text-ink">
        How the money is used
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {budgets.map((b) => (
          <Card as="article" key={b.campaignId} className="min-w-0">
            <CardTitle className="break-words">{b.campaignName}</CardTitle>
            <p className="mt-1 text-sm text-ink-muted">
              Raised {formatCents(b.progressCents)} of {formatCents(b.plannedCents)} planned
            </p>
            <ProgressBar
              className="mt-3"
              value={b.progressCents}
              max={b.plannedCents}
              label={`Money raised toward the ${formatCents(b.plannedCents)} budget of ${b.campaignName}`}
              valueText={`${formatCents(b.progressCents)} of ${formatCents(b.plannedCents)}`}
              showPercent
              size="sm"
            />
            <table className="mt-4 w-full text-sm">
              <caption className="sr-only">Planned spending for {b.campaignName}</caption>
              <thead>
                <tr className="text-left text-ink-muted">
                  <th scope="col" className="py-1 font-medium">Item</th>
                  <th scope="col" className="py-1 text-right font-medium">Planned</th>
                </tr>
              </thead>
              <tbody>
                {b.lines.map((l) => (
                  <tr key={l.id} className="border-t border-slate-100">
                    <td className="break-words py-1.5 pr-2">{l.label}</td>
                    <td className="py-1.5 text-right tabular-nums">{formatCents(l.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t border-slate-200 font-semibold">
                  <th scope="row" className="py-1.5 text-left">Total planned</th>
                  <td className="py-1.5 text-right tabular-nums">{formatCents(b.plannedCents)}</td>
                </tr>
              </tfoot>
            </table>
          </Card>
        ))}
      </div>
    </section>
  );
}
