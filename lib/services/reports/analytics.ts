/**
 * Donation analytics for the organization (spec section 1: "donation analytics"): completed
 * (succeeded) gifts of the report's range and fundraiser filter (and supporter page and team
 * filters, when chosen), aggregated in SQL —
 * gifts and dollars per month (calendar months of the organization's time zone, like the
 * report's days: donation-report.ts), per fundraiser, new versus returning donors per month,
 * the average gift, and recurring revenue (gifts charged from a monthly recurring gift, plus
 * the monthly amount of the recurring gifts still active). Money is integer cents.
 *
 * A donor is identified by their account, else by the email given with the gift, else the
 * gift stands alone; this key is used only for counting and never returned. A donor is "new"
 * in the month of their first completed gift to the organization (over all time) and
 * "returning" in any later month they give.
 */
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import { rowsOf } from "@/lib/db/rows";
import { recurringGifts } from "@/models";
import { authorize } from "@/lib/auth/authorize";
import { DIRECT_DONATION } from "@/lib/donations/labels";
import { prepareReport, reportRange, ticketSalesTotals, type ReportRequest } from "./donation-report";

export type MonthlyFigures = {
  /** Calendar month in the organization's time zone, "YYYY-MM". */
  month: string;
  gifts: number;
  cents: Cents;
  newDonors: number;
  returningDonors: number;
  /** Completed gifts charged from a recurring gift, cents. */
  recurringCents: Cents;
};

export type FundraiserFigures = { campaignId: string | null; name: string; gifts: number; cents: Cents };

export type DonationAnalytics = {
  /** The organization's IANA time zone: months and the range's days are its own. */
  timeZone: string;
  months: MonthlyFigures[];
  byFundraiser: FundraiserFigures[];
  totals: { gifts: number; cents: Cents; averageGiftCents: Cents; donors: number; newDonors: number; returningDonors: number; recurringCents: Cents };
  /** Recurring gifts active now (not limited to the range or fundraiser filter's dates). */
  activeRecurring: { count: number; monthlyCents: Cents };
  /** Completed ticket sales of the range: revenue, not donations, never in the figures above. */
  ticketRevenue: { sales: number; cents: Cents };
};

const num = (v: unknown): number => Number(v ?? 0);

/**
 * Analytics of the organization for the report filters.
 * @throws AppError(unauthenticated | forbidden) for anyone but the organization's nonprofit
 *   user; AppError(not_found) for a fundraiser of another organization.
 */
export async function getDonationAnalytics({ actor, organizationId, query: q, now }: ReportRequest): Promise<DonationAnalytics> {
  authorize(actor, "report.view", { organizationId });
  const db = await getDb();
  const clock = await prepareReport({ db, organizationId, query: q, now });
  const { from, to } = reportRange({ query: q, clock });
  const fundraiser =
    q.fundraiser === "all" ? sql`true` : q.fundraiser === "nonFundraiser" ? sql`g.campaign_id is null` : sql`g.campaign_id = ${q.fundraiser}`;
  const attribution = sql.join([sql`true`, ...(q.supporterPage ? [sql`g.supporter_page_id = ${q.supporterPage}`] : []), ...(q.team ? [sql`g.supporter_team_id = ${q.team}`] : [])], sql` and `);
  const range = to ? sql`g.created_at >= ${from.toISOString()}::timestamptz and g.created_at < ${to.toISOString()}::timestamptz` : sql`g.created_at >= ${from.toISOString()}::timestamptz`;

  const base = sql`with gifts as (
      select d.created_at, d.amount_cents, d.campaign_id, d.recurring_gift_id, d.supporter_page_id, d.supporter_team_id,
             coalesce('u:' || d.donor_user_id, 'e:' || lower(d.donor_email), 'g:' || d.id) as donor_key
        from donations d
       where d.organization_id = ${organizationId} and d.status = 'succeeded'
    ), firsts as (
      select donor_key, min(created_at) as first_at from gifts group by donor_key
    ), chosen as (
      select g.*, date_trunc('month', g.created_at at time zone ${clock.timeZone}) as month,
             date_trunc('month', f.first_at at time zone ${clock.timeZone}) as first_month
        from gifts g join firsts f using (donor_key)
       where ${range} and ${fundraiser} and ${attribution}
    )`;

  const [monthly, byFundraiser, totals, recurring, tickets] = await Promise.all([
    db.execute(sql`${base}
      select to_char(month, 'YYYY-MM') as month, count(*) as gifts, coalesce(sum(amount_cents), 0) as cents,
             count(distinct donor_key) filter (where first_month = month) as new_donors,
             count(distinct donor_key) filter (where first_month < month) as returning_donors,
             coalesce(sum(amount_cents) filter (where recurring_gift_id is not null), 0) as recurring_cents
        from chosen group by month order by month`),
    db.execute(sql`${base}
      select c.campaign_id, coalesce(p.name, ${DIRECT_DONATION}) as name, count(*) as gifts, coalesce(sum(c.amount_cents), 0) as cents
        from chosen c left join campaigns p on p.id = c.campaign_id
       group by c.campaign_id, p.name order by cents desc, name limit 50`),
    db.execute(sql`${base}
      select count(*) as gifts, coalesce(sum(amount_cents), 0) as cents, count(distinct donor_key) as donors,
             count(distinct donor_key) filter (where first_month = month) as new_donors,
             count(distinct donor_key) filter (where first_month < month) as returning_donors,
             coalesce(sum(amount_cents) filter (where recurring_gift_id is not null), 0) as recurring_cents
        from chosen`),
    db
      .select({ count: sql<string>`count(*)`, monthlyCents: sql<string>`coalesce(sum(${recurringGifts.amountCents}), 0)` })
      .from(recurringGifts)
      .where(and(eq(recurringGifts.organizationId, organizationId), eq(recurringGifts.status, "active"))),
    ticketSalesTotals({ db, organizationId, query: q, clock }),
  ]);

  const t = (rowsOf(totals)[0] ?? {}) as Record<string, unknown>;
  const gifts = num(t.gifts);
  const cents = num(t.cents);
  return {
    timeZone: clock.timeZone,
    months: (rowsOf(monthly) as Record<string, unknown>[]).map((r) => ({
      month: String(r.month),
      gifts: num(r.gifts),
      cents: num(r.cents),
      newDonors: num(r.new_donors),
      returningDonors: num(r.returning_donors),
      recurringCents: num(r.recurring_cents),
    })),
    byFundraiser: (rowsOf(byFundraiser) as Record<string, unknown>[]).map((r) => ({
      campaignId: (r.campaign_id as string | null) ?? null,
      name: String(r.name),
      gifts: num(r.gifts),
      cents: num(r.cents),
    })),
    totals: {
      gifts,
      cents,
      averageGiftCents: gifts ? Math.round(cents / gifts) : 0,
      donors: num(t.donors),
      newDonors: num(t.new_donors),
      returningDonors: num(t.returning_donors),
      recurringCents: num(t.recurring_cents),
    },
    activeRecurring: { count: num(recurring[0]?.count), monthlyCents: num(recurring[0]?.monthlyCents) },
    ticketRevenue: { sales: tickets.count, cents: tickets.cents },
  };
}
