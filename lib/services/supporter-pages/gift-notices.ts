/**
 * A supporter hears of the gifts made on their page: one email per gift (queued in the payment
 * core's transaction when the gift succeeds, so once and only if it commits), or a daily digest
 * of the gifts since the last one (SUPPORTER_DIGEST_INTERVAL_SECONDS), or nothing, as the
 * supporter chose (supporter_pages.gift_notice). A donor is named only as the donor shared
 * their name with the gift and did not give anonymously (publicSupporterName: "Jane D.");
 * otherwise "Anonymous". The donor's email or any other detail is never in the message.
 */
import "server-only";
import { and, eq, gt, isNotNull, lte, sql, sum } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { logger } from "@/lib/logger";
import { enqueueMail, startPeriodicJob } from "@/lib/mail/queue";
import { supporterGiftMail, type SupporterGiftLine } from "@/lib/mail/templates/supporter";
import { publicSupporterName } from "@/lib/services/fundraisers/get-public-fundraiser";
import type { DonationRow } from "@/lib/services/donations/donation-facts";
import { donations, organizations, supporterPages, users } from "@/models";
import { supporterPagePath } from "./supporter-pages";

/** How often the digest job runs; each page gets at most one digest a day. */
export const SUPPORTER_DIGEST_INTERVAL_SECONDS = 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The name a supporter sees for a gift: the donor's shared name, or null ("Anonymous"). */
export function sharedDonorName(gift: Pick<DonationRow, "anonymous" | "shareName" | "donorName">): string | null {
  return !gift.anonymous && gift.shareName ? publicSupporterName(gift.donorName) : null;
}

/** A page with what its notices need: its supporter's address and first name, its organization. */
async function pageForNotice(db: Executor, pageId: string) {
  const [row] = await db
    .select({
      page: supporterPages,
      email: users.email,
      firstName: users.firstName,
      orgName: organizations.name,
      orgLegalName: organizations.legalName,
      orgLogoUrl: organizations.logoUrl,
    })
    .from(supporterPages)
    .innerJoin(users, eq(users.id, supporterPages.userId))
    .innerJoin(organizations, eq(organizations.id, supporterPages.organizationId))
    .where(eq(supporterPages.id, pageId))
    .limit(1);
  return row ?? null;
}

/** Succeeded gifts of page `pageId` in cents (what its progress shows). */
async function pageRaised(db: Executor, pageId: string): Promise<number> {
  const [row] = await db.select({ raised: sum(donations.amountCents).mapWith(Number) }).from(donations).where(and(eq(donations.supporterPageId, pageId), eq(donations.status, "succeeded")));
  return row?.raised ?? 0;
}

/**
 * Queue the notice of succeeded gift `donation` to its supporter page's supporter, in its
 * transaction `tx`, when the supporter chose one email per gift. Nothing for a gift made on no page.
 */
export async function enqueueSupporterGiftNotice({ tx, donation }: { tx: Executor; donation: DonationRow }): Promise<void> {
  if (!donation.supporterPageId) return;
  const row = await pageForNotice(tx, donation.supporterPageId);
  if (!row || row.page.giftNotice !== "each") return;
  await enqueueMail(
    supporterGiftMail({
      to: row.email,
      supporterFirstName: row.firstName,
      pageTitle: row.page.title,
      pagePath: supporterPagePath({ fundraiserId: row.page.fundraiserId, slug: row.page.slug }),
      organizationName: organizationDisplayName({ name: row.orgName, legalName: row.orgLegalName }),
      organizationLogoUrl: row.orgLogoUrl,
      raisedCents: await pageRaised(tx, row.page.id),
      goalCents: row.page.goalCents,
      gifts: [{ donorName: sharedDonorName(donation), amountCents: donation.amountCents, at: donation.succeededAt ?? new Date() }],
    }),
    { tx },
  );
}

/**
 * One run of the digest job at `now` (UTC; default the current time): every page whose
 * supporter chose a daily digest, whose last digest is a day old or more (or never sent), and
 * which has gifts since then, gets one email listing them; its digest time moves to `now` in
 * the same transaction, so a gift is in exactly one digest. @returns how many digests were queued.
 */
export async function sendSupporterDigests({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const db = await getDb();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const since = sql`coalesce(${supporterPages.digestSentAt}, ${supporterPages.createdAt})`;
  const due = await db
    .select({ id: supporterPages.id })
    .from(supporterPages)
    .where(
      and(
        eq(supporterPages.giftNotice, "digest"),
        isNotNull(supporterPages.userId),
        sql`(${supporterPages.digestSentAt} is null or ${supporterPages.digestSentAt} <= ${dayAgo.toISOString()})`,
        sql`exists (select 1 from ${donations} where ${donations.supporterPageId} = ${supporterPages.id} and ${donations.status} = 'succeeded' and ${donations.succeededAt} > ${since})`,
      ),
    )
    .limit(500);
  let sent = 0;
  for (const { id } of due) {
    const queued = await db.transaction(async (tx) => {
      const row = await pageForNotice(tx, id);
      if (!row || row.page.giftNotice !== "digest") return false;
      const from = row.page.digestSentAt ?? row.page.createdAt;
      const gifts = await tx
        .select()
        .from(donations)
        .where(and(eq(donations.supporterPageId, id), eq(donations.status, "succeeded"), gt(donations.succeededAt, from), lte(donations.succeededAt, now)))
        .orderBy(donations.succeededAt)
        .limit(200);
      // The page's digest time moves first: a second run at once finds nothing due.
      const [claimed] = await tx
        .update(supporterPages)
        .set({ digestSentAt: now })
        .where(and(eq(supporterPages.id, id), row.page.digestSentAt ? eq(supporterPages.digestSentAt, row.page.digestSentAt) : sql`${supporterPages.digestSentAt} is null`))
        .returning({ id: supporterPages.id });
      if (!claimed || gifts.length === 0) return false;
      const lines: SupporterGiftLine[] = gifts.map((g) => ({ donorName: sharedDonorName(g), amountCents: g.amountCents, at: g.succeededAt ?? now }));
      await enqueueMail(
        supporterGiftMail({
          to: row.email,
          supporterFirstName: row.firstName,
          pageTitle: row.page.title,
          pagePath: supporterPagePath({ fundraiserId: row.page.fundraiserId, slug: row.page.slug }),
          organizationName: organizationDisplayName({ name: row.orgName, legalName: row.orgLegalName }),
          organizationLogoUrl: row.orgLogoUrl,
          raisedCents: await pageRaised(tx, id),
          goalCents: row.page.goalCents,
          gifts: lines,
        }),
        { tx },
      );
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** Start the digest job in this process (the server calls this at start). Idempotent. */
export async function startSupporterDigestJob(): Promise<void> {
  await startPeriodicJob("supporter-digests", SUPPORTER_DIGEST_INTERVAL_SECONDS, async () => {
    const sent = await sendSupporterDigests();
    if (sent > 0) logger.info("supporter digests queued", { sent });
  });
}
