/** PUT /api/updateNP — the nonprofit edits its description and mission (spec 7). */
import "server-only";
import { authorizeOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import type { UpdateNpInput, ForOrganization } from "@/lib/validations/organization";
import { organizations } from "@/models";
import { writeOrganizationProfile } from "@/lib/services/claims/profile-draft";
import { getOwnOrganization, type OwnOrganization } from "./get-organization";

export type UpdateNonprofitOptions = { actor: Actor; input: ForOrganization<UpdateNpInput> };

/**
 * Save the description and mission that are present (empty ones were dropped by the schema);
 * a draft while the organization's claim waits for verification (lib/services/claims/profile-draft.ts).
 * `stripeComplete` is never stored as sent: the request layer re-checks the payment connection
 * through the payments service when it is true (app/api/(spec)/updateNP/route.ts).
 * @returns `{ nonprofit }`: the owner's view of the organization.
 * @throws AppError(forbidden) unless `actor` is a nonprofit user of `input.organizationId` (nothing is written);
 *         AppError(not_found) when the organization no longer exists.
 */
export async function updateNonprofit({ actor, input }: UpdateNonprofitOptions): Promise<{ nonprofit: OwnOrganization }> {
  const db = await getDb();
  const organizationId = await authorizeOrganization(db, actor, "organization.update", input.organizationId);
  const set: Partial<typeof organizations.$inferInsert> = {};
  if (input.description !== undefined) set.description = input.description;
  if (input.mission !== undefined) set.mission = input.mission;
  if (Object.keys(set).length > 0) await db.transaction((tx) => writeOrganizationProfile({ tx, actor, organizationId, set }));
  return { nonprofit: await getOwnOrganization({ actor }) };
}
