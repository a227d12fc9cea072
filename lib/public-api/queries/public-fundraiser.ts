/** The fundraiser check shared by the public API's peer-to-peer lists. */
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { campaigns, organizations } from "@/models";

/**
 * Make sure `campaignId` is a fundraiser the public may see: active or ended, of a live,
 * approved organization (as GET /api/v1/fundraisers/{id} and its public page decide).
 * @throws AppError(not_found, messages.campaign.notFound) otherwise, or for an unknown id.
 */
export async function assertPublicFundraiser(db: Executor, campaignId: string): Promise<void> {
  const [row] =
    campaignId.length > 0 && campaignId.length <= 100
      ? await db
          .select({ id: campaigns.id })
          .from(campaigns)
          .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
          .where(and(eq(campaigns.id, campaignId), eq(organizations.live, true), eq(organizations.approvalStatus, "approved")))
          .limit(1)
      : [];
  if (!row) throw new AppError("not_found", messages.campaign.notFound);
}
