/** GET /api/v1/fundraisers/{id}: one public fundraiser. */
import type { FundraiserResource } from "@/lib/integrations/api-resources";
import { getPublicFundraiser } from "@/lib/services/fundraisers/get-public-fundraiser";
import { toFundraiserResource } from "@/lib/services/api-resources/to-resources";

/**
 * An active or ended fundraiser of a live, approved organization (as its public page shows it).
 * @throws AppError(not_found) otherwise.
 */
export async function getFundraiser(options: { id: string }): Promise<FundraiserResource> {
  const f = await getPublicFundraiser({ actor: null, fundraiserId: options.id });
  return toFundraiserResource({ ...f, id: f._id, organizationId: f.organization._id, goalCents: f.goal, progressCents: f.progress });
}
