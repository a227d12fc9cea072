/** Wishlist and marketplace links of an organization (public: they are shown on its profile). */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { organizationLinks } from "@/models";

export type OrganizationLink = { _id: string; url: string; label: string | null };

/** The links of `kind` of organization `organizationId`, oldest first. */
export async function listOrganizationLinks({ organizationId, kind }: { organizationId: string; kind: "wishlist" | "marketplace" }): Promise<OrganizationLink[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: organizationLinks.id, url: organizationLinks.url, label: organizationLinks.label })
    .from(organizationLinks)
    .where(and(eq(organizationLinks.organizationId, organizationId), eq(organizationLinks.kind, kind)))
    .orderBy(asc(organizationLinks.createdAt));
  return rows.map(({ id, ...r }) => ({ _id: id, ...r }));
}

/** Spec section 9: links are shown truncated at 40 characters (one rule, shared with the browser). */
export { truncateLinkForDisplay as truncateLink } from "@/lib/validations/organization-links";
