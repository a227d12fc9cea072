/**
 * PUT /api/updateDashboard — the nonprofit edits its general information in place on
 * /nonprofit/{id} (spec sections 4, 5 and 7).
 */
import "server-only";
import { authorizeOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { zipToCoordinates } from "@/lib/directory/zip";
import { AppError } from "@/lib/errors";
import { loadSessionUser } from "@/lib/services/users/to-session-user";
import { messages } from "@/lib/validations/messages";
import type { UpdateDashboardInput, ForOrganization } from "@/lib/validations/organization";
import { eq } from "drizzle-orm";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { organizations } from "@/models";
import { writeOrganizationProfile } from "@/lib/services/claims/profile-draft";
import { getOwnOrganization, type OwnOrganization } from "./get-organization";
import { recordOrganizationChange } from "./organization-changes";

export type UpdateDashboardOptions = { actor: Actor; input: ForOrganization<UpdateDashboardInput> };

/**
 * Apply the general-info fields that are present (the schema already dropped empty ones):
 * organizationName, contact email (validated and confirmed by the schema), phone, address,
 * address2, city, state, zipcode. A new ZIP code also refreshes the organization's
 * latitude/longitude from the offline ZIP data (null when the ZIP is unknown), which feeds
 * distance search. The signed-in user's own login email is not changed. While the
 * organization's claim waits for verification the values are saved as a draft that only its
 * owner sees (lib/services/claims/profile-draft.ts). A new display name that goes live is
 * written to the audit trail and emailed to every member of the organization in the same
 * transaction (lib/services/organizations/organization-changes.ts); the same name again changes nothing.
 * @returns `{ user, nonprofit }` (spec 7): the session user and the owner's view of the organization.
 * @throws AppError(forbidden) unless `actor` is a nonprofit user of `input.organizationId` (nothing is written);
 *         AppError(not_found) when the organization no longer exists.
 */
export async function updateDashboard({ actor, input }: UpdateDashboardOptions): Promise<{ user: SessionUser; nonprofit: OwnOrganization }> {
  const db = await getDb();
  const user = await db.transaction(async (tx) => {
    // Authorization first, against the database, in the transaction that writes.
    const organizationId = await authorizeOrganization(tx, actor, "organization.update", input.organizationId);
    const fresh = await loadSessionUser({ db: tx, userId: actor.id });
    if (!fresh) throw new AppError("forbidden", messages.auth.forbidden);
    const set: Partial<typeof organizations.$inferInsert> = {};
    if (input.organizationName !== undefined) set.name = input.organizationName;
    if (input.email !== undefined) set.email = input.email;
    if (input.phone !== undefined) set.telephone = input.phone;
    if (input.address !== undefined) set.addressLine1 = input.address;
    if (input.address2 !== undefined) set.addressLine2 = input.address2;
    if (input.city !== undefined) set.city = input.city;
    if (input.state !== undefined) set.state = input.state;
    if (input.zipcode !== undefined) {
      set.zipcode = input.zipcode;
      const coordinates = zipToCoordinates(input.zipcode);
      set.latitude = coordinates?.latitude ?? null;
      set.longitude = coordinates?.longitude ?? null;
    }
    if (Object.keys(set).length === 0) return fresh;
    // The name before the write, locked so that two renames at once are told in their order.
    const [before] = await tx.select({ name: organizations.name, legalName: organizations.legalName }).from(organizations).where(eq(organizations.id, organizationId)).for("update").limit(1);
    // While the claim waits for verification the values are kept as a draft (the public keeps the IRS facts).
    const where = await writeOrganizationProfile({ tx, actor, organizationId, set });
    if (where === "live" && before && set.name !== undefined && set.name !== before.name) {
      const from = organizationDisplayName(before);
      const to = organizationDisplayName({ name: set.name, legalName: before.legalName });
      if (from !== to) await recordOrganizationChange({ tx, actor, organizationId, change: { kind: "renamed", from, to } });
    }
    return fresh;
  });
  return { user, nonprofit: await getOwnOrganization({ actor }) };
}
