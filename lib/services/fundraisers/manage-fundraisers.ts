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
import type { FundraiserValues } from "@/lib/validations/fundraiser";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, organizations } from "@/models";
import { fundraiserColumns, toFundraiser, type Fundraiser, type ManagedFundraiser } from "./fundraiser";

/** How many fundraisers one organization may keep. */
export const MAX_FUNDRAISERS_PER_ORGANIZATION = 200;

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

export type ListManagedFundraisersOptions = { actor: Actor | null; organizationId: string };

/**
 * Every fundraiser of the actor's organization (active and ended), newest first, each with
 * its count of succeeded gifts.
 * @throws AppError(unauthenticated | forbidden) unless `actor` owns `organizationId`.
 */
export async function listManagedFundraisers({ actor, organizationId }: ListManagedFundraisersOptions): Promise<ManagedFundraiser[]> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  const gifts = db
    .select({ campaignId: donations.fundraiserId, n: count().as("n") })
    .from(donations)
    .where(and(eq(donations.organizationId, organizationId), eq(donations.status, "succeeded")))
    .groupBy(donations.fundraiserId)
    .as("gifts");
  const rows = await db
    .select({ ...fundraiserColumns, succeededGifts: sql<number>`coalesce(${gifts.n}, 0)`.mapWith(Number) })
    .from(fundraisers)
    .leftJoin(gifts, eq(gifts.campaignId, fundraisers.id))
    .where(eq(fundraisers.organizationId, organizationId))
    .orderBy(desc(fundraisers.createdAt), desc(fundraisers.id))
    .limit(MAX_FUNDRAISERS_PER_ORGANIZATION);
  return rows.map(({ succeededGifts, ...r }) => ({ ...toFundraiser(r), succeededGifts }));
}

export type ListFundraisersForViewerOptions = { actor: Actor | null; organizationId: string };

/**
 * GET /api/getNpCampaigns/{organizationId}: the owner gets every fundraiser (active and ended); anyone
 * else the active fundraisers of a live, approved organization (else an empty list).
 * Newest first.
 */
export async function listFundraisersForViewer({ actor: viewer, organizationId }: ListFundraisersForViewerOptions): Promise<Fundraiser[]> {
  if (can(viewer, "fundraiser.manage", { organizationId })) {
    return (await listManagedFundraisers({ actor: viewer, organizationId })).map((c): Fundraiser => {
      const dto: Fundraiser & { succeededGifts?: number } = { ...c };
      delete dto.succeededGifts;
      return dto;
    });
  }
  const db = await getDb();
  if (!(await isPublicOrganization(db, organizationId))) return [];
  const rows = await db
    .select(fundraiserColumns)
    .from(fundraisers)
    .where(and(eq(fundraisers.organizationId, organizationId), eq(fundraisers.status, "active")))
    .orderBy(desc(fundraisers.createdAt), desc(fundraisers.id))
    .limit(MAX_FUNDRAISERS_PER_ORGANIZATION);
  return rows.map(toFundraiser);
}

export type GetFundraiserOptions = { actor: Actor | null; fundraiserId: string };

/**
 * GET /api/getOneCampaign/{id}: one fundraiser. The owner sees it in any state; anyone else
 * only an active fundraiser of a live, approved organization.
 * @throws AppError(not_found) otherwise.
 */
export async function getFundraiser({ actor: viewer, fundraiserId }: GetFundraiserOptions): Promise<Fundraiser> {
  const db = await getDb();
  const [row] = await db.select(fundraiserColumns).from(fundraisers).where(eq(fundraisers.id, fundraiserId)).limit(1);
  if (!row) throw notFound();
  if (can(viewer, "fundraiser.manage", { organizationId: row.organizationId })) return toFundraiser(row);
  if (row.status !== "active" || !(await isPublicOrganization(db, row.organizationId))) throw notFound();
  return toFundraiser(row);
}

/**
 * Who writes a fundraiser and for which organization; `organizationId` defaults to the
 * actor's own and, when given, must be it.
 */
type FundraiserWrite = { actor: Actor | null; organizationId?: string };

/** The columns the fundraiser form sets (goal in cents). */
function formColumns(values: FundraiserValues) {
  return { name: values.name, goalCents: values.goal, startDate: values.startDate, endDate: values.endDate, description: values.description, topic: values.topic };
}

/**
 * Create a fundraiser for the actor's organization; progress starts at 0.
 * @throws AppError(unauthenticated | forbidden) (forbidden also when the account no longer
 *   exists or no longer belongs to the organization, checked in the writing transaction);
 *   AppError(conflict) past
 *   MAX_FUNDRAISERS_PER_ORGANIZATION fundraisers.
 */
export async function createFundraiser({ actor, values, organizationId = authorizeOwnOrganization(actor, "fundraiser.manage") }: FundraiserWrite & { values: FundraiserValues }): Promise<Fundraiser> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The session alone is not enough: the account must still belong to the organization.
    await authorizeOrganization(tx, actor, "fundraiser.manage", organizationId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(fundraisers).where(eq(fundraisers.organizationId, organizationId));
    if (n >= MAX_FUNDRAISERS_PER_ORGANIZATION) throw new AppError("conflict", messages.campaign.tooMany);
    const [row] = await tx
      .insert(fundraisers)
      .values({ organizationId, ...formColumns(values) })
      .returning(fundraiserColumns);
    return toFundraiser(row!);
  });
}

/**
 * Change a fundraiser's name, goal (cents), dates, description and topic. Status, progress
 * and image are not touched.
 * @throws AppError(unauthenticated | forbidden); AppError(not_found) when the fundraiser is
 *   not one of the actor's organization's (nothing is changed).
 */
export async function updateFundraiser({
  actor,
  campaignId: fundraiserId,
  values,
  organizationId = authorizeOwnOrganization(actor, "fundraiser.manage"),
}: FundraiserWrite & { campaignId: string; values: FundraiserValues }): Promise<Fundraiser> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  const [row] = await db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "fundraiser.manage", organizationId);
    return tx
      .update(fundraisers)
      .set({ ...formColumns(values), updatedAt: new Date() })
      .where(and(eq(fundraisers.id, fundraiserId), eq(fundraisers.organizationId, organizationId)))
      .returning(fundraiserColumns);
  });
  if (!row) throw notFound();
  return toFundraiser(row);
}

/**
 * End a fundraiser: status "ended", endedAt now (UTC). It stays in the owner's list and in
 * reports but accepts no more donations.
 * @throws AppError(unauthenticated | forbidden); AppError(not_found) when not the actor's;
 *   AppError(conflict) when it has already ended.
 */
export async function endFundraiser({ actor, campaignId: fundraiserId, organizationId = authorizeOwnOrganization(actor, "fundraiser.manage") }: FundraiserWrite & { campaignId: string }): Promise<Fundraiser> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "fundraiser.manage", organizationId);
    const [current] = await tx
      .select({ status: fundraisers.status })
      .from(fundraisers)
      .where(and(eq(fundraisers.id, fundraiserId), eq(fundraisers.organizationId, organizationId)))
      .limit(1)
      .for("update");
    if (!current) throw notFound();
    if (current.status === "ended") throw new AppError("conflict", messages.campaign.alreadyEnded);
    const now = new Date();
    const [row] = await tx
      .update(fundraisers)
      .set({ status: "ended", endedAt: now, updatedAt: now })
      .where(and(eq(fundraisers.id, fundraiserId), eq(fundraisers.organizationId, organizationId)))
      .returning(fundraiserColumns);
    return toFundraiser(row!);
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
export async function deleteFundraiser({
  actor,
  organizationId,
  fundraiserId,
}: {
  actor: Actor | null;
  organizationId: string;
  fundraiserId: string;
}): Promise<{ deleted: true; _id: string; reassignedGifts: number }> {
  authorize(actor, "fundraiser.manage", { organizationId });
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "fundraiser.manage", organizationId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(donations).where(eq(donations.fundraiserId, fundraiserId));
    const [row] = await tx
      .delete(fundraisers)
      .where(and(eq(fundraisers.id, fundraiserId), eq(fundraisers.organizationId, organizationId)))
      .returning({ id: fundraisers.id });
    if (!row) throw notFound();
    return { deleted: true as const, _id: row.id, reassignedGifts: n };
  });
}
