import { cache } from "react";
import { isAppError } from "@/lib/errors";
import { getPublicSupporterPage, type PublicSupporterPage } from "@/lib/services/supporter-pages/public-supporter-pages";

/** The public view of a supporter page, or null when not found (shared by page, metadata and image). */
export const loadSupporterPage = cache(async (rawId: string, rawSlug: string): Promise<PublicSupporterPage | null> => {
  try {
    return await getPublicSupporterPage({ fundraiserId: decodeURIComponent(rawId), slug: decodeURIComponent(rawSlug) });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
});
