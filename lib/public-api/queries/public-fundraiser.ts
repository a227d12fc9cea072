/** The fundraiser check shared by the public API's peer-to-peer lists. */
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { fundraisers, organizations } from "@/models";

/**
 * Make sure `fundraiserId` is a fundraiser the public may see: active or ended, of a live,
 * approved organization (as GET /api/v1/fundraisers/{id} and its public page decide).
 * @throws AppError(not_found, messages.campaign.notFound) otherwise, or for an unknown id.
 */
export async function assertPublicFundraiser(db: Executor, fundraiserId: string): Promise<void> {
  const [row] =
    fundraiserId.length > 0 && fundraiserId.length <= 100
      ? await db
          .select({ id: fundraisers.id })
          .from(fundraisers)
          .innerJoin(organizations, eq(organizations.id, fundraisers.organizationId))
          .where(and(eq(fundraisers.id, fundraiserId), eq(organizations.live, true), eq(organizations.approvalStatus, "approved")))
          .limit(1)
      : [];
  if (!row) throw new AppError("not_found", messages.campaign.notFound);
}
