import type { Metadata } from "next";
import { Download } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { buttonClasses, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DonationTable } from "@/components/reports/donation-table";
import { EmailReportButton } from "@/components/reports/email-report-button";
import { ManagePayNav } from "@/components/reports/manage-pay-nav";
import { OfflineGiftButton } from "@/components/reports/offline-gift-dialog";
import { RefundNotices } from "@/components/reports/refund-button";
import { PaymentsPanel } from "@/components/reports/payments-panel";
import { ReportFilters } from "@/components/reports/report-filters";
import { firstParam, reportQueryString, resolveReportFilters, type SearchParams } from "@/components/reports/resolve-filters";
import { requireUserPage } from "@/lib/http/session";
import { isAppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { formatCents } from "@/lib/money";
import { getDonationReportPage, getDonationReportTotals, getReportTimeZone, listReportFundraisers, listReportSupporterChoices, type ReportPage, type ReportTotals } from "@/lib/services/reports/donation-report";
import { DEFAULT_TIME_ZONE, timeZoneLabel } from "@/lib/time/zoned-time";
import { messages } from "@/lib/validations/messages";
import { REPORT_PAGE_SIZE } from "@/lib/validations/report";

export const metadata: Metadata = { title: "Manage Donations" };
export const dynamic = "force-dynamic";

/**
 * /manage-pay — Manage Donations (spec section 2 "Donations screen", 4, 8, 9): report filters in
 * the URL (duration, fundraiser, startDate, endDate, and supporterPage and team for peer-to-peer
 * gifts; cursor and page for paging), the
 * transaction table 50 rows a page (keyset paging, newest first), the total of completed gifts,
 * the CSV download and the "Email report" button, the payment account's status, and a Refund
 * action on each completed donation (through the payment provider), and recording a gift
 * received offline (cash, check, DAF grant, stock, in-kind) with its receipt and Delete. Days and
 * times are the organization's (its time zone, named on the page); the CSV keeps UTC timestamps.
 * Signed-in nonprofit users only; the report is always the user's own organization's.
 */
export default async function ManagePayPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireUserPage("/manage-pay", "nonprofit");
  const organizationId = actor.organizationId;
  const sp = await searchParams;
  const { query, error, values } = resolveReportFilters(sp);
  const cursor = firstParam(sp, "cursor") ?? null;
  const pageNumber = Math.max(1, Math.min(100_000, Number.parseInt(firstParam(sp, "page") ?? "1", 10) || 1));

  if (!organizationId) {
    return (
      <section className="mx-auto w-full max-w-5xl px-4 py-10">
        <h1 className="text-3xl font-extrabold tracking-tight">Manage Donations</h1>
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
  let report: { page: ReportPage; totals: ReportTotals } | null = null;
  let fetchError: string | null = null;
  if (query) {
    try {
      const [page, totals] = await Promise.all([
        getDonationReportPage({ actor, organizationId, query, cursor, limit: REPORT_PAGE_SIZE }),
        getDonationReportTotals({ actor, organizationId, query }),
      ]);
      report = { page, totals };
    } catch (e) {
      if (isAppError(e) && (e.status === 400 || e.status === 404)) fetchError = e.message;
      else {
        logger.error("donation report failed", { name: (e as Error)?.name });
        fetchError = messages.report.fetchFailed;
      }
    }
  }

  const qs = query ? reportQueryString(query) : "";
  const firstRow = (pageNumber - 1) * REPORT_PAGE_SIZE + 1;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Manage Donations</h1>
          <p className="mt-1 text-ink-muted" data-testid="report-time-zone">
            Reports of the donations to your organization. Days and times are in your organization&apos;s time zone: {zoneLabel}.
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <OfflineGiftButton organizationId={organizationId} fundraisers={fundraisers} timeZone={timeZone} />
          <LinkButton href="/dashboard" variant="ghost" size="sm">
            Back to your dashboard
          </LinkButton>
        </div>
      </div>

      <div className="mt-6 space-y-6">
        <ManagePayNav current="/manage-pay" query={qs || undefined} />
        <PaymentsPanel actor={actor} organizationId={organizationId} timeZone={timeZone} />

        <Card as="section" aria-labelledby="report-filters-title">
          <h2 id="report-filters-title" className="mb-4 text-lg font-bold">
            Report filters
          </h2>
          <ReportFilters key={JSON.stringify(values)} initial={values} fundraisers={fundraisers} zoneLabel={zoneLabel} supporters={supporters} />
        </Card>

        <div className="space-y-6">
          {error ? <Alert variant="error">{error}</Alert> : null}
          {fetchError ? <Alert variant="error">{fetchError}</Alert> : null}

          {report && query ? (
            <Card as="section" aria-labelledby="report-title" className="min-w-0">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div>
                  <h2 id="report-title" className="text-lg font-bold">
                    Transactions
                  </h2>
                  <p role="status" className="mt-1 text-sm text-ink-muted" data-testid="report-count">
                    {report.totals.count.toLocaleString("en-US")} donation{report.totals.count === 1 ? "" : "s"} match these filters.
                  </p>
                </div>
                <div className="text-right">
                  <p className="text-sm text-ink-muted" id="report-total-label">
                    Total received (completed gifts only)
                  </p>
                  <p className="text-2xl font-extrabold tabular-nums" aria-labelledby="report-total-label" data-testid="report-total">
                    {formatCents(report.totals.completedCents)}
                  </p>
                  <p className="text-xs text-ink-muted">
                    {report.totals.completedCount.toLocaleString("en-US")} completed gift{report.totals.completedCount === 1 ? "" : "s"}
                  </p>
                  {report.totals.ticketSales > 0 ? (
                    <p className="mt-1 text-xs text-ink-muted" data-testid="report-ticket-revenue">
                      Ticket sales, not donations and not in this total: {formatCents(report.totals.ticketRevenueCents)} ({report.totals.ticketSales.toLocaleString("en-US")} order
                      {report.totals.ticketSales === 1 ? "" : "s"})
                    </p>
                  ) : null}
                </div>
              </div>

              {report.totals.count > 0 ? (
                <div className="mt-4 flex flex-wrap items-start gap-3">
                  <a href={`/api/reports/donations.csv?${qs}`} download className={buttonClasses({ variant: "primary" })}>
                    <Download className="size-4" aria-hidden="true" />
                    Download CSV
                  </a>
                  <EmailReportButton filters={query} />
                  <p className="basis-full text-xs text-ink-muted">
                    The CSV and the emailed report list completed gifts with the columns Date, Donor Email, Fundraiser and Amount USD. Dates in the CSV are
                    ISO 8601 timestamps in UTC. Donor emails appear only when the donor chose to share them.
                  </p>
                </div>
              ) : null}

              <div className="mt-5">
                {report.page.donations.length === 0 ? (
                  <EmptyState title={messages.report.empty} />
                ) : (
                  <RefundNotices>
                    <DonationTable donations={report.page.donations} timeZone={timeZone} editing={{ organizationId, fundraisers, timeZone }} caption={`Donations ${firstRow} to ${firstRow + report.page.donations.length - 1}, newest first`} />
                  </RefundNotices>
                )}
              </div>

              {cursor || report.page.nextCursor ? (
                <nav aria-label="Report pages" className="mt-5 flex flex-wrap items-center justify-between gap-3 text-sm">
                  <span className="text-ink-muted">
                    Showing {firstRow.toLocaleString("en-US")}–{(firstRow + report.page.donations.length - 1).toLocaleString("en-US")} of{" "}
                    {report.totals.count.toLocaleString("en-US")}
                  </span>
                  <span className="flex gap-2">
                    {cursor ? (
                      <LinkButton href={`/manage-pay?${qs}`} variant="outline" size="sm">
                        First page
                      </LinkButton>
                    ) : null}
                    {report.page.nextCursor ? (
                      <LinkButton href={`/manage-pay?${reportQueryString(query, { cursor: report.page.nextCursor, page: String(pageNumber + 1) })}`} variant="outline" size="sm">
                        Next page
                      </LinkButton>
                    ) : null}
                  </span>
                </nav>
              ) : null}
            </Card>
          ) : null}
        </div>
      </div>
    </section>
  );
}
