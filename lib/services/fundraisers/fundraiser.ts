/**
 * The one fundraiser (campaign) shape every view reads: the owner's manager, the API
 * (GET /api/getNpCampaigns, getOneCampaign, updateNPCampaigns), the public profile and
 * dashboard lists, the checkout page and the public fundraiser page (a Pick of it).
 */
import { progressPercent, type Cents } from "@/lib/money";
import { fundraisers } from "@/models";

/**
 * A fundraiser (spec section 3: Campaign id, name, goal, progress, createdAt). `goal` and
 * `progress` are cents; dates are "YYYY-MM-DD"; timestamps are ISO strings in UTC.
 */
export type Fundraiser = {
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
export type ManagedFundraiser = Fundraiser & { succeededGifts: number };

/** The columns {@link toFundraiser} reads: pass to `db.select(fundraiserColumns)`. */
export const fundraiserColumns = {
  id: fundraisers.id,
  organizationId: fundraisers.organizationId,
  name: fundraisers.name,
  description: fundraisers.description,
  topic: fundraisers.topic,
  imageUrl: fundraisers.imageUrl,
  goalCents: fundraisers.goalCents,
  progressCents: fundraisers.progressCents,
  status: fundraisers.status,
  startDate: fundraisers.startDate,
  endDate: fundraisers.endDate,
  createdAt: fundraisers.createdAt,
  endedAt: fundraisers.endedAt,
};

/** A row selected with {@link fundraiserColumns}. */
export type FundraiserRow = {
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

/** Map a selected row to the {@link Fundraiser} shape (cents stay cents, dates become ISO strings). */
export function toFundraiser(r: FundraiserRow): Fundraiser {
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
