/**
 * Saving and deleting an organization's wishlist and marketplace links (spec sections 5
 * and 9; saveWishlist, deleteWishlist, saveMarketplace, deleteMarketplace). Only the
 * organization's own nonprofit user may change them. URLs arrive already normalized by
 * lib/validations/organization-links.ts; they are normalized again here so no caller can
 * store an unclean link.
 */
import "server-only";
import { and, count, eq } from "drizzle-orm";
import { authorize, authorizeOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { normalizeLink, type OrganizationLinkKind } from "@/lib/validations/organization-links";
import { messages } from "@/lib/validations/messages";
import { organizationLinks, organizations } from "@/models";
import { listOrganizationLinks, type OrganizationLink } from "./list-organization-links";

/** How many links of one kind an organization may keep. */
export const MAX_LINKS_PER_KIND = 50;

/**
 * @throws AppError(unauthenticated) without a session; AppError(forbidden) unless the actor is
 *   the nonprofit user of `organizationId`; AppError(not_found) when the organization is gone.
 */
async function assertOwner(actor: Actor | null, organizationId: string): Promise<void> {
  authorize(actor, "organization.update", { organizationId });
  const db = await getDb();
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
}

/**
 * Add a link of `kind` to the actor's organization.
 * @returns the organization's links of that kind after the change, oldest first.
 * @throws AppError(unauthenticated | forbidden | not_found) (see assertOwner); AppError(forbidden)
 *   when the account no longer exists or no longer belongs to the organization (checked in
 *   the writing transaction);
 *   AppError(bad_request) with messages.links.required / messages.organizationLinks.* for
 *   an empty or invalid link; AppError(conflict) past MAX_LINKS_PER_KIND links.
 */
export async function saveOrganizationLink({
  actor,
  organizationId,
  kind,
  url,
  label,
}: {
  actor: Actor | null;
  organizationId: string;
  kind: OrganizationLinkKind;
  /** The link as typed; normalized (scheme added, unsafe schemes refused) before it is kept. */
  url: string;
  label?: string | null;
}): Promise<OrganizationLink[]> {
  await assertOwner(actor, organizationId);
  const normalized = normalizeLink(url);
  if (!normalized.ok) throw new AppError("bad_request", normalized.message, { [kind]: normalized.message });
  const db = await getDb();
  await db.transaction(async (tx) => {
    // The session alone is not enough: the account must still belong to the organization.
    await authorizeOrganization(tx, actor, "organization.update", organizationId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(organizationLinks)
      .where(and(eq(organizationLinks.organizationId, organizationId), eq(organizationLinks.kind, kind)));
    if (n >= MAX_LINKS_PER_KIND) throw new AppError("conflict", messages.organizationLinks.tooMany);
    const cleanLabel = label?.trim().slice(0, 80) || null;
    await tx.insert(organizationLinks).values({ organizationId, kind, url: normalized.url, label: cleanLabel });
  });
  return listOrganizationLinks({ organizationId, kind });
}

/**
 * Delete one link of `kind` from the actor's organization.
 * @returns the organization's remaining links of that kind, oldest first.
 * @throws AppError(unauthenticated | forbidden | not_found); AppError(not_found) with
 *   messages.organizationLinks.notFound when the link is not one of this organization's
 *   links of that kind (nothing is deleted).
 */
export async function deleteOrganizationLink({
  actor,
  organizationId,
  kind,
  linkId,
}: {
  actor: Actor | null;
  organizationId: string;
  kind: OrganizationLinkKind;
  linkId: string;
}): Promise<OrganizationLink[]> {
  await assertOwner(actor, organizationId);
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "organization.update", organizationId);
    return tx
      .delete(organizationLinks)
      .where(and(eq(organizationLinks.id, linkId), eq(organizationLinks.organizationId, organizationId), eq(organizationLinks.kind, kind)))
      .returning({ id: organizationLinks.id });
  });
  if (deleted.length === 0) throw new AppError("not_found", messages.organizationLinks.notFound);
  return listOrganizationLinks({ organizationId, kind });
}
