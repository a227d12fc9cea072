/** Fundraisers of an organization, newest first (spec section 9), with progress in cents. */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import { campaigns } from "@/models";

export type CampaignSummary = {
  id: string;
  name: string;
  goalCents: Cents;
  progressCents: Cents;
  status: "active" | "ended";
  startDate: string | null;
  endDate: string | null;
  createdAt: Date;
};

/**
 * Public list of an organization's fundraisers (no ownership needed: fundraisers are public).
 * @param options.activeOnly only status "active".
 */
export async function listOrganizationCampaigns(organizationId: string, options: { activeOnly?: boolean; limit?: number } = {}): Promise<CampaignSummary[]> {
  const db = await getDb();
  return db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      goalCents: campaigns.goalCents,
      progressCents: campaigns.progressCents,
      status: campaigns.status,
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
      createdAt: campaigns.createdAt,
    })
    .from(campaigns)
    .where(options.activeOnly ? and(eq(campaigns.organizationId, organizationId), eq(campaigns.status, "active")) : eq(campaigns.organizationId, organizationId))
    .orderBy(desc(campaigns.createdAt))
    .limit(options.limit ?? 100);
}
