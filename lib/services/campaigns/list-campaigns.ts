/** Fundraisers of an organization, newest first (spec section 9), with progress in cents. */
import "server-only";
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { campaigns, organizations } from "@/models";
import { campaignColumns, toCampaign, type Campaign } from "./campaign";

/**
 * Public list of an organization's fundraisers (no ownership needed: fundraisers are public).
 * @param options.activeOnly only status "active".
 * @param options.publicOnly what the public sees: none while the organization's claim waits for
 *   verification (its fundraisers are its owner's drafts until then, models/claims.ts).
 */
export async function listOrganizationCampaigns(
  organizationId: string,
  options: { activeOnly?: boolean; limit?: number; publicOnly?: boolean } = {},
): Promise<Campaign[]> {
  const db = await getDb();
  const where: SQL[] = [eq(campaigns.organizationId, organizationId)];
  if (options.activeOnly) where.push(eq(campaigns.status, "active"));
  if (options.publicOnly) where.push(isNull(organizations.claimPendingSince));
  const rows = await db
    .select(campaignColumns)
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(and(...where))
    .orderBy(desc(campaigns.createdAt))
    .limit(options.limit ?? 100);
  return rows.map(toCampaign);
}
