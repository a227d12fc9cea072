/**
 * A checkout made on a supporter page (peer-to-peer fundraising, models/supporter-pages.ts):
 * the page must be one of the gift's fundraiser and take gifts; the gift is then attributed to
 * the page and to the page's team at that moment. Read by the checkout (./start-checkout.ts).
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { supporterPages } from "@/models";

const m = messages.supporterPages;

export type SupporterPageForGiftOptions = {
  db: Executor;
  pageId: string;
  /** The gift's fundraiser; null for a direct donation. */
  fundraiserId: string | null;
};

/**
 * What a gift is attributed to at checkout: page `pageId` of fundraiser `campaignId`
 * when it takes gifts (active), with its team. Internal (the checkout's own check).
 * @throws AppError(not_found) for an unknown, pending or hidden page; AppError(conflict)
 *   (messages.supporterPages.wrongFundraiser) for a page of another fundraiser, or
 *   (notTakingGifts) for a paused or closed one.
 */
export async function supporterPageForGift({ db, pageId, fundraiserId }: SupporterPageForGiftOptions): Promise<{ supporterPageId: string; supporterTeamId: string | null }> {
  const [page] = await db
    .select({ id: supporterPages.id, campaignId: supporterPages.fundraiserId, status: supporterPages.status, teamId: supporterPages.teamId })
    .from(supporterPages)
    .where(eq(supporterPages.id, pageId))
    .limit(1);
  if (!page || page.status === "pending" || page.status === "hidden") throw new AppError("not_found", m.notFound);
  if (page.campaignId !== fundraiserId) throw new AppError("conflict", m.wrongFundraiser);
  if (page.status !== "active") throw new AppError("conflict", m.notTakingGifts);
  return { supporterPageId: page.id, supporterTeamId: page.teamId };
}
