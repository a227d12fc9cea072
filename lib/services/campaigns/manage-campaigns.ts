/**
 * Fundraisers (campaigns) of a nonprofit: the owner creates, edits, ends and deletes them
 * (spec section 9); anyone reads the live ones. Money is integer cents.
 * `progress` is maintained only by the donation effects (succeeded donations) and is never
 * written here. Deleting a fundraiser keeps its donations: donations.campaign_id is
 * ON DELETE SET NULL, so those gifts count as direct donations in reports afterwards.
 */
import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { authorize, authorizeOrganization, authorizeOwnOrganization } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { CampaignValues } from "@/lib/validations/campaign";
import { messages } from "@/lib/validations/messages";
import { campaigns, donations, organizations } from "@/models";
import { campaignColumns, toCampaign, type Campaign, type ManagedCampaign } from "./campaign";

/** How many fundraisers one organization may keep. */
export const MAX_CAMPAIGNS_PER_ORGANIZATION = 200;

const notFound = () => new AppError("not_found", messages.campaign.notFound);


/** Whether an organization's public content may be shown (live and approved). */
async function isPublicOrganization(db: Executor, organizationId: string): Promise<boolean> {
  const [org] = await db
    .select({ live: organizations.live, approvalStatus: organizations.approvalStatus })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return Boolean(org && org.live && org.approvalStatus === "approved");
}

export type ListManagedCampaignsOptions = { actor: Actor | null; organizationId: string };

/**
 * Every fundraiser of the actor's organization (active and ended), newest first, each with
 * its count of succeeded gifts.
 * @throws AppError(unauthenticated | forbidden) unless `actor` owns `organizationId`.
 */
export async function listManagedCampaigns({ actor, organizationId }: ListManagedCampaignsOptions): Promise<ManagedCampaign[]> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  const gifts = db
    .select({ campaignId: donations.campaignId, n: count().as("n") })
    .from(donations)
    .where(and(eq(donations.organizationId, organizationId), eq(donations.status, "succeeded")))
    .groupBy(donations.campaignId)
    .as("gifts");
  const rows = await db
    .select({ ...campaignColumns, succeededGifts: sql<number>`coalesce(${gifts.n}, 0)`.mapWith(Number) })
    .from(campaigns)
    .leftJoin(gifts, eq(gifts.campaignId, campaigns.id))
    .where(eq(campaigns.organizationId, organizationId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(MAX_CAMPAIGNS_PER_ORGANIZATION);
  return rows.map(({ succeededGifts, ...r }) => ({ ...toCampaign(r), succeededGifts }));
}

export type ListCampaignsForViewerOptions = { actor: Actor | null; organizationId: string };

/**
 * GET /api/getNpCampaigns/{organizationId}: the owner gets every fundraiser (active and ended); anyone
 * else the active fundraisers of a live, approved organization (else an empty list).
 * Newest first.
 */
export async function listCampaignsForViewer({ actor: viewer, organizationId }: ListCampaignsForViewerOptions): Promise<Campaign[]> {
  if (can(viewer, "fundraiser.manage", { organizationId })) {
    return (await listManagedCampaigns({ actor: viewer, organizationId })).map((c): Campaign => {
      const dto: Campaign & { succeededGifts?: number } = { ...c };
      delete dto.succeededGifts;
      return dto;
    });
  }
  const db = await getDb();
  if (!(await isPublicOrganization(db, organizationId))) return [];
  const rows = await db
    .select(campaignColumns)
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.status, "active")))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(MAX_CAMPAIGNS_PER_ORGANIZATION);
  return rows.map(toCampaign);
}

export type GetCampaignOptions = { actor: Actor | null; campaignId: string };

/**
 * GET /api/getOneCampaign/{id}: one fundraiser. The owner sees it in any state; anyone else
 * only an active fundraiser of a live, approved organization.
 * @throws AppError(not_found) otherwise.
 */
export async function getCampaign({ actor: viewer, campaignId }: GetCampaignOptions): Promise<Campaign> {
  const db = await getDb();
  const [row] = await db.select(campaignColumns).from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
  if (!row) throw notFound();
  if (can(viewer, "fundraiser.manage", { organizationId: row.organizationId })) return toCampaign(row);
  if (row.status !== "active" || !(await isPublicOrganization(db, row.organizationId))) throw notFound();
  return toCampaign(row);
}

/**
 * Who writes a fundraiser and for which organization; `organizationId` defaults to the
 * actor's own and, when given, must be it.
 */
type CampaignWrite = { actor: Actor | null; organizationId?: string };

/** The columns the fundraiser form sets (goal in cents). */
function formColumns(values: CampaignValues) {
  return { name: values.name, goalCents: values.goal, startDate: values.startDate, endDate: values.endDate, description: values.description, topic: values.topic };
}

/**
 * Create a fundraiser for the actor's organization; progress starts at 0.
 * @throws AppError(unauthenticated | forbidden) (forbidden also when the account no longer
 *   exists or no longer belongs to the organization, checked in the writing transaction);
 *   AppError(conflict) past
 *   MAX_CAMPAIGNS_PER_ORGANIZATION fundraisers.
 */
export async function createCampaign({ actor, values, organizationId = authorizeOwnOrganization(actor, "fundraiser.manage") }: CampaignWrite & { values: CampaignValues }): Promise<Campaign> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The session alone is not enough: the account must still belong to the organization.
    await authorizeOrganization(tx, actor, "fundraiser.manage", organizationId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(campaigns).where(eq(campaigns.organizationId, organizationId));
    if (n >= MAX_CAMPAIGNS_PER_ORGANIZATION) throw new AppError("conflict", messages.campaign.tooMany);
    const [row] = await tx
      .insert(campaigns)
      .values({ organizationId, ...formColumns(values) })
      .returning(campaignColumns);
    return toCampaign(row!);
  });
}

/**
 * Change a fundraiser's name, goal (cents), dates, description and topic. Status, progress
 * and image are not touched.
 * @throws AppError(unauthenticated | forbidden); AppError(not_found) when the fundraiser is
 *   not one of the actor's organization's (nothing is changed).
 */
export async function updateCampaign({
  actor,
  campaignId,
  values,
  organizationId = authorizeOwnOrganization(actor, "fundraiser.manage"),
}: CampaignWrite & { campaignId: string; values: CampaignValues }): Promise<Campaign> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  const [row] = await db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "fundraiser.manage", organizationId);
    return tx
      .update(campaigns)
      .set({ ...formColumns(values), updatedAt: new Date() })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.organizationId, organizationId)))
      .returning(campaignColumns);
  });
  if (!row) throw notFound();
  return toCampaign(row);
}

/**
 * End a fundraiser: status "ended", endedAt now (UTC). It stays in the owner's list and in
 * reports but accepts no more donations.
 * @throws AppError(unauthenticated | forbidden); AppError(not_found) when not the actor's;
 *   AppError(conflict) when it has already ended.
 */
export async function endCampaign({ actor, campaignId, organizationId = authorizeOwnOrganization(actor, "fundraiser.manage") }: CampaignWrite & { campaignId: string }): Promise<Campaign> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "fundraiser.manage", organizationId);
    const [current] = await tx
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.organizationId, organizationId)))
      .limit(1)
      .for("update");
    if (!current) throw notFound();
    if (current.status === "ended") throw new AppError("conflict", messages.campaign.alreadyEnded);
    const now = new Date();
    const [row] = await tx
      .update(campaigns)
      .set({ status: "ended", endedAt: now, updatedAt: now })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.organizationId, organizationId)))
      .returning(campaignColumns);
    return toCampaign(row!);
  });
}

/**
 * DELETE /api/campaign/delete/{organizationId}/{campaignId}. The fundraiser, its budget lines
 * go; its donations stay and become direct donations (campaign_id set to null by the
 * database), so no donation record is lost.
 * @returns { deleted: true, _id, reassignedGifts } — how many donations became direct.
 * @throws AppError(unauthenticated | forbidden) unless the actor owns `organizationId`;
 *   AppError(not_found) when the fundraiser is not that organization's (nothing changed).
 */
export async function deleteCampaign({
  actor,
  organizationId,
  campaignId,
}: {
  actor: Actor | null;
  organizationId: string;
  campaignId: string;
}): Promise<{ deleted: true; _id: string; reassignedGifts: number }> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "fundraiser.manage", organizationId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(donations).where(eq(donations.campaignId, campaignId));
    const [row] = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.organizationId, organizationId)))
      .returning({ id: campaigns.id });
    if (!row) throw notFound();
    return { deleted: true as const, _id: row.id, reassignedGifts: n };
  });
}
