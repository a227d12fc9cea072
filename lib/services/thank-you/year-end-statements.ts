/**
 * An organization emails its donors their year-end statements in bulk (Manage Donations →
 * Thank-you emails): one email per donor who shared their email with it, listing only that
 * donor's gifts to THIS organization in the calendar year of the organization's time zone.
 *
 * Who gets one (the rule of the Donors view, lib/services/donor-relationships/donors-view.ts):
 * a donor, identified by the lower-cased email of their gifts, whose LATEST succeeded gift to
 * the organization is not anonymous and shares the email, and who made a succeeded gift to it
 * that year. A donor who stopped sharing gets nothing. The statement goes to the donor
 * themself and lists all their succeeded (not refunded) gifts of the year to this organization,
 * online and recorded offline, with the deductible amount (lib/receipts/receipt-text.ts,
 * deductibleGiftCents; property given in kind is described, never valued: IRS Publication
 * 1771), the total, the EIN and the deductibility sentence. Ticket purchases are sales and are
 * not listed. The organization sees only counts, never the statements.
 *
 * Idempotent per organization, donor email and year: an organization_statement_mails row is
 * inserted ON CONFLICT DO NOTHING in the transaction that queues the mail, so a second click (or
 * two at once) sends nothing twice. Amounts are integer cents.
 * Access: "donorMail.manage" (lib/auth/can.ts), checked against the database: 401 for nobody,
 * 403 for anyone but a current member of the organization.
 */
import "server-only";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize, authorizeOrganization } from "@/lib/auth/authorize";
import { getDb, type Executor } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { fundraiserLabel } from "@/lib/donations/labels";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { organizationStatementMail } from "@/lib/mail/templates/thank-you";
import type { Cents } from "@/lib/money";
import { deductibleGiftCents, NO_GOODS_STATEMENT } from "@/lib/receipts/receipt-text";
import { formatDayInTimeZone, zonedDayStart } from "@/lib/time/zoned-time";
import { messages } from "@/lib/validations/messages";
import { yearEndStatementsSchema } from "@/lib/validations/thank-you";
import { fundraisers, donations, organizationStatementMails } from "@/models";
import { loadOrganizationSender, type OrganizationSender } from "./organization-sender";

/** Where an organization's statements of one year stand. */
export type StatementProgress = {
  year: number;
  /** Donors who shared their email and gave that year. */
  eligible: number;
  /** Statements queued so far (all runs). */
  queued: number;
  /** Of those, delivered (handed to the mail server). */
  delivered: number;
};

/** The outcome of one run: what this run queued, and where the year stands after it. */
export type StatementRun = StatementProgress & { queuedNow: number };

/** The instants [from, to) of calendar `year` in IANA zone `timeZone`. */
function yearRange(year: number, timeZone: string): { from: Date; to: Date } {
  return { from: zonedDayStart(`${year}-01-01`, timeZone), to: zonedDayStart(`${year + 1}-01-01`, timeZone) };
}

/** Lower-cased emails of the donors who get a statement of `year` (the rule above). */
async function eligibleEmails(db: Executor, organizationId: string, from: Date, to: Date): Promise<string[]> {
  const result = await db.execute(sql`
    with latest as (
      select distinct on (lower(d.donor_email)) lower(d.donor_email) as email, d.share_email, d.anonymous
        from donations d
       where d.organization_id = ${organizationId} and d.status = 'succeeded' and nullif(btrim(d.donor_email), '') is not null
       order by lower(d.donor_email), d.created_at desc, d.id desc
    )
    select l.email from latest l
     where l.share_email and not l.anonymous
       and exists (select 1 from donations g
                    where g.organization_id = ${organizationId} and g.status = 'succeeded'
                      and lower(g.donor_email) = l.email
                      and g.created_at >= ${from.toISOString()}::timestamptz and g.created_at < ${to.toISOString()}::timestamptz)
     order by l.email`);
  return (rowsOf(result) as { email: string }[]).map((r) => r.email);
}

/** The statement mail of donor `email` for `year`. */
async function statementOf(tx: Executor, org: OrganizationSender, email: string, year: number, from: Date, to: Date) {
  const gifts = await tx
    .select({ at: donations.createdAt, amountCents: donations.amountCents, fundraiser: fundraisers.name, campaignId: donations.fundraiserId, offlineMethod: donations.offlineMethod, offlineDetails: donations.offlineDetails })
    .from(donations)
    .leftJoin(fundraisers, eq(fundraisers.id, donations.fundraiserId))
    .where(and(eq(donations.organizationId, org.id), eq(donations.status, "succeeded"), sql`lower(${donations.donorEmail}) = ${email}`, gte(donations.createdAt, from), lt(donations.createdAt, to)))
    .orderBy(asc(donations.createdAt), asc(donations.id));
  let totalCents: Cents = 0;
  const lines = gifts.map((g) => {
    const inKind = g.offlineMethod === "in_kind";
    const deductibleCents = inKind ? null : deductibleGiftCents(g.amountCents, org.irsDeductibility);
    totalCents += deductibleCents ?? 0;
    return { day: formatDayInTimeZone(g.at, org.timeZone, { weekday: false }), fundraiser: fundraiserLabel(g.fundraiser), deductibleCents, description: inKind ? (g.offlineDetails?.description ?? null) : null };
  });
  return organizationStatementMail({ to: email, year, gifts: lines, totalCents, organization: org, noGoodsStatement: NO_GOODS_STATEMENT });
}

async function progressOf(db: Executor, organizationId: string, year: number, eligible: number): Promise<StatementProgress> {
  const rows = await db.select({ jobId: organizationStatementMails.jobId }).from(organizationStatementMails).where(and(eq(organizationStatementMails.organizationId, organizationId), eq(organizationStatementMails.year, year)));
  const jobIds = rows.map((r) => r.jobId).filter((id): id is string => !!id);
  let pending = 0;
  if (jobIds.length > 0) {
    // A job still in pg-boss's job table and not completed is still to be delivered; completed jobs
    // are later moved to its archive, so a job no longer there was delivered.
    const result = await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active') and id::text in (${sql.join(jobIds.map((id) => sql`${id}`), sql`, `)})`);
    pending = Number((rowsOf(result) as { n: number }[])[0]?.n ?? 0);
  }
  return { year, eligible, queued: rows.length, delivered: rows.length - pending };
}

async function authorized(actor: Actor | null, organizationId: string, input: unknown, now: Date) {
  authorize(actor, "donorMail.manage", { organizationId });
  const { year } = yearEndStatementsSchema(now).parse(input);
  const db = await getDb();
  await authorizeOrganization(db, actor, "donorMail.manage", organizationId);
  const org = await loadOrganizationSender({ db, organizationId });
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  return { db, year, org };
}

/**
 * Queue the year-end statement of `input.year` (calendar year in the organization's zone) to
 * every eligible donor not sent it yet (the rules above), one mail and one transaction per donor.
 * @returns StatementRun: queued by this run, and the year's totals.
 * @throws ZodError (400) for a bad year; AppError(unauthenticated | forbidden | not_found).
 */
export async function sendOrganizationYearEndStatements({ actor, organizationId, input, now = new Date() }: { actor: Actor | null; organizationId: string; input: unknown; now?: Date }): Promise<StatementRun> {
  const { db, year, org } = await authorized(actor, organizationId, input, now);
  const { from, to } = yearRange(year, org.timeZone);
  const emails = await eligibleEmails(db, organizationId, from, to);
  const already = new Set(
    (
      await db
        .select({ email: organizationStatementMails.donorEmail })
        .from(organizationStatementMails)
        .where(and(eq(organizationStatementMails.organizationId, organizationId), eq(organizationStatementMails.year, year), emails.length > 0 ? inArray(organizationStatementMails.donorEmail, emails) : sql`false`))
    ).map((r) => r.email),
  );
  let queuedNow = 0;
  for (const email of emails) {
    if (already.has(email)) continue;
    await db.transaction(async (tx) => {
      const claimed = await tx.insert(organizationStatementMails).values({ organizationId, donorEmail: email, year }).onConflictDoNothing().returning({ email: organizationStatementMails.donorEmail });
      if (claimed.length === 0) return;
      const jobId = await enqueueMail(await statementOf(tx, org, email, year, from, to), { tx });
      await tx
        .update(organizationStatementMails)
        .set({ jobId })
        .where(and(eq(organizationStatementMails.organizationId, organizationId), eq(organizationStatementMails.donorEmail, email), eq(organizationStatementMails.year, year)));
      queuedNow++;
    });
  }
  return { ...(await progressOf(db, organizationId, year, emails.length)), queuedNow };
}

/**
 * Where the statements of `input.year` stand: eligible donors, queued and delivered.
 * @throws as sendOrganizationYearEndStatements.
 */
export async function getYearEndStatementProgress({ actor, organizationId, input, now = new Date() }: { actor: Actor | null; organizationId: string; input: unknown; now?: Date }): Promise<StatementProgress> {
  const { db, year, org } = await authorized(actor, organizationId, input, now);
  const { from, to } = yearRange(year, org.timeZone);
  const emails = await eligibleEmails(db, organizationId, from, to);
  return progressOf(db, organizationId, year, emails.length);
}
