import { cache } from "react";
import { isAppError } from "@/lib/errors";
import { getPublicSupporterTeam, type PublicSupporterTeam } from "@/lib/services/supporter-pages/public-supporter-pages";

/** The public view of a team, or null when not found (shared by page, metadata and image). */
export const loadSupporterTeam = cache(async (rawId: string, rawSlug: string): Promise<PublicSupporterTeam | null> => {
  try {
    return await getPublicSupporterTeam({ fundraiserId: decodeURIComponent(rawId), slug: decodeURIComponent(rawSlug) });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
});
