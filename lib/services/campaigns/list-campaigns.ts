/** Fundraisers of an organization, newest first (spec section 9), with progress in cents. */
import "server-only";
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { campaigns, organizations } from "@/models";
import { campaignColumns, toCampaign, type Campaign } from "./campaign";

export type ListOrganizationCampaignsOptions = { organizationId: string; activeOnly?: boolean; limit?: number; publicOnly?: boolean };

/**
 * Public list of the fundraisers of organization `organizationId` (no ownership needed:
 * fundraisers are public).
 * @param options.activeOnly only status "active".
 * @param options.limit most fundraisers returned (default 100).
 * @param options.publicOnly what the public sees: none while the organization's claim waits for
 *   verification (its fundraisers are its owner's drafts until then, models/claims.ts).
 */
export async function listOrganizationCampaigns({ organizationId, activeOnly, limit, publicOnly }: ListOrganizationCampaignsOptions): Promise<Campaign[]> {
  const db = await getDb();
  const where: SQL[] = [eq(campaigns.organizationId, organizationId)];
  if (activeOnly) where.push(eq(campaigns.status, "active"));
  if (publicOnly) where.push(isNull(organizations.claimPendingSince));
  const rows = await db
    .select(campaignColumns)
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(and(...where))
    .orderBy(desc(campaigns.createdAt))
    .limit(limit ?? 100);
  return rows.map(toCampaign);
}
