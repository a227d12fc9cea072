/** PUT /api/updateNPSocialMedias — the nonprofit's website and social media links. */
import "server-only";
import { authorizeOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { socialNetworks, type UpdateSocialMediasInput, type ForOrganization } from "@/lib/validations/organization";
import { writeOrganizationProfile } from "@/lib/services/claims/profile-draft";
import type { SocialMedia } from "@/models";

export type UpdateSocialMediasOptions = { actor: Actor; input: ForOrganization<UpdateSocialMediasInput> };

/**
 * Replace the organization's links with the given set: website, facebook, twitter, instagram,
 * linkedin, youtube. Addresses were normalized by the schema (http(s) only, "https://" added
 * when the scheme was missing); a network left out or empty loses its link. A draft while the
 * organization's claim waits for verification (lib/services/claims/profile-draft.ts).
 * @returns `{ socialMedia }` as stored.
 * @throws AppError(forbidden) unless `actor` is a nonprofit user of `input.organizationId` (nothing is written);
 *         AppError(not_found) when the organization no longer exists.
 */
export async function updateSocialMedias({ actor, input }: UpdateSocialMediasOptions): Promise<{ socialMedia: SocialMedia }> {
  const db = await getDb();
  const organizationId = await authorizeOrganization(db, actor, "organization.update", input.organizationId);
  const socialMedia: SocialMedia = {};
  for (const network of socialNetworks) {
    const url = input[network];
    if (url) socialMedia[network] = url;
  }
  await db.transaction((tx) => writeOrganizationProfile({ tx, actor, organizationId, set: { socialMedia } }));
  return { socialMedia };
}
