/**
 * The report as CSV (spec section 9: "CSV download named as a donation report, columns Date,
 * Donor Email, Fundraiser, Amount USD"), and the emailDonorReport call that sends it as an
 * attachment.
 *
 * - Exactly four columns: Date (the gift's ISO 8601 timestamp in UTC, "2026-06-30T23:15:00Z",
 *   whatever the organization's zone: the rows are those of the report's local days, see
 *   donation-report.ts), Donor Email (blank unless the donor
 *   shared it for that gift), Fundraiser (name or "Direct Donation"), Amount USD (dollars
 *   with two decimals, no symbol).
 * - Completed (succeeded) gifts only: the file has no status column, so a failed or pending
 *   charge would read as money received. The on-screen total counts the same gifts.
 * - Streamed: rows are read in keyset batches (newest first, at most 10,000 rows held at a
 *   time) and written one by one through csv-stringify with back-pressure, so memory stays
 *   flat for 100,000 rows. Cells that start
 *   like a spreadsheet formula are escaped (escape_formulas).
 */
import "server-only";
import type { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { centsToDecimalString, formatCents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import type { ReportQuery } from "@/lib/validations/report";
import { fundraisers, donations, organizations, supporterPages, supporterTeams, users } from "@/models";
import { authorize } from "@/lib/auth/authorize";
import { rowsOf } from "@/lib/db/rows";
import { timeZoneLabel, zonedCalendarDay } from "@/lib/time/zoned-time";
import { DIRECT_DONATION } from "@/lib/donations/labels";
import { getDonationReportTotals, prepareReport, reportConditions, reportRange, sharedEmailSql, type ReportClock, type ReportRequest } from "./donation-report";

/** The CSV header, in order (spec 9). */
export const REPORT_CSV_COLUMNS = ["Date", "Donor Email", "Fundraiser", "Amount USD"] as const;

/** The largest report sent by email (bigger reports are downloaded instead). */
export const EMAIL_REPORT_MAX_ROWS = 50_000;

/**
 * csv-stringify options of every CSV a person downloads: a cell starting with = + - @ (or tab,
 * carriage return) is prefixed with a quote so that spreadsheets do not run it as a formula
 * (OWASP "CSV Injection").
 */
export const SAFE_CSV_OPTIONS = { escape_formulas: true } as const;

/** "donation-report-2026-11-22.csv" for the UTC day `now`. */
export function reportCsvFilename(now: Date = new Date()): string {
  return `donation-report-${now.toISOString().slice(0, 10)}.csv`;
}

type CsvBatch = { records: string[][]; last: { at: string; id: string } | null; size: number };

/**
 * Read one batch of CSV records (completed gifts, newest first, after `cursor`). The batch
 * comes back from the database as one JSON array, which is much cheaper to move out of the
 * database driver than thousands of row objects. Internal: callers check access.
 */
async function readCsvBatch(db: Executor, organizationId: string, q: ReportQuery, cursor: { at: string; id: string } | null, limit: number, clock: ReportClock): Promise<CsvBatch> {
  const where = [...reportConditions({ organizationId, query: q, clock }), eq(donations.status, "succeeded")];
  if (cursor) where.push(sql`(${donations.createdAt}, ${donations.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  const result = await db.execute(sql`select coalesce(json_agg(json_build_array(x.day, x.email, x.fundraiser, x.amount, x.at, x.id))::text, '[]') as j from (
      select to_char(${donations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as day,
             ${sharedEmailSql} as email,
             case when ${donations.fundraiserId} is null then ${DIRECT_DONATION} else coalesce(${fundraisers.name}, ${DIRECT_DONATION}) end as fundraiser,
             ${donations.amountCents} as amount,
             ${donations.createdAt}::text as at,
             ${donations.id} as id
        from ${donations} left join ${fundraisers} on ${fundraisers.id} = ${donations.fundraiserId}
       where ${and(...where)}
       order by ${donations.createdAt} desc, ${donations.id} desc
       limit ${limit}
    ) x`);
  const [row] = rowsOf(result) as { j: string }[];
  const rows = JSON.parse(row?.j ?? "[]") as [string, string | null, string, number | string, string, string][];
  const records = rows.map((r) => [r[0], r[1] ?? "", r[2], centsToDecimalString(Number(r[3]))]);
  const tail = rows[rows.length - 1];
  return { records, last: tail ? { at: tail[4], id: tail[5] } : null, size: rows.length };
}

export type ReportCsvBatchesOptions = {
  db: Executor;
  organizationId: string;
  query: ReportQuery;
  clock: ReportClock;
  /** Records per database batch after the first (at least 1; default 10,000). */
  batchSize?: number;
};

/**
 * The CSV records of a report (no header), newest first, one array per database batch: a
 * small first batch so the first byte goes out quickly, then larger ones of `batchSize`; the
 * next batch is read while the current one is written. Internal: callers check access.
 */
export async function* reportCsvBatches({ db, organizationId, query: q, clock, batchSize }: ReportCsvBatchesOptions): AsyncGenerator<string[][]> {
  const batch = Math.max(1, batchSize ?? 10_000);
  let size = Math.min(1_000, batch);
  let pending: Promise<CsvBatch> | null = readCsvBatch(db, organizationId, q, null, size, clock);
  while (pending) {
    const current: CsvBatch = await pending;
    const requested = size;
    size = batch;
    pending = current.size === requested && current.last ? readCsvBatch(db, organizationId, q, current.last, size, clock) : null;
    if (current.records.length) yield current.records;
  }
}

/**
 * A Node stream of CSV text (header first) written record by record through csv-stringify,
 * waiting for the reader when its buffer is full. A failure of the source destroys the stream.
 */
export function csvStream(batches: AsyncIterable<string[][]>): Readable {
  const out = stringify({ header: true, columns: [...REPORT_CSV_COLUMNS], ...SAFE_CSV_OPTIONS });
  const waitForReader = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off("drain", done);
        out.off("close", done);
        resolve();
      };
      out.on("drain", done);
      out.on("close", done);
    });
  void (async () => {
    try {
      for await (const records of batches) {
        for (const record of records) {
          if (out.destroyed) return;
          if (!out.write(record)) await waitForReader();
        }
      }
      if (!out.destroyed) out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/**
 * The report as a CSV stream for a download (GET /api/reports/donations.csv), with the same
 * filters as the table (supporter page and team included) and the same four columns.
 * Access and the fundraiser, supporter page and team filters are checked before the stream starts.
 * @throws AppError(unauthenticated | forbidden | not_found) as getDonationReportPage.
 */
export async function openDonationReportCsv({ actor, organizationId, query: q, now, batchSize }: ReportRequest & { batchSize?: number }): Promise<{ filename: string; stream: Readable }> {
  authorize(actor, "report.view", { organizationId });
  const db = await getDb();
  const clock = await prepareReport({ db, organizationId, query: q, now });
  return { filename: reportCsvFilename(now), stream: csvStream(reportCsvBatches({ db, organizationId, query: q, clock, batchSize })) };
}

/** Read a whole stream into one Buffer. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** "2026-01-01 to 2026-06-15 (days in Eastern Time), Winter Meals". */
function describeQuery(q: ReportQuery, fundraiserName: string, clock: Required<ReportClock>): string {
  const first = zonedCalendarDay(reportRange({ query: q, clock }).from, clock.timeZone);
  const last = q.duration === "customRange" ? q.endDate : zonedCalendarDay(clock.now, clock.timeZone);
  return `${first} to ${last} (days in ${timeZoneLabel(clock.timeZone)}), ${fundraiserName}`;
}

/**
 * emailDonorReport: queue an email to the signed-in nonprofit account's email address with
 * the report's CSV attached (completed gifts, the same file as the download).
 * @returns the recipient and the number of gifts in the file.
 * @throws AppError(unauthenticated | forbidden | not_found) as getDonationReportPage;
 *   AppError(validation) when the report has more than EMAIL_REPORT_MAX_ROWS gifts or the
 *   account has no email address.
 */
export async function emailDonorReport({ actor, organizationId, query: q, now }: ReportRequest): Promise<{ to: string; rows: number }> {
  authorize(actor, "report.view", { organizationId });
  const totals = await getDonationReportTotals({ actor, organizationId, query: q, now });
  if (totals.completedCount > EMAIL_REPORT_MAX_ROWS) {
    throw new AppError("validation", messages.reports.tooManyRowsForEmail(EMAIL_REPORT_MAX_ROWS.toLocaleString("en-US")));
  }
  const db = await getDb();
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  const to = account?.email ?? actor.email;
  if (!to) throw new AppError("validation", messages.reports.noRecipient);
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  const clock = await prepareReport({ db, organizationId, query: q, now });
  let fundraiserName = q.fundraiser === "all" ? "all fundraisers and direct donations" : q.fundraiser === "nonFundraiser" ? "direct donations" : "one fundraiser";
  if (q.fundraiser !== "all" && q.fundraiser !== "nonFundraiser") {
    const [c] = await db.select({ name: fundraisers.name }).from(fundraisers).where(eq(fundraisers.id, q.fundraiser)).limit(1);
    if (c) fundraiserName = c.name;
  }
  // The peer-to-peer filters are named in the email too (prepareReport checked they are the organization's).
  if (q.supporterPage) {
    const [p] = await db.select({ title: supporterPages.title }).from(supporterPages).where(eq(supporterPages.id, q.supporterPage)).limit(1);
    if (p) fundraiserName += `, supporter page “${p.title}”`;
  }
  if (q.team) {
    const [t] = await db.select({ name: supporterTeams.name }).from(supporterTeams).where(eq(supporterTeams.id, q.team)).limit(1);
    if (t) fundraiserName += `, team “${t.name}”`;
  }
  const { filename, stream } = await openDonationReportCsv({ actor, organizationId, query: q, now: clock.now });
  const csv = await collect(stream);
  const scope = describeQuery(q, fundraiserName, clock);
  const tickets = totals.ticketSales > 0 ? `; ticket sales (not donations, not in the file): ${formatCents(totals.ticketRevenueCents)}` : "";
  const summary = `${totals.completedCount} completed gift${totals.completedCount === 1 ? "" : "s"} totalling ${formatCents(totals.completedCents)}${tickets}`;
  await enqueueMail({
    to,
    subject: `Donation report for ${org?.name ?? "your organization"}`,
    text: `Hello,\n\nAttached is the donation report of ${org?.name ?? "your organization"} for ${scope}: ${summary}.\n\nDonor emails appear only where the donor chose to share them.\n\nGivebridge`,
    attachments: [{ filename, contentType: "text/csv", contentBase64: csv.toString("base64") }],
  });
  return { to, rows: totals.completedCount };
}
