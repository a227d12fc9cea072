/** Fundraisers of an organization, newest first (spec section 9), with progress in cents. */
import "server-only";
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { fundraisers, organizations } from "@/models";
import { fundraiserColumns, toFundraiser, type Fundraiser } from "./fundraiser";

export type ListOrganizationFundraisersOptions = { organizationId: string; activeOnly?: boolean; limit?: number; publicOnly?: boolean };

/**
 * Public list of the fundraisers of organization `organizationId` (no ownership needed:
 * fundraisers are public).
 * @param options.activeOnly only status "active".
 * @param options.limit most fundraisers returned (default 100).
 * @param options.publicOnly what the public sees: none while the organization's claim waits for
 *   verification (its fundraisers are its owner's drafts until then, models/claims.ts).
 */
export async function listOrganizationFundraisers({ organizationId, activeOnly, limit, publicOnly }: ListOrganizationFundraisersOptions): Promise<Fundraiser[]> {
  const db = await getDb();
  const where: SQL[] = [eq(fundraisers.organizationId, organizationId)];
  if (activeOnly) where.push(eq(fundraisers.status, "active"));
  if (publicOnly) where.push(isNull(organizations.claimPendingSince));
  const rows = await db
    .select(fundraiserColumns)
    .from(fundraisers)
    .innerJoin(organizations, eq(organizations.id, fundraisers.organizationId))
    .where(and(...where))
    .orderBy(desc(fundraisers.createdAt))
    .limit(limit ?? 100);
  return rows.map(toFundraiser);
}
