/** Fundraisers of an organization, newest first (spec section 9), with progress in cents. */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { campaigns } from "@/models";
import { campaignColumns, toCampaign, type Campaign } from "./campaign";

/**
 * Public list of an organization's fundraisers (no ownership needed: fundraisers are public).
 * @param options.activeOnly only status "active".
 */
export async function listOrganizationCampaigns(organizationId: string, options: { activeOnly?: boolean; limit?: number } = {}): Promise<Campaign[]> {
  const db = await getDb();
  const rows = await db
    .select(campaignColumns)
    .from(campaigns)
    .where(options.activeOnly ? and(eq(campaigns.organizationId, organizationId), eq(campaigns.status, "active")) : eq(campaigns.organizationId, organizationId))
    .orderBy(desc(campaigns.createdAt))
    .limit(options.limit ?? 100);
  return rows.map(toCampaign);
}
