import type { Metadata } from "next";
import Link from "next/link";
import { Download } from "lucide-react";
import { DonorList } from "@/components/donors/donor-list";
import { ManagePayNav } from "@/components/reports/manage-pay-nav";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { controlClasses, controlStateClasses } from "@/components/ui/field";
import { isAppError } from "@/lib/errors";
import { requireUserPage } from "@/lib/http/session";
import { logger } from "@/lib/logger";
import { formatCents } from "@/lib/money";
import { listDonors, type DonorsPage } from "@/lib/services/donor-relationships/donors-view";
import { timeZoneLabel } from "@/lib/time/zoned-time";
import { DONOR_SEGMENTS, DONOR_SEGMENT_LABELS, donorsQueryToParams, parseDonorsQuery, type DonorsQuery } from "@/lib/validations/donor-relationships";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Donors" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const SEGMENT_HINTS: Record<(typeof DONOR_SEGMENTS)[number], string> = {
  new: "First gift this calendar year",
  recurring: "An active monthly gift",
  lybunt: "Gave last year, not this year",
  sybunt: "Gave before last year, not since",
  lapsedRecurring: "A monthly gift canceled or past due",
};

/**
 * /manage-pay/donors — the Donors view: one row per donor who shared a name or email with the
 * organization (lifetime giving, gifts, first and last gift, monthly status, what they shared,
 * tags), the gifts of everyone else as one "Anonymous donors" line, segment counts (in the
 * organization's time zone), search, "gave at least $X", sort, 50 per page and the CSV of the
 * same filters. Filters live in the URL (q, segment, min, sort, page). Signed-in nonprofit users
 * only, for their own organization.
 */
export default async function DonorsPageView({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireUserPage("/manage-pay/donors", "nonprofit");
  const organizationId = actor.organizationId;
  const parsed = parseDonorsQuery(await searchParams);
  const query: DonorsQuery = parsed.query ?? { search: "", segment: null, minCents: null, sort: "lifetime", page: 1 };

  if (!organizationId) {
    return (
      <section className="mx-auto w-full max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight">Donors</h1>
        <Alert variant="warning" className="mt-6">
          Your account is not linked to an organization yet.
        </Alert>
      </section>
    );
  }

  let view: DonorsPage | null = null;
  let fetchError: string | null = null;
  try {
    view = await listDonors({ actor, organizationId, query });
  } catch (e) {
    if (isAppError(e) && e.status < 500) fetchError = e.message;
    else {
      logger.error("donors view failed", { name: (e as Error)?.name });
      fetchError = messages.donors.fetchFailed;
    }
  }

  const href = (over: Partial<DonorsQuery>) => {
    const qs = donorsQueryToParams({ ...query, page: 1, ...over }).toString();
    return qs ? `/manage-pay/donors?${qs}` : "/manage-pay/donors";
  };
  const filtered = Boolean(query.search || query.segment || query.minCents !== null);
  const csvQuery = donorsQueryToParams({ ...query, page: 1 }).toString();
  const firstRow = view ? (view.page - 1) * view.pageSize + 1 : 0;
  const lastRow = view ? firstRow + view.donors.length - 1 : 0;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Donors</h1>
          <p className="mt-1 text-ink-muted">
            Everyone who shared their name or email with your organization, grouped from their gifts online and offline.
            {view ? <> Years and days are in your organization&apos;s time zone: {timeZoneLabel(view.timeZone)}.</> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LinkButton href="/manage-pay/donors/import" variant="outline" size="sm">
            Import donors from CSV
          </LinkButton>
          <LinkButton href="/dashboard" variant="ghost" size="sm">
            Back to your dashboard
          </LinkButton>
        </div>
      </div>

      <div className="mt-6 space-y-6">
        <ManagePayNav current="/manage-pay/donors" />

        {parsed.error ? <Alert variant="error">{parsed.error}</Alert> : null}
        {fetchError ? <Alert variant="error">{fetchError}</Alert> : null}

        {view ? (
          <>
            <nav aria-label="Donor segments">
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
                <li>
                  <SegmentLink id="all" href={href({ segment: null })} active={!query.segment} label="All donors" count={view.segments.all} hint="Shared a name or email" />
                </li>
                {DONOR_SEGMENTS.map((s) => (
                  <li key={s}>
                    <SegmentLink id={s} href={href({ segment: s })} active={query.segment === s} label={DONOR_SEGMENT_LABELS[s]} count={view!.segments[s]} hint={SEGMENT_HINTS[s]} />
                  </li>
                ))}
              </ul>
            </nav>

            <Card as="section" aria-labelledby="donor-filters-title">
              <h2 id="donor-filters-title" className="sr-only">
                Search and filters
              </h2>
              <form method="get" action="/manage-pay/donors" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
                {query.segment ? <input type="hidden" name="segment" value={query.segment} /> : null}
                <div>
                  <label htmlFor="donor-search" className="mb-1.5 block text-sm font-semibold text-ink">
                    Search by name or email
                  </label>
                  <input id="donor-search" name="q" type="search" defaultValue={query.search} maxLength={200} autoComplete="off" className={cn(controlClasses, "h-11", controlStateClasses(false))} />
                </div>
                <div>
                  <label htmlFor="donor-min" className="mb-1.5 block text-sm font-semibold text-ink">
                    Gave at least ($)
                  </label>
                  <input
                    id="donor-min"
                    name="min"
                    inputMode="decimal"
                    placeholder="e.g. 250"
                    defaultValue={query.minCents !== null ? (query.minCents / 100).toFixed(2) : ""}
                    aria-describedby="donor-min-hint"
                    className={cn(controlClasses, "h-11", controlStateClasses(false))}
                  />
                  <p id="donor-min-hint" className="sr-only">
                    Lifetime giving in dollars
                  </p>
                </div>
                <div>
                  <label htmlFor="donor-sort" className="mb-1.5 block text-sm font-semibold text-ink">
                    Sort by
                  </label>
                  <select id="donor-sort" name="sort" defaultValue={query.sort} className={cn(controlClasses, "h-11", controlStateClasses(false))}>
                    <option value="lifetime">Lifetime giving</option>
                    <option value="lastGift">Last gift</option>
                    <option value="name">Name</option>
                  </select>
                </div>
                <div className="flex gap-2">
                  <Button type="submit">Apply</Button>
                  {filtered ? (
                    <LinkButton href="/manage-pay/donors" variant="ghost">
                      Clear
                    </LinkButton>
                  ) : null}
                </div>
              </form>
            </Card>

            <Card as="section" aria-labelledby="donor-list-title" className="min-w-0">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div>
                  <h2 id="donor-list-title" className="text-lg font-bold">
                    {query.segment ? DONOR_SEGMENT_LABELS[query.segment] : "All donors"}
                  </h2>
                  <p role="status" className="mt-1 text-sm text-ink-muted" data-testid="donor-count">
                    {view.total.toLocaleString("en-US")} donor{view.total === 1 ? "" : "s"} match these filters.
                    {query.minCents !== null && view.segments.atLeast !== null ? ` ${view.segments.atLeast.toLocaleString("en-US")} gave at least ${formatCents(query.minCents)} in all.` : ""}
                  </p>
                </div>
                {view.total > 0 ? (
                  <a href={`/api/organizations/${encodeURIComponent(organizationId)}/donors.csv${csvQuery ? `?${csvQuery}` : ""}`} download className={buttonClasses({ variant: "primary" })}>
                    <Download className="size-4" aria-hidden="true" />
                    Download CSV
                  </a>
                ) : null}
              </div>

              <div className="mt-5">
                {view.donors.length === 0 ? (
                  <EmptyState title={view.segments.all === 0 && !filtered ? messages.donors.noDonorsYet : messages.donors.empty} />
                ) : (
                  <DonorList
                    donors={view.donors}
                    anonymous={!filtered && lastRow === view.total ? view.anonymous : null}
                    timeZone={view.timeZone}
                    caption={`Donors ${firstRow} to ${lastRow} of ${view.total}`}
                  />
                )}
                {!filtered && view.donors.length === 0 && view.anonymous.giftCount > 0 ? (
                  <p className="mt-3 text-sm text-ink-muted" data-testid="anonymous-donors-only">
                    Anonymous donors: {view.anonymous.giftCount.toLocaleString("en-US")} gifts, {formatCents(view.anonymous.totalCents)}.
                  </p>
                ) : null}
              </div>

              {view.total > view.pageSize ? (
                <nav aria-label="Donor pages" className="mt-5 flex flex-wrap items-center justify-between gap-3 text-sm">
                  <span className="text-ink-muted">
                    Showing {firstRow.toLocaleString("en-US")}–{lastRow.toLocaleString("en-US")} of {view.total.toLocaleString("en-US")}
                  </span>
                  <span className="flex gap-2">
                    {view.page > 1 ? (
                      <LinkButton href={href({ page: view.page - 1 })} variant="outline" size="sm">
                        Previous page
                      </LinkButton>
                    ) : null}
                    {lastRow < view.total ? (
                      <LinkButton href={href({ page: view.page + 1 })} variant="outline" size="sm">
                        Next page
                      </LinkButton>
                    ) : null}
                  </span>
                </nav>
              ) : null}
              <p className="mt-4 text-xs text-ink-muted">
                A gift counts only under the email or name it shared, and a donor shows only what their newest gift shared; gifts that shared neither a name nor an email are counted together as anonymous donors. The
                CSV lists the same donors with dates in UTC.
              </p>
            </Card>
          </>
        ) : null}
      </div>
    </section>
  );
}

function SegmentLink({ id, href, active, label, count, hint }: { id: string; href: string; active: boolean; label: string; count: number; hint: string }) {
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex h-full flex-col rounded-control border p-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-700",
        active ? "border-brand-700 bg-brand-50" : "border-slate-200 bg-white hover:border-slate-400",
      )}
    >
      <span className="font-semibold">{label}</span>
      <span className="text-2xl font-extrabold tabular-nums" data-testid={`segment-count-${id}`}>
        {count.toLocaleString("en-US")}
      </span>
      <span className="text-xs text-ink-muted">{hint}</span>
    </Link>
  );
}
