/**
 * The spotlight card of a nonprofit's profile: a title, a description and an image cropped at
 * the spec's 1.5 spotlight ratio (GET /api/getSpotlight, PUT /api/updateSpotlight). The image
 * is uploaded by the image widget (field "spotlightImage"), which writes spotlight.imageUrl.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { authorize, authorizeOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { acceptImageUrl } from "@/lib/services/images/issued-images";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import type { UpdateSpotlightInput, ForOrganization } from "@/lib/validations/organization";
import { writeOrganizationProfile, withDraft } from "@/lib/services/claims/profile-draft";
import { organizations } from "@/models";

/** The spotlight as shown: absent parts are null. */
export type SpotlightCard = { title: string | null; description: string | null; imageUrl: string | null };

const toCard = (s: { title?: string; description?: string; imageUrl?: string } | null): SpotlightCard | null => {
  const card = { title: s?.title || null, description: s?.description || null, imageUrl: s?.imageUrl || null };
  return card.title || card.description || card.imageUrl ? card : null;
};

/**
 * The spotlight of organization `organizationId`, whose profile the caller may already see
 * (the profile page resolved it with getPublicOrganization). Public data.
 * @returns null when the organization has no spotlight content.
 */
export async function readSpotlight({ organizationId }: { organizationId: string }): Promise<SpotlightCard | null> {
  const db = await getDb();
  const [row] = await db.select({ spotlight: organizations.spotlight }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row ? toCard(row.spotlight) : null;
}

export type GetSpotlightOptions = { actor: Actor; organizationId: string };

/**
 * GET /api/getSpotlight?npID= for the organization's own nonprofit user (the editor's data).
 * @returns `{ spotlight }`, null when empty.
 * @throws AppError(forbidden) unless `actor` is a nonprofit user of `organizationId`; AppError(not_found)
 *         when the organization no longer exists.
 */
export async function getSpotlight({ actor, organizationId: requested }: GetSpotlightOptions): Promise<{ spotlight: SpotlightCard | null }> {
  const organizationId = requested;
  authorize(actor, "organization.update", { organizationId });
  const db = await getDb();
  const [row] = await db.select({ spotlight: organizations.spotlight, claimDraft: organizations.claimDraft }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!row) throw new AppError("not_found", messages.organization.notFound);
  // Owner-only: the card as prepared, with the draft while the claim waits for verification.
  return { spotlight: toCard(withDraft({ row: { spotlight: row.spotlight }, draft: row.claimDraft }).spotlight) };
}

export type UpdateSpotlightOptions = { actor: Actor; input: ForOrganization<UpdateSpotlightInput> };

/**
 * PUT /api/updateSpotlight: set the title and description (empty ones are removed), and the
 * image address when given (null removes it; otherwise the current image stays).
 * @returns `{ spotlight }` as stored, null when now empty.
 * @throws AppError(forbidden) unless `actor` is a nonprofit user of `input.organizationId` (nothing is written);
 *         AppError(not_found) when the organization no longer exists.
 */
export async function updateSpotlight({ actor, input }: UpdateSpotlightOptions): Promise<{ spotlight: SpotlightCard | null }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const organizationId = await authorizeOrganization(tx, actor, "organization.update", input.organizationId);
    const [live] = await tx
      .select({ spotlight: organizations.spotlight, claimDraft: organizations.claimDraft })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update")
      .limit(1);
    if (!live) throw new AppError("not_found", messages.organization.notFound);
    // The card as its owner prepares it (the draft while the claim waits for verification).
    const row = withDraft({ row: { spotlight: live.spotlight }, draft: live.claimDraft });
    const imageUrl =
      input.imageUrl === undefined
        ? row.spotlight?.imageUrl
        : ((await acceptImageUrl({ db: tx, owner: { organizationId }, url: input.imageUrl, current: row.spotlight?.imageUrl, field: "imageUrl" })) ?? undefined);
    const next = {
      ...(input.title ? { title: input.title } : {}),
      ...(input.description ? { description: input.description } : {}),
      ...(imageUrl ? { imageUrl } : {}),
    };
    const stored = Object.keys(next).length > 0 ? next : null;
    await writeOrganizationProfile({ tx, actor, organizationId, set: { spotlight: stored } });
    return { spotlight: toCard(stored) };
  });
}
