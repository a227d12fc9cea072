/**
 * What peer-to-peer fundraising does with the payment core's events (lib/domain-events): a
 * succeeded gift made on a supporter page is announced to its supporter (./gift-notices.ts), in
 * the payment's transaction; after the commit, the supporter page and team a changed payment
 * was made on are refreshed in the page cache (lib/cache/public-pages.ts), as its fundraiser is.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { refreshSupporterPages } from "@/lib/cache/public-pages";
import { getDb } from "@/lib/db/client";
import { subscribe, subscribeAfterCommit } from "@/lib/domain-events";
import { supporterPages, supporterTeams } from "@/models";
import { enqueueSupporterGiftNotice } from "./gift-notices";

/** Subscribe the supporter's gift notice and the supporter pages' refresh to the payment events. */
export function installSupporterPageSubscribers(): void {
  subscribe("gift.succeeded", "supporter-pages.gift-notice", async (tx, { donation }) => {
    await enqueueSupporterGiftNotice({ tx, donation });
  });
  subscribeAfterCommit("payment.changed", "supporter-pages.refresh-pages", async ({ campaignId: fundraiserId, supporterPageId, supporterTeamId }) => {
    if (!fundraiserId || (!supporterPageId && !supporterTeamId)) return;
    const db = await getDb();
    const [page] = supporterPageId ? await db.select({ slug: supporterPages.slug }).from(supporterPages).where(eq(supporterPages.id, supporterPageId)) : [];
    const [team] = supporterTeamId ? await db.select({ slug: supporterTeams.slug }).from(supporterTeams).where(eq(supporterTeams.id, supporterTeamId)) : [];
    refreshSupporterPages({ campaignId: fundraiserId, pageSlug: page?.slug ?? null, teamSlug: team?.slug ?? null });
  });
}
