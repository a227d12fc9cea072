/**
 * Reading organizations: the public profile (GET /api/find/nonprofit/{id}) and the signed-in
 * nonprofit's own organization (GET /api/getNonprofit).
 */
import "server-only";
import { eq, or } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorizeRole } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { organizations } from "@/models";
import { withDraft } from "@/lib/services/claims/profile-draft";
import { publicOrganizationColumns, toPublicOrganization, type PublicOrganization } from "./organization-dto";

export type GetPublicOrganizationOptions = { idOrNickname: string; actor: Actor | null };

/**
 * An organization's public profile by id or vanity nickname. Hidden or unapproved
 * organizations are visible only to their own nonprofit users.
 * @throws AppError(not_found) when missing or not visible to `actor`.
 */
export async function getPublicOrganization({ idOrNickname, actor }: GetPublicOrganizationOptions): Promise<PublicOrganization> {
  const db = await getDb();
  const key = idOrNickname.trim();
  if (!key || key.length > 100) throw new AppError("not_found", messages.organization.notFound);
  const [row] = await db
    .select(publicOrganizationColumns)
    .from(organizations)
    .where(or(eq(organizations.id, key), eq(organizations.nickname, key)))
    .limit(1);
  if (!row) throw new AppError("not_found", messages.organization.notFound);
  const isOwner = can(actor, "organization.update", { organizationId: row.id });
  if (!isOwner && (!row.live || row.approvalStatus !== "approved")) {
    throw new AppError("not_found", messages.organization.notFound);
  }
  return toPublicOrganization(row);
}

/**
 * The owner's view adds contact and payment-connection fields; while the claim waits for
 * verification it shows the owner's draft (`claimPending` true), which the public does not see.
 */
export type OwnOrganization = PublicOrganization & {
  email: string | null;
  telephone: string | null;
  address: PublicOrganization["address"] & { addressLine1: string | null; addressLine2: string | null };
  actionItems: { stripeID: string | null };
  paypal: { merchantId: string | null };
  stripeComplete: boolean;
};

export type GetOwnOrganizationOptions = { actor: Actor };

/**
 * The signed-in nonprofit's own organization.
 * @throws AppError(forbidden) for non-nonprofit users; AppError(not_found) if it has none.
 */
export async function getOwnOrganization({ actor }: GetOwnOrganizationOptions): Promise<OwnOrganization> {
  authorizeRole(actor, "nonprofit");
  if (!actor.organizationId) throw new AppError("not_found", messages.organization.notFound);
  const db = await getDb();
  const [found] = await db
    .select({
      ...publicOrganizationColumns,
      email: organizations.email,
      telephone: organizations.telephone,
      addressLine1: organizations.addressLine1,
      addressLine2: organizations.addressLine2,
      stripeAccountId: organizations.stripeAccountId,
      paypalMerchantId: organizations.paypalMerchantId,
      claimDraft: organizations.claimDraft,
    })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId))
    .limit(1);
  if (!found) throw new AppError("not_found", messages.organization.notFound);
  // The owner's preview: the draft laid over the live profile while the claim waits for verification.
  const { claimDraft, ...live } = found;
  const row = withDraft({ row: live, draft: claimDraft });
  const base = toPublicOrganization(row);
  return {
    ...base,
    email: row.email,
    telephone: row.telephone,
    address: { ...base.address, addressLine1: row.addressLine1, addressLine2: row.addressLine2 },
    actionItems: { stripeID: row.stripeAccountId },
    paypal: { merchantId: row.paypalMerchantId },
    stripeComplete: row.stripeComplete ?? false,
  };
}
