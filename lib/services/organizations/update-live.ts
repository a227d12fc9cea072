/** PUT /api/toggleLive — the nonprofit publishes or hides its public profile (spec 7: body npID). */
import "server-only";
import { and, eq, not } from "drizzle-orm";
import { authorizeVerifiedOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { organizations } from "@/models";

export type ToggleLiveOptions = { actor: Actor; organizationId: string };

/**
 * Flip the organization's `live` flag in one statement. A hidden profile is visible to its own
 * users only and is left out of search. An organization still waiting for admin approval
 * cannot go live (it may always hide).
 * @returns `{ live }`: the new value.
 * @throws AppError(forbidden) unless `actor` is a nonprofit user of `organizationId` whose claim
 *         is verified (messages.claims.liveNeedsVerification while it is pending; nothing is written);
 *         AppError(conflict) when going live before approval; AppError(not_found) when the
 *         organization no longer exists.
 */
export async function toggleLive({ actor, organizationId: requested }: ToggleLiveOptions): Promise<{ live: boolean }> {
  const db = await getDb();
  // Hiding or showing the listing changes what the public sees: a verified claim only.
  const organizationId = await authorizeVerifiedOrganization(db, actor, "organization.publish", requested, { refusal: messages.claims.liveNeedsVerification });
  const [row] = await db
    .update(organizations)
    .set({ live: not(organizations.live) })
    .where(and(eq(organizations.id, organizationId), eq(organizations.approvalStatus, "approved")))
    .returning({ live: organizations.live });
  if (row) return { live: row.live };
  const [org] = await db.select({ live: organizations.live }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  if (org.live) {
    await db.update(organizations).set({ live: false }).where(eq(organizations.id, organizationId));
    return { live: false };
  }
  throw new AppError("conflict", messages.organizationProfile.liveNeedsApproval);
}
