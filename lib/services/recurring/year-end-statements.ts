/**
 * January's year-end statement emails: every donor who gave in the past calendar
 * year (UTC) gets one email with their statement, once per donor email and year (a row in
 * year_end_statement_mails, inserted ON CONFLICT DO NOTHING in the mail's transaction, so a
 * repeated or concurrent run sends nothing twice). Donors with an account get the link to
 * their giving statement (GET /api/donor/{id}/statement, signed in); guests get their
 * receipts, each with its signed link and the organization's IRS legal name and EIN beside its
 * display name. Ticket payments are not gifts and are left out.
 */
import "server-only";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/queue";
import { yearEndStatementMail } from "@/lib/mail/templates/recurring";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { donations, organizations, users, yearEndStatementMails } from "@/models";
import { organizationDisplayName } from "@/lib/directory/display-name";

/**
 * In January (UTC) of `now` (default the current time), queue last year's statement email of
 * every donor not emailed yet.
 * Outside January it does nothing. Idempotent per donor email and year.
 * @returns the year and how many emails were queued by this run.
 */
export async function sendYearEndStatements({ now = new Date() }: { now?: Date } = {}): Promise<{ year: number; queued: number }> {
  const year = now.getUTCFullYear() - 1;
  if (now.getUTCMonth() !== 0) return { year, queued: 0 };
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const db = await getDb();
  const gave = and(
    eq(donations.status, "succeeded"),
    gte(donations.succeededAt, from),
    lt(donations.succeededAt, to),
    sql`${donations.donorEmail} is not null`,
  );
  const donors = await db
    .select({ email: sql<string>`lower(${donations.donorEmail})` })
    .from(donations)
    .where(gave)
    .groupBy(sql`lower(${donations.donorEmail})`);
  let queued = 0;
  for (const { email } of donors) {
    await db.transaction(async (tx) => {
      const claimed = await tx.insert(yearEndStatementMails).values({ donorEmail: email, year }).onConflictDoNothing().returning({ email: yearEndStatementMails.donorEmail });
      if (claimed.length === 0) return;
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, eq(users.type, "individual")))
        .limit(1);
      if (account) {
        await enqueueMail(yearEndStatementMail(email, year, { statementUrl: `${baseUrl()}/api/donor/${account.id}/statement?year=${year}&format=pdf` }), { tx });
      } else {
        const receipts = await tx
          .select({ id: donations.id, date: donations.succeededAt, amountCents: donations.amountCents, organizationName: organizations.name, legalName: organizations.legalName, ein: organizations.ein })
          .from(donations)
          .innerJoin(organizations, eq(organizations.id, donations.organizationId))
          .where(and(gave, sql`lower(${donations.donorEmail}) = ${email}`))
          .orderBy(asc(donations.succeededAt));
        await enqueueMail(
          yearEndStatementMail(email, year, {
            receipts: receipts.map((r) => ({ date: r.date!, amountCents: r.amountCents, organizationName: organizationDisplayName({ name: r.organizationName, legalName: r.legalName }), legalName: r.legalName, ein: r.ein, url: `${baseUrl()}/api/receipts/${r.id}?token=${donationAccessToken(r.id)}` })),
          }),
          { tx },
        );
      }
      queued++;
    });
  }
  return { year, queued };
}
