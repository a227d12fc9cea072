/**
 * The one fundraiser (campaign) shape every view reads: the owner's manager, the API
 * (GET /api/getNpCampaigns, getOneCampaign, updateNPCampaigns), the public profile and
 * dashboard lists, the checkout page and the public fundraiser page (a Pick of it).
 */
import { progressPercent, type Cents } from "@/lib/money";
import { campaigns } from "@/models";

/**
 * A fundraiser (spec section 3: Campaign id, name, goal, progress, createdAt). `goal` and
 * `progress` are cents; dates are "YYYY-MM-DD"; timestamps are ISO strings in UTC.
 */
export type Campaign = {
  _id: string;
  organizationId: string;
  name: string;
  description: string;
  topic: string | null;
  imageUrl: string | null;
  goal: Cents;
  progress: Cents;
  /** round(progress / goal x 100), may exceed 100. */
  percent: number;
  status: "active" | "ended";
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  endedAt: string | null;
};

/** The owner's view adds how many succeeded gifts went to the fundraiser. */
export type ManagedCampaign = Campaign & { succeededGifts: number };

/** The columns {@link toCampaign} reads: pass to `db.select(campaignColumns)`. */
export const campaignColumns = {
  id: campaigns.id,
  organizationId: campaigns.organizationId,
  name: campaigns.name,
  description: campaigns.description,
  topic: campaigns.topic,
  imageUrl: campaigns.imageUrl,
  goalCents: campaigns.goalCents,
  progressCents: campaigns.progressCents,
  status: campaigns.status,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  createdAt: campaigns.createdAt,
  endedAt: campaigns.endedAt,
};

/** A row selected with {@link campaignColumns}. */
export type CampaignRow = {
  id: string;
  organizationId: string;
  name: string;
  description: string;
  topic: string | null;
  imageUrl: string | null;
  goalCents: number;
  progressCents: number;
  status: "active" | "ended";
  startDate: string | null;
  endDate: string | null;
  createdAt: Date;
  endedAt: Date | null;
};

/** Map a selected row to the {@link Campaign} shape (cents stay cents, dates become ISO strings). */
export function toCampaign(r: CampaignRow): Campaign {
  return {
    _id: r.id,
    organizationId: r.organizationId,
    name: r.name,
    description: r.description,
    topic: r.topic,
    imageUrl: r.imageUrl,
    goal: r.goalCents,
    progress: r.progressCents,
    percent: progressPercent(r.progressCents, r.goalCents),
    status: r.status,
    startDate: r.startDate,
    endDate: r.endDate,
    createdAt: r.createdAt.toISOString(),
    endedAt: r.endedAt ? r.endedAt.toISOString() : null,
  };
}
