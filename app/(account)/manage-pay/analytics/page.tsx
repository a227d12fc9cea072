import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { AnalyticsCharts } from "@/components/reports/analytics-charts";
import { ManagePayNav } from "@/components/reports/manage-pay-nav";
import { ReportFilters } from "@/components/reports/report-filters";
import { reportQueryString, resolveReportFilters, type SearchParams } from "@/components/reports/resolve-filters";
import { requireUserPage } from "@/lib/http/session";
import { isAppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { formatCents } from "@/lib/money";
import { getDonationAnalytics, type DonationAnalytics } from "@/lib/services/reports/analytics";
import { getReportTimeZone, listReportFundraisers, listReportSupporterChoices } from "@/lib/services/reports/donation-report";
import { DEFAULT_TIME_ZONE, timeZoneLabel } from "@/lib/time/zoned-time";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Donation analytics" };
export const dynamic = "force-dynamic";

/**
 * /manage-pay/analytics — donation analytics of the signed-in nonprofit's organization for the
 * report filters in the URL (supporter page and team included): completed gifts per month, by fundraiser, new versus returning
 * donors, average gift and recurring revenue (charts with data tables). Months and days are
 * the organization's own, in its time zone (named on the page).
 */
export default async function ManagePayAnalyticsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireUserPage("/manage-pay/analytics", "nonprofit");
  const organizationId = actor.organizationId;
  const { query, error, values } = resolveReportFilters(await searchParams);
  if (!organizationId) {
    return (
      <section className="mx-auto w-full max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight">Donation analytics</h1>
        <Alert variant="warning" className="mt-6">
          Your account is not linked to an organization yet.
        </Alert>
      </section>
    );
  }
  const [fundraisers, timeZone, supporters] = await Promise.all([
    listReportFundraisers({ actor, organizationId }).catch(() => []),
    getReportTimeZone({ actor, organizationId }).catch(() => DEFAULT_TIME_ZONE),
    listReportSupporterChoices({ actor, organizationId }).catch(() => ({ pages: [], teams: [] })),
  ]);
  const zoneLabel = timeZoneLabel(timeZone);
  let data: DonationAnalytics | null = null;
  let fetchError: string | null = null;
  if (query) {
    try {
      data = await getDonationAnalytics({ actor, organizationId, query });
    } catch (e) {
      if (isAppError(e) && (e.status === 400 || e.status === 404)) fetchError = e.message;
      else {
        logger.error("donation analytics failed", { name: (e as Error)?.name });
        fetchError = messages.reports.analyticsFailed;
      }
    }
  }
  const stats = data
    ? [
        { label: "Completed gifts", value: data.totals.gifts.toLocaleString("en-US") },
        { label: "Dollars received", value: formatCents(data.totals.cents) },
        { label: "Average gift", value: formatCents(data.totals.averageGiftCents) },
        { label: "Donors (new / returning)", value: `${data.totals.donors.toLocaleString("en-US")} (${data.totals.newDonors} / ${data.totals.returningDonors})` },
        { label: "Recurring revenue", value: formatCents(data.totals.recurringCents) },
        { label: "Active monthly gifts", value: `${data.activeRecurring.count} · ${formatCents(data.activeRecurring.monthlyCents)}/month` },
        { label: "Ticket sales (not donations)", value: `${formatCents(data.ticketRevenue.cents)} · ${data.ticketRevenue.sales.toLocaleString("en-US")} orders` },
      ]
    : [];

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Donation analytics</h1>
          <p className="mt-1 text-ink-muted" data-testid="analytics-time-zone">
            Completed gifts to your organization, by month. Months and days are in your organization&apos;s time zone: {zoneLabel}.
          </p>
        </div>
        <LinkButton href="/dashboard" variant="ghost" size="sm">
          Back to your dashboard
        </LinkButton>
      </div>
      <div className="mt-6 space-y-6">
        <ManagePayNav current="/manage-pay/analytics" query={query ? reportQueryString(query) : undefined} />
        <Card as="section" aria-labelledby="analytics-filters-title">
          <h2 id="analytics-filters-title" className="mb-4 text-lg font-bold">
            Filters
          </h2>
          <ReportFilters key={JSON.stringify(values)} initial={values} fundraisers={fundraisers} zoneLabel={zoneLabel} supporters={supporters} />
        </Card>
        <div className="space-y-6">
          {error ? <Alert variant="error">{error}</Alert> : null}
          {fetchError ? <Alert variant="error">{fetchError}</Alert> : null}
          {data ? (
            <>
              <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {stats.map((s) => (
                  <Card key={s.label} padding="sm">
                    <dt className="text-sm text-ink-muted">{s.label}</dt>
                    <dd className="mt-1 text-xl font-bold tabular-nums">{s.value}</dd>
                  </Card>
                ))}
              </dl>
              {data.totals.gifts === 0 ? <EmptyState title={messages.report.empty} /> : <AnalyticsCharts data={data} />}
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
