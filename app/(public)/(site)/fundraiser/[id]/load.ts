import { cache } from "react";
import { isAppError } from "@/lib/errors";
import { getPublicFundraiser, type PublicFundraiser } from "@/lib/services/fundraisers/get-public-fundraiser";

/** The public view of a fundraiser, or null when not found (shared by page, metadata and image). */
export const loadPublicFundraiser = cache(async (rawId: string): Promise<PublicFundraiser | null> => {
  try {
    return await getPublicFundraiser({ actor: null, fundraiserId: decodeURIComponent(rawId) });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
});
