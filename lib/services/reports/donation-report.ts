/**
 * The Manage Donations report (spec sections 2 "Donations screen", 4, 8 and 9;
 * getDonationReports/{a}/{b} and getDonorDonations/{a}/{b} of section 7).
 *
 * - Date ranges are the organization's own calendar days: "year to date",
 *   "month to date" and a custom range from its start day to its end day (included) begin and
 *   end at local midnight in the organization's time zone (organizationTimeZone: from its
 *   state, else its ZIP code, else UTC), so a gift made at 9 PM on June 30 in Vermont is a
 *   June gift in the report even though it is July 1 in UTC. The bounds are turned into UTC
 *   instants before querying, so the index is used the same way. The table shows each time
 *   in that zone with the zone's name ("2:00 PM EST"); CSV files keep ISO 8601 timestamps in
 *   UTC (donation-csv.ts).
 * - Rows are the organization's donations inside the chosen range and fundraiser filter (and,
 *   when chosen, made on one supporter page and/or counted for one team of peer-to-peer
 *   fundraising: donations.supporter_page_id / supporter_team_id),
 *   newest first (created_at desc, id desc), read a page at a time with a keyset cursor so
 *   the first page of a 100,000-donation report costs one index range scan
 *   (donations_org_created_idx).
 * - The donor's email is read only when the donor shared it for that gift (share_email and
 *   not anonymous); otherwise it is null and never leaves the database.
 * - The total counts completed (succeeded) gifts only: failed, pending and refunded gifts
 *   are listed but received no money.
 * - Only donations are listed and counted: ticket sales (payments of ticket orders) are not
 *   gifts; their completed revenue is given beside the totals, separately.
 * - Status display (spec 4): displayDonationStatus (lib/donations/labels.ts); a failed gift
 *   shows its reason.
 * Money is integer cents; stored times are UTC.
 */
import "server-only";
import { and, desc, eq, gte, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { DIRECT_DONATION, displayDonationStatus, giftPaymentTypeLabel, tributeLine, type OfflineMethod, type PaymentMethodType, type TributeKind } from "@/lib/donations/labels";
import { messages } from "@/lib/validations/messages";
import { organizationTimeZone } from "@/lib/time/organization-time-zone";
import { DEFAULT_TIME_ZONE, nextCalendarDay, zonedCalendarDay, zonedDayStart } from "@/lib/time/zoned-time";
import { REPORT_MAX_PAGE_SIZE, REPORT_PAGE_SIZE, type ReportQuery } from "@/lib/validations/report";
import { fundraisers, donations, eventTicketOrders, organizations, payments, supporterPages, supporterTeams } from "@/models";
import { authorize } from "@/lib/auth/authorize";

/** One donation of the report, as the table, JSON and CSV see it. */
export type ReportDonation = {
  id: string;
  /** UTC ISO timestamp. */
  createdAt: string;
  /** Gift amount in cents (spec 3: amount in cents). */
  amount: Cents;
  /** Only when the donor shared it for this gift (and did not give anonymously); else null. */
  donorEmail: string | null;
  /** Null for a direct donation. */
  campaignID: string | null;
  /** Fundraiser name, or "Direct Donation". */
  fundraiser: string;
  /** Raw status (pending, requires_action, processing, succeeded, failed, refunded, canceled). */
  status: string | null;
  /** Spec 4 display text. */
  statusLabel: string;
  /** The failure reason of a failed gift; null otherwise. */
  reason: string | null;
  /** How it was paid: "Card", "PayPal"..., or "Offline: Check" for a gift the organization recorded offline (lib/donations/labels.ts). */
  paymentType: string;
  /** True for a gift the organization recorded offline (it may correct or delete it; no refund). */
  recordedOffline: boolean;
  /** "In memory of Jane Doe" for a tribute gift (lib/donations/labels.ts, tributeLine), else null. Not a CSV column. */
  tribute: string | null;
};

export type ReportTotals = {
  /** Number of donations matching the filters (all statuses). */
  count: number;
  /** Number of completed (succeeded) gifts. */
  completedCount: number;
  /** Sum of completed (succeeded) gifts, cents. */
  completedCents: Cents;
  /** Completed ticket sales in the same range (not donations, never in the sums above), cents. */
  ticketRevenueCents: Cents;
  /** Number of completed ticket payments in the same range. */
  ticketSales: number;
};

export type ReportPage = {
  donations: ReportDonation[];
  /** Opaque cursor of the next page, or null on the last page. */
  nextCursor: string | null;
};

/** Where and when a report's range is read: the organization's IANA zone and the present instant. */
export type ReportClock = { now?: Date; timeZone?: string };

/**
 * Bounds of the range of report `query` as UTC instants: from inclusive, to exclusive (null =
 * up to now). The days are the calendar days of `clock.timeZone` (the organization's; UTC when
 * not given), "today" that of `clock.now` (default the current time).
 */
export function reportRange({ query: q, clock = {} }: { query: ReportQuery; clock?: ReportClock }): { from: Date; to: Date | null } {
  const timeZone = clock.timeZone ?? DEFAULT_TIME_ZONE;
  const today = zonedCalendarDay(clock.now ?? new Date(), timeZone);
  if (q.duration !== "customRange") return { from: zonedDayStart(q.duration === "yearToDate" ? `${today.slice(0, 4)}-01-01` : `${today.slice(0, 7)}-01`, timeZone), to: null };
  return { from: zonedDayStart(q.startDate, timeZone), to: zonedDayStart(nextCalendarDay(q.endDate), timeZone) };
}

/** The IANA time zone of organization `organizationId`, read in `db`, in which its report's days begin and its times are shown. */
export async function reportTimeZone({ db, organizationId }: { db: Executor; organizationId: string }): Promise<string> {
  const [org] = await db.select({ state: organizations.state, zipcode: organizations.zipcode }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return org ? organizationTimeZone(org) : DEFAULT_TIME_ZONE;
}

export type GetReportTimeZoneOptions = { actor: Actor | null; organizationId: string };

/**
 * The time zone of the organization's reports, for pages that show its times.
 * @throws AppError(unauthenticated | forbidden) for anyone but the organization's nonprofit user.
 */
export async function getReportTimeZone({ actor, organizationId }: GetReportTimeZoneOptions): Promise<string> {
  authorize(actor, "report.view", { organizationId });
  return reportTimeZone({ db: await getDb(), organizationId });
}

export type PrepareReportOptions = {
  db: Executor;
  organizationId: string;
  query: ReportQuery;
  /** The present instant (UTC); defaults to the current time. */
  now?: Date;
};

/**
 * Check the fundraiser, supporter page and team filters of `query` and read the
 * organization's zone: what every report query needs (the clock: `now` and the IANA zone).
 * @throws AppError(not_found) as assertReportFundraiser and assertReportAttribution.
 */
export async function prepareReport({ db, organizationId, query: q, now }: PrepareReportOptions): Promise<Required<ReportClock>> {
  const [timeZone] = await Promise.all([
    reportTimeZone({ db, organizationId }),
    assertReportFundraiser({ db, organizationId, fundraiser: q.fundraiser }),
    assertReportAttribution({ db, organizationId, query: q }),
  ]);
  return { now: now ?? new Date(), timeZone };
}

export type AssertReportAttributionOptions = { db: Executor; organizationId: string; query: ReportQuery };

/**
 * Make sure the supporter page and team filters of `query`, when given, name the organization's own.
 * @throws AppError(not_found, messages.supporterPages.notFound | teamNotFound) otherwise.
 */
export async function assertReportAttribution({ db, organizationId, query: q }: AssertReportAttributionOptions): Promise<void> {
  if (q.supporterPage) {
    const [page] = await db.select({ id: supporterPages.id }).from(supporterPages).where(and(eq(supporterPages.id, q.supporterPage), eq(supporterPages.organizationId, organizationId))).limit(1);
    if (!page) throw new AppError("not_found", messages.supporterPages.notFound);
  }
  if (q.team) {
    const [team] = await db.select({ id: supporterTeams.id }).from(supporterTeams).where(and(eq(supporterTeams.id, q.team), eq(supporterTeams.organizationId, organizationId))).limit(1);
    if (!team) throw new AppError("not_found", messages.supporterPages.teamNotFound);
  }
}

export type AssertReportFundraiserOptions = {
  db: Executor;
  organizationId: string;
  /** The filter: a campaign id, "all" or "nonFundraiser" (those two always pass). */
  fundraiser: string;
};

/**
 * Make sure a `fundraiser` filter names one of the organization's campaigns.
 * @throws AppError(not_found, messages.reports.fundraiserNotFound) otherwise.
 */
export async function assertReportFundraiser({ db, organizationId, fundraiser }: AssertReportFundraiserOptions): Promise<void> {
  if (fundraiser === "all" || fundraiser === "nonFundraiser") return;
  const [found] = await db
    .select({ id: fundraisers.id })
    .from(fundraisers)
    .where(and(eq(fundraisers.id, fundraiser), eq(fundraisers.organizationId, organizationId)))
    .limit(1);
  if (!found) throw new AppError("not_found", messages.reports.fundraiserNotFound);
}

export type ReportConditionsOptions = { organizationId: string; query: ReportQuery; clock: ReportClock };

/** The WHERE conditions of a report's gifts (organization, range of `query` read on `clock`, fundraiser, supporter page, team). */
export function reportConditions({ organizationId, query: q, clock }: ReportConditionsOptions): SQL[] {
  const { from, to } = reportRange({ query: q, clock });
  // A checkout that never got the provider's answer (abandoned, or refused before payment) is
  // not a donation the organization should see.
  const where: SQL[] = [eq(donations.organizationId, organizationId), gte(donations.createdAt, from), ne(donations.status, "pending")];
  if (to) where.push(lt(donations.createdAt, to));
  if (q.fundraiser === "nonFundraiser") where.push(isNull(donations.fundraiserId));
  else if (q.fundraiser !== "all") where.push(eq(donations.fundraiserId, q.fundraiser));
  if (q.supporterPage) where.push(eq(donations.supporterPageId, q.supporterPage));
  if (q.team) where.push(eq(donations.supporterTeamId, q.team));
  return where;
}

/** The email column as the report may read it: only when shared for that gift. */
export const sharedEmailSql = sql<string | null>`case when ${donations.shareEmail} and not ${donations.anonymous} then ${donations.donorEmail} end`;

/** Columns read for a report row (plus the exact timestamp text for the keyset cursor). */
export const reportColumns = {
  id: donations.id,
  createdAt: donations.createdAt,
  cursorAt: sql<string>`${donations.createdAt}::text`,
  amount: donations.amountCents,
  donorEmail: sharedEmailSql,
  campaignID: donations.fundraiserId,
  fundraiserName: fundraisers.name,
  status: donations.status,
  failureReason: donations.failureReason,
  paymentMethodType: donations.paymentMethodType,
  offlineMethod: donations.offlineMethod,
  tributeType: donations.tributeType,
  tributeName: donations.tributeName,
};

type RawRow = {
  id: string;
  createdAt: Date;
  cursorAt: string;
  amount: number;
  donorEmail: string | null;
  campaignID: string | null;
  fundraiserName: string | null;
  status: string | null;
  failureReason: string | null;
  paymentMethodType: PaymentMethodType;
  offlineMethod: OfflineMethod | null;
  tributeType: TributeKind | null;
  tributeName: string | null;
};

/** Shape a database row for callers. */
export function toReportDonation(r: RawRow): ReportDonation {
  return {
    id: r.id,
    createdAt: new Date(r.createdAt).toISOString(),
    amount: Number(r.amount),
    donorEmail: r.donorEmail ?? null,
    campaignID: r.campaignID,
    fundraiser: r.campaignID ? (r.fundraiserName ?? DIRECT_DONATION) : DIRECT_DONATION,
    status: r.status,
    statusLabel: displayDonationStatus(r.status),
    reason: r.status === "failed" ? (r.failureReason ?? null) : null,
    paymentType: giftPaymentTypeLabel(r),
    recordedOffline: r.offlineMethod !== null,
    tribute: tributeLine(r),
  };
}

/** Encode the position after `row` (exact timestamp text and id). */
export function encodeCursor(row: { cursorAt: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.cursorAt, row.id]), "utf8").toString("base64url");
}

/** @throws AppError(bad_request, messages.reports.cursorInvalid) for a cursor we did not make. */
export function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === "string" && typeof parsed[1] === "string") {
      const [at, id] = parsed as [string, string];
      if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(at) && /^[A-Za-z0-9_-]{1,64}$/.test(id)) return { at, id };
    }
  } catch {
    // fall through
  }
  throw new AppError("bad_request", messages.reports.cursorInvalid);
}

export type ReadReportRowsOptions = {
  db: Executor;
  organizationId: string;
  query: ReportQuery;
  /** Read after this position (exclusive); from the newest when absent. */
  cursor?: { at: string; id: string } | null;
  /** Rows to read (1..10,000). */
  limit: number;
  /** Only succeeded gifts. */
  completedOnly?: boolean;
  clock: ReportClock;
};

/** Read report rows after `cursor` (exclusive), newest first, at most `limit` (1..10,000). Internal: callers check access. */
export async function readReportRows({ db, organizationId, query: q, cursor, limit, completedOnly, clock }: ReadReportRowsOptions): Promise<RawRow[]> {
  const where = reportConditions({ organizationId, query: q, clock });
  if (completedOnly) where.push(eq(donations.status, "succeeded"));
  if (cursor) where.push(sql`(${donations.createdAt}, ${donations.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  const rows = await db
    .select(reportColumns)
    .from(donations)
    .leftJoin(fundraisers, eq(fundraisers.id, donations.fundraiserId))
    .where(and(...where))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(Math.min(Math.max(limit, 1), 10_000));
  return rows as RawRow[];
}

/**
 * The call shape of the report services: who asks, for which organization, with which
 * filters (lib/validations/report.ts); `now` (UTC instant) fixes "today" for tests.
 */
export type ReportRequest = { actor: Actor | null; organizationId: string; query: ReportQuery; now?: Date };

/** A report page's request: the report's, with the page's position and size. */
export type GetDonationReportPageOptions = ReportRequest & {
  /** The nextCursor of the previous page; the first page when absent. */
  cursor?: string | null;
  /** Rows on the page, 1..200 (default 50). */
  limit?: number;
};

/**
 * One page of the report (getDonationReports/{a}/{b}; the /manage-pay table).
 * @param options.cursor the nextCursor of the previous page; options.limit 1..200 (default 50);
 *   options.now (UTC instant) fixes "today".
 * @throws AppError(unauthenticated | forbidden) for anyone but the organization's nonprofit
 *   user; AppError(not_found) for a fundraiser of another organization; AppError(bad_request)
 *   for a bad cursor.
 */
export async function getDonationReportPage({ actor, organizationId, query: q, cursor: after, limit: pageSize, now }: GetDonationReportPageOptions): Promise<ReportPage> {
  authorize(actor, "report.view", { organizationId });
  const limit = Math.min(Math.max(Math.trunc(pageSize ?? REPORT_PAGE_SIZE), 1), REPORT_MAX_PAGE_SIZE);
  const cursor = after ? decodeCursor(after) : null;
  const db = await getDb();
  const clock = await prepareReport({ db, organizationId, query: q, now });
  const rows = await readReportRows({ db, organizationId, query: q, cursor, limit: limit + 1, clock });
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { donations: shown.map(toReportDonation), nextCursor: more ? encodeCursor(shown[shown.length - 1]!) : null };
}

/**
 * Totals of the report: every matching donation counted, and the completed gifts summed.
 * @throws as getDonationReportPage.
 */
export async function getDonationReportTotals({ actor, organizationId, query: q, now }: ReportRequest): Promise<ReportTotals> {
  authorize(actor, "report.view", { organizationId });
  const db = await getDb();
  const clock = await prepareReport({ db, organizationId, query: q, now });
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      completedCount: sql<string>`count(*) filter (where ${donations.status} = 'succeeded')`,
      completedCents: sql<string>`coalesce(sum(${donations.amountCents}) filter (where ${donations.status} = 'succeeded'), 0)`,
    })
    .from(donations)
    .where(and(...reportConditions({ organizationId, query: q, clock })));
  const tickets = await ticketSalesTotals({ db, organizationId, query: q, clock });
  return {
    count: Number(row?.count ?? 0),
    completedCount: Number(row?.completedCount ?? 0),
    completedCents: Number(row?.completedCents ?? 0),
    ticketRevenueCents: tickets.cents,
    ticketSales: tickets.count,
  };
}

export type TicketSalesTotalsOptions = { db: Executor; organizationId: string; query: ReportQuery; clock: ReportClock };

/**
 * The organization's succeeded ticket sales in the range of `query` (read on `clock`): how many
 * payments and their amount in cents. Sales are shown apart from gifts (IRS Publication 1771)
 * and belong to no fundraiser, supporter page or team, so a report of one of those has none.
 */
export async function ticketSalesTotals({ db, organizationId, query: q, clock }: TicketSalesTotalsOptions): Promise<{ count: number; cents: number }> {
  if ((q.fundraiser !== "all" && q.fundraiser !== "nonFundraiser") || q.supporterPage || q.team) return { count: 0, cents: 0 };
  const { from, to } = reportRange({ query: q, clock });
  const where: SQL[] = [eq(payments.organizationId, organizationId), eq(payments.status, "succeeded"), gte(payments.createdAt, from)];
  if (to) where.push(lt(payments.createdAt, to));
  const [row] = await db
    .select({ count: sql<string>`count(*)`, cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .innerJoin(eventTicketOrders, eq(eventTicketOrders.paymentId, payments.id))
    .where(and(...where));
  return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
}

export type ListReportFundraisersOptions = { actor: Actor | null; organizationId: string };

/** Campaigns of the organization for the fundraiser filter, newest first. @throws as getDonationReportPage. */
export async function listReportFundraisers({ actor, organizationId }: ListReportFundraisersOptions): Promise<{ id: string; name: string }[]> {
  authorize(actor, "report.view", { organizationId });
  const db = await getDb();
  return db
    .select({ id: fundraisers.id, name: fundraisers.name })
    .from(fundraisers)
    .where(eq(fundraisers.organizationId, organizationId))
    .orderBy(desc(fundraisers.createdAt))
    .limit(500);
}

/** The organization's supporter pages and teams, for the report's peer-to-peer filters. */
export type ReportSupporterChoices = {
  pages: { id: string; title: string; fundraiser: string }[];
  teams: { id: string; name: string; fundraiser: string }[];
};

/**
 * The organization's supporter pages and teams (every state: it sees its own), by fundraiser
 * then name, at most 500 of each, for the report's filters. Never a supporter's email.
 * @throws as getDonationReportPage.
 */
export async function listReportSupporterChoices({ actor, organizationId }: ListReportFundraisersOptions): Promise<ReportSupporterChoices> {
  authorize(actor, "report.view", { organizationId });
  const db = await getDb();
  const [pages, teams] = await Promise.all([
    db
      .select({ id: supporterPages.id, title: supporterPages.title, fundraiser: fundraisers.name })
      .from(supporterPages)
      .innerJoin(fundraisers, eq(fundraisers.id, supporterPages.fundraiserId))
      .where(eq(supporterPages.organizationId, organizationId))
      .orderBy(fundraisers.name, supporterPages.title, supporterPages.id)
      .limit(500),
    db
      .select({ id: supporterTeams.id, name: supporterTeams.name, fundraiser: fundraisers.name })
      .from(supporterTeams)
      .innerJoin(fundraisers, eq(fundraisers.id, supporterTeams.fundraiserId))
      .where(eq(supporterTeams.organizationId, organizationId))
      .orderBy(fundraisers.name, supporterTeams.name, supporterTeams.id)
      .limit(500),
  ]);
  return { pages, teams };
}

/**
 * getDonorDonations/{a}/{b}: the gifts of one donor to this organization, newest first, at
 * most 500. `donor` is the donor's user id, or an email address; an email matches only gifts
 * where the donor shared that email, so a lookup never reveals a donor who did not share it.
 * Anonymous gifts are never listed (listing them under a donor would reveal who gave).
 * @throws as getDonationReportPage.
 */
export async function getDonorDonations({ actor, organizationId, donor }: { actor: Actor | null; organizationId: string; donor: string }): Promise<ReportDonation[]> {
  authorize(actor, "report.view", { organizationId });
  const key = donor.trim();
  if (!key || key.length > 320) throw new AppError("not_found", messages.reports.donorNotFound);
  const db = await getDb();
  const byDonor = key.includes("@")
    ? and(eq(donations.shareEmail, true), sql`lower(${donations.donorEmail}) = lower(${key})`)
    : eq(donations.donorUserId, key);
  const rows = await db
    .select(reportColumns)
    .from(donations)
    .leftJoin(fundraisers, eq(fundraisers.id, donations.fundraiserId))
    .where(and(eq(donations.organizationId, organizationId), eq(donations.anonymous, false), byDonor))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(500);
  return (rows as RawRow[]).map(toReportDonation);
}
