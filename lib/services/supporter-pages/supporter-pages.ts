/**
 * Peer-to-peer fundraising: a supporter starts a page of their own for a fundraiser whose
 * organization turned supporter pages on, optionally with a team (create one and captain it,
 * or join one); edits, pauses, resumes, closes or deletes it; and sees its gifts and totals.
 * The organization approves, hides, closes or edits pages through the same functions
 * (changeSupporterPageStatus, updateSupporterPage), and lists them in ./manage-supporter-pages.ts.
 *
 * Money never goes to a supporter: a gift on a page is the organization's gift to the
 * fundraiser (donations.campaign_id), attributed to the page and team (models/supporter-pages.ts).
 * Totals are sums of succeeded gifts, in integer cents, computed from the gifts themselves, so a
 * refund leaves a page's and a team's total exactly once, as it leaves the fundraiser's.
 *
 * Every write checks the actor first (lib/auth/can.ts: supporterPage.create, supporterPage.edit)
 * and publishes "supporter_page.changed" in its transaction (webhooks subscribe to it).
 */
import "server-only";
import { and, count, eq, inArray, like, sql, sum } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize, forbidden, unauthenticated } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { refreshSupporterPages } from "@/lib/cache/public-pages";
import { getDb, type Executor } from "@/lib/db/client";
import { publish } from "@/lib/domain-events";
import type { SupporterPageChange } from "@/lib/domain-events";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { publicSupporterName } from "@/lib/services/fundraisers/get-public-fundraiser";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import {
  createSupporterPageSchema,
  slugify,
  supporterPageActionSchema,
  updateSupporterPageSchema,
  type CreateSupporterPageInput,
  type SupporterPageAction,
  type UpdateSupporterPageInput,
} from "@/lib/validations/supporter-pages";
import { fundraisers, donations, organizations, supporterPages, supporterTeams } from "@/models";

const m = messages.supporterPages;
type PageRow = typeof supporterPages.$inferSelect;
type TeamRow = typeof supporterTeams.$inferSelect;
export type SupporterPageStatus = PageRow["status"];

/** A page's totals: succeeded gifts attributed to it, in cents, and how many. */
export type SupporterTotals = { raisedCents: Cents; giftCount: number };

/** A supporter page as its supporter and its organization see it. */
export type SupporterPageView = {
  id: string;
  campaignId: string;
  organizationId: string;
  slug: string;
  /** "/fundraiser/{campaignId}/p/{slug}". */
  path: string;
  title: string;
  story: string;
  goalCents: Cents;
  imageUrl: string | null;
  status: SupporterPageStatus;
  giftNotice: PageRow["giftNotice"];
  shareEmailWithOrganization: boolean;
  team: { id: string; slug: string; name: string; path: string; captain: boolean } | null;
  raisedCents: Cents;
  giftCount: number;
  createdAt: string;
};

/** "/fundraiser/{campaignId}/p/{slug}": the public address of supporter page `slug` of fundraiser `campaignId`. */
export const supporterPagePath = ({ fundraiserId, slug }: { fundraiserId: string; slug: string }) => `/fundraiser/${encodeURIComponent(fundraiserId)}/p/${slug}`;
/** "/fundraiser/{campaignId}/t/{slug}": the public address of team `slug` of fundraiser `campaignId`. */
export const supporterTeamPath = ({ fundraiserId, slug }: { fundraiserId: string; slug: string }) => `/fundraiser/${encodeURIComponent(fundraiserId)}/t/${slug}`;

/** Throw the first field error of a failed zod parse as AppError(validation) with every field's message. */
function parseOrThrow<T>(result: { success: true; data: T } | { success: false; error: Parameters<typeof zodFieldErrors>[0] }): T {
  if (result.success) return result.data;
  const fields = zodFieldErrors(result.error, topField);
  throw new AppError("validation", Object.values(fields)[0] ?? messages.generic.badRequest, fields);
}

/**
 * Succeeded gifts per page, in cents, for `pageIds`, read in `db` (pages without gifts are absent).
 * Internal: callers check access.
 */
export async function totalsByPage({ db, pageIds }: { db: Executor; pageIds: string[] }): Promise<Map<string, SupporterTotals>> {
  if (pageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: donations.supporterPageId, raised: sum(donations.amountCents).mapWith(Number), gifts: count() })
    .from(donations)
    .where(and(inArray(donations.supporterPageId, pageIds), eq(donations.status, "succeeded")))
    .groupBy(donations.supporterPageId);
  return new Map(rows.map((r) => [r.id!, { raisedCents: r.raised ?? 0, giftCount: r.gifts }]));
}

/** Succeeded gifts per team, in cents, for `teamIds`, read in `db` (gifts keep their team when their page is deleted). Internal. */
export async function totalsByTeam({ db, teamIds }: { db: Executor; teamIds: string[] }): Promise<Map<string, SupporterTotals>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ id: donations.supporterTeamId, raised: sum(donations.amountCents).mapWith(Number), gifts: count() })
    .from(donations)
    .where(and(inArray(donations.supporterTeamId, teamIds), eq(donations.status, "succeeded")))
    .groupBy(donations.supporterTeamId);
  return new Map(rows.map((r) => [r.id!, { raisedCents: r.raised ?? 0, giftCount: r.gifts }]));
}

/**
 * The first free slug of `base` among `taken` ("5k", "5k-2", "5k-3"...). Internal.
 */
function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The slugs of `table` in fundraiser `campaignId` that start with `base`. */
async function takenSlugs(tx: Executor, table: typeof supporterPages | typeof supporterTeams, fundraiserId: string, base: string): Promise<Set<string>> {
  const rows = await tx.select({ slug: table.slug }).from(table).where(and(eq(table.fundraiserId, fundraiserId), like(table.slug, `${base}%`)));
  return new Set(rows.map((r) => r.slug));
}

/** The fundraiser a supporter page is started for, with its organization's state and options. */
async function loadFundraiser(db: Executor, fundraiserId: string) {
  const [row] = await db
    .select({
      id: fundraisers.id,
      organizationId: fundraisers.organizationId,
      status: fundraisers.status,
      enabled: fundraisers.supporterPagesEnabled,
      needApproval: fundraisers.supporterPagesNeedApproval,
      teamsAllowed: fundraisers.supporterTeamsAllowed,
      live: organizations.live,
      approvalStatus: organizations.approvalStatus,
    })
    .from(fundraisers)
    .innerJoin(organizations, eq(organizations.id, fundraisers.organizationId))
    .where(eq(fundraisers.id, fundraiserId))
    .limit(1);
  return row ?? null;
}

export type CreateSupporterPageOptions = {
  actor: Actor | null;
  fundraiserId: string;
  /** The request body, checked here with createSupporterPageSchema (goal in dollars). */
  input: unknown;
  now?: Date;
};

/**
 * Start the actor's page for fundraiser `campaignId`, with a new team (the actor its captain)
 * or in an existing one. The page is `active` at once, or `pending` when the fundraiser's
 * organization approves pages first (a new team then waits as well). One page per supporter
 * per fundraiser. Its slug comes from its title ("-2", "-3"... when taken).
 * @returns the page as its supporter sees it.
 * @throws AppError(unauthenticated) for nobody; AppError(forbidden) for an account that is not a
 *   donor (messages.supporterPages.donorsOnly); AppError(not_found) for an unknown fundraiser or
 *   one of an organization that is not public, or an unknown team; AppError(conflict) when the
 *   fundraiser takes no supporter pages or teams, has ended, or the actor has a page for it;
 *   AppError(validation) 422 with per-field messages. Nothing is written when it throws.
 */
export async function createSupporterPage({ actor, fundraiserId, input, now = new Date() }: CreateSupporterPageOptions): Promise<SupporterPageView> {
  if (!actor) throw unauthenticated();
  if (!can(actor, "supporterPage.create", { userId: actor.id })) throw new AppError("forbidden", m.donorsOnly);
  const values: CreateSupporterPageInput = parseOrThrow(createSupporterPageSchema.safeParse(input));
  const db = await getDb();
  const fundraiser = await loadFundraiser(db, fundraiserId);
  if (!fundraiser || !fundraiser.live || fundraiser.approvalStatus !== "approved") throw new AppError("not_found", messages.campaign.notFound);
  if (!fundraiser.enabled) throw new AppError("conflict", m.notEnabled);
  if (fundraiser.status !== "active") throw new AppError("conflict", m.fundraiserEnded);
  if (values.team.mode !== "none" && !fundraiser.teamsAllowed) throw new AppError("conflict", m.teamsNotAllowed);
  const status: SupporterPageStatus = fundraiser.needApproval ? "pending" : "active";

  const { page, team } = await db.transaction(async (tx) => {
    // One page per supporter and fundraiser; the lock on the fundraiser row orders two starts at once.
    await tx.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)).for("update");
    const [mine] = await tx.select({ id: supporterPages.id }).from(supporterPages).where(and(eq(supporterPages.fundraiserId, fundraiserId), eq(supporterPages.userId, actor.id))).limit(1);
    if (mine) throw new AppError("conflict", m.alreadyHasPage);
    let team: TeamRow | null = null;
    if (values.team.mode === "create") {
      const base = slugify(values.team.name);
      const [row] = await tx
        .insert(supporterTeams)
        .values({
          fundraiserId,
          organizationId: fundraiser.organizationId,
          slug: freeSlug(base, await takenSlugs(tx, supporterTeams, fundraiserId, base)),
          name: values.team.name,
          goalCents: values.team.goal,
          captainUserId: actor.id,
          status,
        })
        .returning();
      team = row!;
    } else if (values.team.mode === "join") {
      team = await joinableTeam(tx, fundraiserId, values.team.teamId);
    }
    const base = slugify(values.title);
    const [row] = await tx
      .insert(supporterPages)
      .values({
        fundraiserId,
        organizationId: fundraiser.organizationId,
        userId: actor.id,
        teamId: team?.id ?? null,
        slug: freeSlug(base, await takenSlugs(tx, supporterPages, fundraiserId, base)),
        title: values.title,
        story: values.story,
        goalCents: values.goal,
        status,
        giftNotice: values.giftNotice,
        shareEmailWithOrganization: values.shareEmailWithOrganization,
      })
      .returning();
    await publish(tx, "supporter_page.changed", { change: "supporter_page.created", page: row!, occurredAt: now });
    return { page: row!, team };
  });
  refreshSupporterPages({ campaignId: fundraiserId, pageSlug: page.slug, teamSlug: team?.slug ?? null });
  return toView({ page, team, viewerId: actor.id, totals: { raisedCents: 0, giftCount: 0 } });
}

/** A team of the fundraiser that a page may join (not hidden or closed). @throws AppError(not_found) otherwise. */
async function joinableTeam(tx: Executor, fundraiserId: string, teamId: string): Promise<TeamRow> {
  const [team] = await tx.select().from(supporterTeams).where(and(eq(supporterTeams.id, teamId), eq(supporterTeams.fundraiserId, fundraiserId))).limit(1);
  if (!team || team.status === "hidden" || team.status === "closed") throw new AppError("not_found", m.teamNotFound);
  return team;
}

/** The page `pageId` with its team, locked when `lock`; null when unknown. */
async function loadPage(db: Executor, pageId: string, lock = false): Promise<{ page: PageRow; team: TeamRow | null } | null> {
  const query = db.select({ page: supporterPages, team: supporterTeams }).from(supporterPages).leftJoin(supporterTeams, eq(supporterTeams.id, supporterPages.teamId)).where(eq(supporterPages.id, pageId)).limit(1);
  const [row] = lock ? await query.for("update", { of: supporterPages }) : await query;
  return row ?? null;
}

/**
 * The page `pageId` when `actor` may edit it (its supporter or its organization's member).
 * @throws AppError(unauthenticated) for nobody; AppError(not_found) for an unknown page or one
 *   the actor may not edit (its existence is not revealed).
 */
async function editablePage(db: Executor, actor: Actor | null, pageId: string, lock = false): Promise<{ page: PageRow; team: TeamRow | null }> {
  if (!actor) throw unauthenticated();
  const row = typeof pageId === "string" && pageId.length <= 64 ? await loadPage(db, pageId, lock) : null;
  if (!row || !can(actor, "supporterPage.edit", { supporterId: row.page.userId, organizationId: row.page.organizationId })) throw new AppError("not_found", m.notFound);
  return row;
}

export type UpdateSupporterPageOptions = { actor: Actor | null; pageId: string; input: unknown; now?: Date };

/**
 * Edit a supporter page: title, story, goal (dollars in, cents stored), how its supporter hears
 * of gifts, whether the organization sees the supporter's email, and its team (leave, join
 * another, or start one). The slug does not change, so shared links keep working. The
 * organization may edit the title, story and goal; only the supporter decides their photo, their
 * notices, their email and their team.
 * @throws as createSupporterPage, and AppError(not_found) for a page the actor may not edit;
 *   AppError(forbidden) when the organization changes the supporter's own choices.
 */
export async function updateSupporterPage({ actor, pageId, input, now = new Date() }: UpdateSupporterPageOptions): Promise<SupporterPageView> {
  const db = await getDb();
  await editablePage(db, actor, pageId);
  const values: UpdateSupporterPageInput = parseOrThrow(updateSupporterPageSchema.safeParse(input));
  const { page, team, oldTeamSlug } = await db.transaction(async (tx) => {
    const { page: before, team: oldTeam } = await editablePage(tx, actor, pageId, true);
    const isSupporter = can(actor, "supporterPage.editOwnChoices", { supporterId: before.userId, organizationId: before.organizationId });
    if (!isSupporter && (values.team !== undefined || values.giftNotice !== undefined || values.shareEmailWithOrganization !== undefined)) throw forbidden();
    let teamId = before.teamId;
    let team = oldTeam;
    if (values.team) {
      const fundraiser = await loadFundraiser(tx, before.fundraiserId);
      if (values.team.mode !== "none" && !fundraiser?.teamsAllowed) throw new AppError("conflict", m.teamsNotAllowed);
      if (values.team.mode === "none") team = null;
      else if (values.team.mode === "join") team = await joinableTeam(tx, before.fundraiserId, values.team.teamId);
      else {
        const base = slugify(values.team.name);
        const [row] = await tx
          .insert(supporterTeams)
          .values({ fundraiserId: before.fundraiserId, organizationId: before.organizationId, slug: freeSlug(base, await takenSlugs(tx, supporterTeams, before.fundraiserId, base)), name: values.team.name, goalCents: values.team.goal, captainUserId: actor!.id, status: fundraiser?.needApproval ? "pending" : "active" })
          .returning();
        team = row!;
      }
      teamId = team?.id ?? null;
    }
    const [row] = await tx
      .update(supporterPages)
      .set({
        ...(values.title !== undefined ? { title: values.title } : {}),
        ...(values.story !== undefined ? { story: values.story } : {}),
        ...(values.goal !== undefined ? { goalCents: values.goal } : {}),
        ...(values.giftNotice !== undefined ? { giftNotice: values.giftNotice } : {}),
        ...(values.shareEmailWithOrganization !== undefined ? { shareEmailWithOrganization: values.shareEmailWithOrganization } : {}),
        teamId,
      })
      .where(eq(supporterPages.id, pageId))
      .returning();
    await publish(tx, "supporter_page.changed", { change: "supporter_page.updated", page: row!, occurredAt: now });
    return { page: row!, team, oldTeamSlug: oldTeam?.slug ?? null };
  });
  refreshSupporterPages({ campaignId: page.fundraiserId, pageSlug: page.slug, teamSlug: team?.slug ?? null });
  if (oldTeamSlug && oldTeamSlug !== team?.slug) refreshSupporterPages({ campaignId: page.fundraiserId, teamSlug: oldTeamSlug });
  const totals = (await totalsByPage({ db, pageIds: [page.id] })).get(page.id) ?? { raisedCents: 0, giftCount: 0 };
  return toView({ page, team, viewerId: actor!.id, totals });
}

/** Which status each action moves a page to, from which statuses, and who may ask for it. */
const TRANSITIONS: Record<SupporterPageAction, { from: SupporterPageStatus[]; to: SupporterPageStatus; by: "supporter" | "organization" | "either" }> = {
  pause: { from: ["active"], to: "paused", by: "supporter" },
  resume: { from: ["paused"], to: "active", by: "supporter" },
  close: { from: ["active", "paused", "pending"], to: "closed", by: "either" },
  approve: { from: ["pending"], to: "active", by: "organization" },
  hide: { from: ["pending", "active", "paused", "closed"], to: "hidden", by: "organization" },
  unhide: { from: ["hidden"], to: "active", by: "organization" },
};

export type ChangeSupporterPageStatusOptions = { actor: Actor | null; pageId: string; input: unknown; now?: Date };

/**
 * Move a supporter page along its life: its supporter pauses, resumes or closes it; its
 * organization approves a pending page (and its pending team), hides or unhides one, or closes
 * it. Gifts already made stay in every total whatever the state.
 * @throws AppError(not_found) for a page the actor may not edit; AppError(forbidden) for an
 *   action of the other party; AppError(validation) for an unknown action; AppError(conflict)
 *   (messages.supporterPages.statusInvalid) when the page's state does not allow it.
 */
export async function changeSupporterPageStatus({ actor, pageId, input, now = new Date() }: ChangeSupporterPageStatusOptions): Promise<SupporterPageView> {
  const db = await getDb();
  await editablePage(db, actor, pageId);
  const { action } = parseOrThrow(supporterPageActionSchema.safeParse(input));
  const rule = TRANSITIONS[action];
  const { page, team } = await db.transaction(async (tx) => {
    const { page: before, team } = await editablePage(tx, actor, pageId, true);
    const isSupporter = can(actor, "supporterPage.editOwnChoices", { supporterId: before.userId, organizationId: before.organizationId });
    const isOrganization = can(actor, "supporterPage.moderate", { organizationId: before.organizationId });
    const allowed = rule.by === "either" ? isSupporter || isOrganization : rule.by === "supporter" ? isSupporter : isOrganization;
    if (!allowed) throw forbidden();
    if (!rule.from.includes(before.status)) throw new AppError("conflict", m.statusInvalid);
    const [row] = await tx.update(supporterPages).set({ status: rule.to }).where(eq(supporterPages.id, pageId)).returning();
    let teamRow = team;
    if (action === "approve" && team?.status === "pending") {
      const [approved] = await tx.update(supporterTeams).set({ status: "active" }).where(eq(supporterTeams.id, team.id)).returning();
      teamRow = approved ?? team;
    }
    await publish(tx, "supporter_page.changed", { change: "supporter_page.updated", page: row!, occurredAt: now });
    return { page: row!, team: teamRow ?? null };
  });
  refreshSupporterPages({ campaignId: page.fundraiserId, pageSlug: page.slug, teamSlug: team?.slug ?? null });
  const totals = (await totalsByPage({ db, pageIds: [page.id] })).get(page.id) ?? { raisedCents: 0, giftCount: 0 };
  return toView({ page, team, viewerId: actor!.id, totals });
}

export type DeleteSupporterPageOptions = { actor: Actor | null; pageId: string };

/**
 * Delete a supporter page (its supporter or its organization). Its gifts stay with the
 * fundraiser and with the team they were made for (donations.supporter_page_id becomes null;
 * campaign_id and supporter_team_id stay), so the fundraiser's and the team's totals do not move.
 * @throws AppError(not_found) for a page the actor may not edit.
 */
export async function deleteSupporterPage({ actor, pageId }: DeleteSupporterPageOptions): Promise<{ deleted: true }> {
  const db = await getDb();
  const { page, team } = await editablePage(db, actor, pageId);
  await db.delete(supporterPages).where(eq(supporterPages.id, page.id));
  refreshSupporterPages({ campaignId: page.fundraiserId, pageSlug: page.slug, teamSlug: team?.slug ?? null });
  return { deleted: true };
}

export type ListMySupporterPagesOptions = { actor: Actor | null };

/**
 * The actor's own supporter pages (every state), newest first, each with its fundraiser's
 * name and its totals.
 * @throws AppError(unauthenticated) for nobody.
 */
export async function listMySupporterPages({ actor }: ListMySupporterPagesOptions): Promise<(SupporterPageView & { fundraiserName: string })[]> {
  if (!actor) throw unauthenticated();
  authorize(actor, "account.update", { userId: actor.id });
  const db = await getDb();
  const rows = await db
    .select({ page: supporterPages, team: supporterTeams, fundraiserName: fundraisers.name })
    .from(supporterPages)
    .innerJoin(fundraisers, eq(fundraisers.id, supporterPages.fundraiserId))
    .leftJoin(supporterTeams, eq(supporterTeams.id, supporterPages.teamId))
    .where(eq(supporterPages.userId, actor.id))
    .orderBy(sql`${supporterPages.createdAt} desc`)
    .limit(200);
  const totals = await totalsByPage({ db, pageIds: rows.map((r) => r.page.id) });
  return rows.map((r) => ({ ...toView({ page: r.page, team: r.team, viewerId: actor.id, totals: totals.get(r.page.id) ?? { raisedCents: 0, giftCount: 0 } }), fundraiserName: r.fundraiserName }));
}

export type GetSupporterPageOptions = { actor: Actor | null; pageId: string };

/**
 * One page for its editor (its supporter or its organization), with its totals.
 * @throws AppError(not_found) for a page the actor may not edit.
 */
export async function getSupporterPageForEditor({ actor, pageId }: GetSupporterPageOptions): Promise<SupporterPageView> {
  const db = await getDb();
  const { page, team } = await editablePage(db, actor, pageId);
  const totals = (await totalsByPage({ db, pageIds: [page.id] })).get(page.id) ?? { raisedCents: 0, giftCount: 0 };
  return toView({ page, team, viewerId: actor!.id, totals });
}

/** A gift on a supporter page as its supporter sees it: the donor's shared name (null: "Anonymous"), cents, when (ISO, UTC). */
export type SupporterPageGift = { donorName: string | null; amountCents: Cents; at: string; status: "succeeded" | "refunded" };

/**
 * The gifts made on page `pageId`, newest first (at most 200), for its editor: the donor's name
 * only as the donor shared it with the gift (first name and last initial), never another detail.
 * @throws AppError(not_found) for a page the actor may not edit.
 */
export async function listSupporterPageGifts({ actor, pageId }: GetSupporterPageOptions): Promise<SupporterPageGift[]> {
  const db = await getDb();
  const { page } = await editablePage(db, actor, pageId);
  const rows = await db
    .select({ donorName: donations.donorName, shareName: donations.shareName, anonymous: donations.anonymous, amountCents: donations.amountCents, status: donations.status, at: sql<Date>`coalesce(${donations.succeededAt}, ${donations.createdAt})` })
    .from(donations)
    .where(and(eq(donations.supporterPageId, page.id), inArray(donations.status, ["succeeded", "refunded"])))
    .orderBy(sql`coalesce(${donations.succeededAt}, ${donations.createdAt}) desc`)
    .limit(200);
  return rows.map((r) => ({
    donorName: !r.anonymous && r.shareName ? publicSupporterName(r.donorName) : null,
    amountCents: r.amountCents,
    at: new Date(r.at).toISOString(),
    status: r.status === "refunded" ? "refunded" : "succeeded",
  }));
}

export type ToViewOptions = {
  page: PageRow;
  /** The page's team, or null when it has none. */
  team: TeamRow | null;
  /** The signed-in viewer's user id (null when signed out). */
  viewerId: string | null;
  /** Amount raised (cents) and number of gifts. */
  totals: SupporterTotals;
};

/** The `page` as its editor `viewerId` sees it (captain: the viewer created its team). */
export function toView({ page, team, viewerId, totals }: ToViewOptions): SupporterPageView {
  return {
    id: page.id,
    campaignId: page.fundraiserId,
    organizationId: page.organizationId,
    slug: page.slug,
    path: supporterPagePath({ fundraiserId: page.fundraiserId, slug: page.slug }),
    title: page.title,
    story: page.story,
    goalCents: page.goalCents,
    imageUrl: page.imageUrl,
    status: page.status,
    giftNotice: page.giftNotice,
    shareEmailWithOrganization: page.shareEmailWithOrganization,
    team: team ? { id: team.id, slug: team.slug, name: team.name, path: supporterTeamPath({ fundraiserId: team.fundraiserId, slug: team.slug }), captain: !!viewerId && team.captainUserId === viewerId } : null,
    raisedCents: totals.raisedCents,
    giftCount: totals.giftCount,
    createdAt: page.createdAt.toISOString(),
  };
}

export type { SupporterPageChange };
