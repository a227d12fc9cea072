import Link from "next/link";
import { notFound } from "next/navigation";
import { Download, ExternalLink, Search } from "lucide-react";
import { LinkButton } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { Actor } from "@/lib/auth/actor";
import { isAppError } from "@/lib/errors";
import { serverEnv } from "@/lib/env";
import { formatCents } from "@/lib/money";
import { activeProviderName } from "@/lib/payments";
import { listDonorGifts, listDonorRecurringGifts } from "@/lib/services/donors/donation-history";
import { FailedReason } from "./failed-reason";
import { RecurringGifts } from "./recurring-gifts";

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/**
 * The donor's own donation history: every gift (organization, fundraiser or Direct Donation,
 * amount, status, date, receipt), recurring gifts (each opens its manage page; one new card
 * for all of them), and the
 * year-end giving statement (PDF and CSV). The services refuse any other user's id.
 */
export async function DonationHistory({ user, id }: { user: Actor; id: string }) {
  let data;
  try {
    data = await Promise.all([listDonorGifts({ actor: user, donorId: id }), listDonorRecurringGifts({ actor: user, donorId: id })]);
  } catch (e) {
    if (isAppError(e)) notFound();
    throw e;
  }
  const [gifts, recurring] = data;
  const thisYear = new Date().getUTCFullYear();
  const years = [...new Set([thisYear, thisYear - 1, ...gifts.map((g) => g.createdAt.getUTCFullYear())])].sort((a, b) => b - a);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Donation History</h1>
      <p className="mt-2 text-ink-muted">Every gift you have made on Givebridge, newest first. Amounts in US dollars.</p>
      <p className="mt-1 text-sm">
        <Link href={`/donor/${encodeURIComponent(id)}?view=public`} className="font-semibold text-brand-700 hover:underline">
          See your public donor page
        </Link>
      </p>

      <section aria-labelledby="statement-heading" className="mt-8 rounded-card border border-slate-200 bg-white p-5">
        <h2 id="statement-heading" className="text-lg font-semibold text-ink">
          Year-end giving statement
        </h2>
        <p className="mt-1 text-sm text-ink-muted">One statement for a tax year covering every nonprofit you gave to, as a PDF or a spreadsheet (CSV).</p>
        <form method="get" action={`/api/donor/${encodeURIComponent(id)}/statement`} className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="statement-year" className="mb-1.5 block text-sm font-semibold text-ink">
              Tax year
            </label>
            <select id="statement-year" name="year" defaultValue={String(thisYear)} className="h-11 rounded-control border border-slate-300 bg-white px-3">
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="format" value="pdf" className="inline-flex h-11 items-center gap-2 rounded-control bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
            <Download className="size-4" aria-hidden="true" /> Download PDF
          </button>
          <button type="submit" name="format" value="csv" className="inline-flex h-11 items-center gap-2 rounded-control border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50">
            <Download className="size-4" aria-hidden="true" /> Download CSV
          </button>
        </form>
      </section>

      <RecurringGifts
        gifts={recurring.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), nextChargeAt: r.nextChargeAt?.toISOString() ?? null }))}
        paymentForm={activeProviderName() === "stripe" ? "stripe" : "sandbox"}
        stripePublishableKey={serverEnv().STRIPE_PUBLISHABLE_KEY ?? null}
      />

      <section aria-labelledby="gifts-heading" className="mt-8">
        <h2 id="gifts-heading" className="text-lg font-semibold text-ink">
          Gifts
        </h2>
        {gifts.length === 0 ? (
          <EmptyState
            title="No gifts yet"
            description="When you give to a nonprofit, your gift and its receipt appear here."
            action={<LinkButton href="/search?queryString=&searchCategory=NonProfits" leftIcon={<Search className="size-4" aria-hidden="true" />}>Find a cause</LinkButton>}
            className="mt-4"
          />
        ) : (
          <>
          {/* Narrow screens: one card per gift instead of a table that would scroll sideways. */}
          <ul className="mt-4 space-y-3 md:hidden" aria-label="Your gifts">
            {gifts.map((g) => (
              <li key={g.id} className="rounded-card border border-slate-200 bg-white p-4" data-testid="gift-card">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-semibold break-words text-ink">{g.organization}</p>
                  <p className="shrink-0 font-semibold tabular-nums">{formatCents(g.amountCents)}</p>
                </div>
                <p className="mt-1 text-sm break-words text-ink-muted">
                  {g.fundraiser}
                  {g.recurring ? " (monthly)" : ""} · {dateFormat.format(g.createdAt)}
                </p>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>{g.status === "failed" ? <FailedReason reason={g.failureReason} /> : g.statusLabel}</span>
                  {g.receiptUrl ? (
                    <a href={g.receiptUrl} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline" target="_blank" rel="noopener">
                      Receipt PDF <ExternalLink className="size-3.5" aria-hidden="true" />
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 hidden overflow-x-auto rounded-card border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-surface-sunken text-ink-muted">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">Date</th>
                  <th scope="col" className="px-4 py-2 font-medium">Organization</th>
                  <th scope="col" className="px-4 py-2 font-medium">Fundraiser</th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">Amount</th>
                  <th scope="col" className="px-4 py-2 font-medium">Status</th>
                  <th scope="col" className="px-4 py-2 font-medium">Receipt</th>
                </tr>
              </thead>
              <tbody>
                {gifts.map((g) => (
                  <tr key={g.id} className="border-t border-slate-100">
                    <td className="px-4 py-2 whitespace-nowrap">{dateFormat.format(g.createdAt)}</td>
                    <td className="px-4 py-2">{g.organization}</td>
                    <td className="px-4 py-2">
                      {g.fundraiser}
                      {g.recurring ? <span className="ml-1 text-ink-muted">(monthly)</span> : null}
                    </td>
                    <td className="px-4 py-2 text-right font-semibold tabular-nums">{formatCents(g.amountCents)}</td>
                    <td className="px-4 py-2">{g.status === "failed" ? <FailedReason reason={g.failureReason} /> : g.statusLabel}</td>
                    <td className="px-4 py-2">
                      {g.receiptUrl ? (
                        <a href={g.receiptUrl} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline" target="_blank" rel="noopener">
                          Receipt PDF <ExternalLink className="size-3.5" aria-hidden="true" />
                        </a>
                      ) : (
                        <span className="text-ink-subtle">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          </>
        )}
      </section>
    </div>
  );
}
