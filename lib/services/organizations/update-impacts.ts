/** PUT /api/updateNPImpacts — the impact figures shown on the nonprofit's profile. */
import "server-only";
import { authorizeOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import type { UpdateImpactsInput, ForOrganization } from "@/lib/validations/organization";
import { writeOrganizationProfile } from "@/lib/services/claims/profile-draft";
import type { ImpactFigure } from "@/models";

export type UpdateImpactsOptions = { actor: Actor; input: ForOrganization<UpdateImpactsInput> };

/**
 * Replace the organization's impact figures with the given list (display order kept; at most
 * MAX_IMPACTS, each a value such as "1,200" and a label such as "meals served"); a draft while
 * the organization's claim waits for verification (lib/services/claims/profile-draft.ts).
 * @returns `{ impacts }` as stored.
 * @throws AppError(forbidden) unless `actor` is a nonprofit user of `input.organizationId` (nothing is written);
 *         AppError(not_found) when the organization no longer exists.
 */
export async function updateImpacts({ actor, input }: UpdateImpactsOptions): Promise<{ impacts: ImpactFigure[] }> {
  const db = await getDb();
  const organizationId = await authorizeOrganization(db, actor, "organization.update", input.organizationId);
  const impacts = input.impacts.map((f) => ({ label: f.label, value: f.value }));
  await db.transaction((tx) => writeOrganizationProfile({ tx, actor, organizationId, set: { impacts } }));
  return { impacts };
}
