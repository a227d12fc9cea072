/**
 * What the public sees of peer-to-peer fundraising: a supporter page
 * (/fundraiser/{id}/p/{slug}), a team page (/fundraiser/{id}/t/{slug}) and a fundraiser's
 * leaderboards of supporter pages and teams. Totals are sums of succeeded gifts in integer
 * cents, so a gift counts once in its page, once in its team and once in the fundraiser.
 * Donors are shown as on the fundraiser page: first name and last initial, only for gifts whose
 * donor shared their name and did not give anonymously; nothing else of a donor leaves here.
 * A pending or hidden page or team is not found; a paused or closed one is shown as such.
 * Timestamps are ISO 8601 in UTC.
 */
import "server-only";
import { and, count, desc, eq, inArray, sql, sum } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { displayCity, displayOrganizationName } from "@/lib/directory/display-name";
import { formatEin } from "@/lib/donations/labels";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { publicSupporterName, RECENT_SUPPORTERS } from "@/lib/services/fundraisers/get-public-fundraiser";
import { messages } from "@/lib/validations/messages";
import { SLUG_PATTERN } from "@/lib/validations/supporter-pages";
import { fundraisers, donations, organizations, supporterPages, supporterTeams, users } from "@/models";
import { supporterPagePath, supporterTeamPath, totalsByPage, totalsByTeam, type SupporterPageStatus } from "./supporter-pages";

const m = messages.supporterPages;
/** How many entries each leaderboard shows. */
export const LEADERBOARD_SIZE = 10;

/** The fundraiser a supporter or team page belongs to, as those pages show it. */
export type SupporterPageFundraiser = {
  id: string;
  name: string;
  status: "active" | "ended";
  goalCents: Cents;
  progressCents: Cents;
  teamsAllowed: boolean;
  organization: { id: string; name: string; ein: string | null; city: string | null; state: string | null; logoUrl: string | null; acceptsDonations: boolean };
};

/** A recent gift as the public sees it. */
export type PublicSupporter = { name: string; at: string };

/** A supporter page as the public sees it. */
export type PublicSupporterPage = {
  id: string;
  slug: string;
  path: string;
  title: string;
  story: string;
  imageUrl: string | null;
  goalCents: Cents;
  raisedCents: Cents;
  giftCount: number;
  status: Exclude<SupporterPageStatus, "pending" | "hidden">;
  /** The supporter as "Ana R."; "A supporter" once their account is gone. */
  supporterName: string;
  team: { name: string; path: string } | null;
  recentSupporters: PublicSupporter[];
  fundraiser: SupporterPageFundraiser;
  createdAt: string;
};

/** One leaderboard line: a page or a team with its totals. */
export type LeaderboardEntry = { name: string; path: string; raisedCents: Cents; giftCount: number; goalCents: Cents; detail: string | null };

/** A team page as the public sees it. */
export type PublicSupporterTeam = {
  id: string;
  slug: string;
  path: string;
  name: string;
  goalCents: Cents;
  raisedCents: Cents;
  giftCount: number;
  status: Exclude<SupporterPageStatus, "pending" | "hidden">;
  captainName: string | null;
  members: LeaderboardEntry[];
  recentSupporters: PublicSupporter[];
  fundraiser: SupporterPageFundraiser;
};

/** A fundraiser's leaderboards: top supporter pages and top teams, raised first. */
export type SupporterLeaderboards = { pageCount: number; teamCount: number; topPages: LeaderboardEntry[]; topTeams: LeaderboardEntry[] };

/** The fundraiser `fundraiserId` when its organization is public; null otherwise. */
async function publicFundraiser(db: Executor, fundraiserId: string): Promise<SupporterPageFundraiser | null> {
  const [row] = await db
    .select({
      id: fundraisers.id,
      name: fundraisers.name,
      status: fundraisers.status,
      goalCents: fundraisers.goalCents,
      progressCents: fundraisers.progressCents,
      teamsAllowed: fundraisers.supporterTeamsAllowed,
      orgId: organizations.id,
      orgName: organizations.name,
      legalName: organizations.legalName,
      ein: organizations.ein,
      city: organizations.city,
      zipcode: organizations.zipcode,
      state: organizations.state,
      logoUrl: organizations.logoUrl,
      live: organizations.live,
      approvalStatus: organizations.approvalStatus,
    })
    .from(fundraisers)
    .innerJoin(organizations, eq(organizations.id, fundraisers.organizationId))
    .where(eq(fundraisers.id, fundraiserId))
    .limit(1);
  if (!row || !row.live || row.approvalStatus !== "approved") return null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    goalCents: row.goalCents,
    progressCents: row.progressCents,
    teamsAllowed: row.teamsAllowed,
    organization: {
      id: row.orgId,
      name: displayOrganizationName(row.orgName, row.legalName),
      ein: formatEin(row.ein),
      city: displayCity(row.city, row.zipcode),
      state: row.state,
      logoUrl: row.logoUrl,
      acceptsDonations: row.live && row.approvalStatus === "approved",
    },
  };
}

/** The newest succeeded gifts matching `where` whose donor shared their name. */
async function recentSupporters(db: Executor, where: ReturnType<typeof eq>): Promise<PublicSupporter[]> {
  const at = sql<Date>`coalesce(${donations.succeededAt}, ${donations.createdAt})`;
  const rows = await db
    .select({ name: donations.donorName, at })
    .from(donations)
    .where(and(where, eq(donations.status, "succeeded"), eq(donations.shareName, true), eq(donations.anonymous, false), sql`${donations.donorName} is not null`))
    .orderBy(desc(at), desc(donations.id))
    .limit(RECENT_SUPPORTERS);
  return rows.flatMap((r) => {
    const name = publicSupporterName(r.name);
    return name ? [{ name, at: new Date(r.at).toISOString() }] : [];
  });
}

const members = (n: number) => `${n} ${n === 1 ? "member" : "members"}`;
const supporterNameOf = (first: string | null, last: string | null) => publicSupporterName(`${first ?? ""} ${last ?? ""}`) ?? "A supporter";
const visible = (status: SupporterPageStatus): status is PublicSupporterPage["status"] => status !== "pending" && status !== "hidden";
const validKey = (fundraiserId: string, slug: string) => fundraiserId.length > 0 && fundraiserId.length <= 64 && SLUG_PATTERN.test(slug);

export type GetPublicSupporterPageOptions = { fundraiserId: string; slug: string };

/**
 * The supporter page `slug` of fundraiser `fundraiserId`.
 * @throws AppError(not_found) for an unknown page, a pending or hidden one, or one of an
 *   organization that is not public.
 */
export async function getPublicSupporterPage({ fundraiserId, slug }: GetPublicSupporterPageOptions): Promise<PublicSupporterPage> {
  if (!validKey(fundraiserId, slug)) throw new AppError("not_found", m.notFound);
  const db = await getDb();
  const [row] = await db
    .select({ page: supporterPages, teamName: supporterTeams.name, teamSlug: supporterTeams.slug, teamStatus: supporterTeams.status, firstName: users.firstName, lastName: users.lastName })
    .from(supporterPages)
    .leftJoin(supporterTeams, eq(supporterTeams.id, supporterPages.teamId))
    .leftJoin(users, eq(users.id, supporterPages.userId))
    .where(and(eq(supporterPages.fundraiserId, fundraiserId), eq(supporterPages.slug, slug)))
    .limit(1);
  const status = row?.page.status;
  if (!row || !status || !visible(status)) throw new AppError("not_found", m.notFound);
  const fundraiser = await publicFundraiser(db, fundraiserId);
  if (!fundraiser) throw new AppError("not_found", m.notFound);
  const totals = (await totalsByPage({ db, pageIds: [row.page.id] })).get(row.page.id) ?? { raisedCents: 0, giftCount: 0 };
  const teamShown = row.teamSlug && row.teamStatus && visible(row.teamStatus);
  return {
    id: row.page.id,
    slug: row.page.slug,
    path: supporterPagePath({ fundraiserId, slug: row.page.slug }),
    title: row.page.title,
    story: row.page.story,
    imageUrl: row.page.imageUrl,
    goalCents: row.page.goalCents,
    raisedCents: totals.raisedCents,
    giftCount: totals.giftCount,
    status,
    supporterName: supporterNameOf(row.firstName, row.lastName),
    team: teamShown ? { name: row.teamName!, path: supporterTeamPath({ fundraiserId, slug: row.teamSlug! }) } : null,
    recentSupporters: await recentSupporters(db, eq(donations.supporterPageId, row.page.id)),
    fundraiser,
    createdAt: row.page.createdAt.toISOString(),
  };
}

/** Leaderboard lines of the visible pages `rows`, raised first (ties: more gifts, then older). */
async function pageEntries(db: Executor, rows: { page: typeof supporterPages.$inferSelect; firstName: string | null; lastName: string | null }[]): Promise<LeaderboardEntry[]> {
  const totals = await totalsByPage({ db, pageIds: rows.map((r) => r.page.id) });
  return rows
    .map((r) => {
      const t = totals.get(r.page.id) ?? { raisedCents: 0, giftCount: 0 };
      return { name: r.page.title, path: supporterPagePath({ fundraiserId: r.page.fundraiserId, slug: r.page.slug }), raisedCents: t.raisedCents, giftCount: t.giftCount, goalCents: r.page.goalCents, detail: supporterNameOf(r.firstName, r.lastName), createdAt: r.page.createdAt.getTime() };
    })
    .sort((a, b) => b.raisedCents - a.raisedCents || b.giftCount - a.giftCount || a.createdAt - b.createdAt)
    .map((e): LeaderboardEntry => ({ name: e.name, path: e.path, raisedCents: e.raisedCents, giftCount: e.giftCount, goalCents: e.goalCents, detail: e.detail }));
}

export type GetPublicSupporterTeamOptions = { fundraiserId: string; slug: string };

/**
 * The team `slug` of fundraiser `fundraiserId` with its visible members, raised first.
 * @throws AppError(not_found) as getPublicSupporterPage.
 */
export async function getPublicSupporterTeam({ fundraiserId, slug }: GetPublicSupporterTeamOptions): Promise<PublicSupporterTeam> {
  if (!validKey(fundraiserId, slug)) throw new AppError("not_found", m.teamNotFound);
  const db = await getDb();
  const [row] = await db
    .select({ team: supporterTeams, firstName: users.firstName, lastName: users.lastName })
    .from(supporterTeams)
    .leftJoin(users, eq(users.id, supporterTeams.captainUserId))
    .where(and(eq(supporterTeams.fundraiserId, fundraiserId), eq(supporterTeams.slug, slug)))
    .limit(1);
  const status = row?.team.status;
  if (!row || !status || !visible(status)) throw new AppError("not_found", m.teamNotFound);
  const fundraiser = await publicFundraiser(db, fundraiserId);
  if (!fundraiser) throw new AppError("not_found", m.teamNotFound);
  const members = await db
    .select({ page: supporterPages, firstName: users.firstName, lastName: users.lastName })
    .from(supporterPages)
    .leftJoin(users, eq(users.id, supporterPages.userId))
    .where(and(eq(supporterPages.teamId, row.team.id), inArray(supporterPages.status, ["active", "paused", "closed"])))
    .limit(500);
  const totals = (await totalsByTeam({ db, teamIds: [row.team.id] })).get(row.team.id) ?? { raisedCents: 0, giftCount: 0 };
  return {
    id: row.team.id,
    slug: row.team.slug,
    path: supporterTeamPath({ fundraiserId, slug: row.team.slug }),
    name: row.team.name,
    goalCents: row.team.goalCents,
    raisedCents: totals.raisedCents,
    giftCount: totals.giftCount,
    status,
    captainName: row.team.captainUserId ? supporterNameOf(row.firstName, row.lastName) : null,
    members: await pageEntries(db, members),
    recentSupporters: await recentSupporters(db, eq(donations.supporterTeamId, row.team.id)),
    fundraiser,
  };
}

/**
 * The leaderboards of fundraiser `fundraiserId`: its LEADERBOARD_SIZE top visible supporter pages
 * and teams by money raised (ties: more gifts, then the older). Hidden and pending pages are
 * left out of the boards; their gifts stay in the fundraiser's total. Empty boards for a
 * fundraiser without supporter pages.
 */
export async function getSupporterLeaderboards({ fundraiserId }: { fundraiserId: string }): Promise<SupporterLeaderboards> {
  const db = await getDb();
  const shown = inArray(supporterPages.status, ["active", "paused", "closed"]);
  const pageRaised = db
    .select({ id: donations.supporterPageId, raised: sum(donations.amountCents).as("raised"), gifts: count().as("gifts") })
    .from(donations)
    .where(and(eq(donations.fundraiserId, fundraiserId), eq(donations.status, "succeeded"), sql`${donations.supporterPageId} is not null`))
    .groupBy(donations.supporterPageId)
    .as("page_raised");
  const [pageCount] = await db.select({ n: count() }).from(supporterPages).where(and(eq(supporterPages.fundraiserId, fundraiserId), shown));
  const top = await db
    .select({ page: supporterPages, firstName: users.firstName, lastName: users.lastName })
    .from(supporterPages)
    .leftJoin(users, eq(users.id, supporterPages.userId))
    .leftJoin(pageRaised, eq(pageRaised.id, supporterPages.id))
    .where(and(eq(supporterPages.fundraiserId, fundraiserId), shown))
    .orderBy(sql`coalesce(${pageRaised.raised}, 0) desc`, sql`coalesce(${pageRaised.gifts}, 0) desc`, supporterPages.createdAt)
    .limit(LEADERBOARD_SIZE);
  const teams = await db
    .select({ team: supporterTeams })
    .from(supporterTeams)
    .where(and(eq(supporterTeams.fundraiserId, fundraiserId), inArray(supporterTeams.status, ["active", "paused", "closed"])))
    .limit(500);
  const memberRows = await db
    .select({ teamId: supporterPages.teamId, n: count() })
    .from(supporterPages)
    .where(and(eq(supporterPages.fundraiserId, fundraiserId), shown, sql`${supporterPages.teamId} is not null`))
    .groupBy(supporterPages.teamId);
  const membersOf = new Map(memberRows.map((r) => [r.teamId!, r.n]));
  const teamTotals = await totalsByTeam({ db, teamIds: teams.map((t) => t.team.id) });
  const topTeams = teams
    .map((t) => {
      const totals = teamTotals.get(t.team.id) ?? { raisedCents: 0, giftCount: 0 };
      return { entry: { name: t.team.name, path: supporterTeamPath({ fundraiserId, slug: t.team.slug }), raisedCents: totals.raisedCents, giftCount: totals.giftCount, goalCents: t.team.goalCents, detail: members(membersOf.get(t.team.id) ?? 0) }, createdAt: t.team.createdAt.getTime() };
    })
    .sort((a, b) => b.entry.raisedCents - a.entry.raisedCents || b.entry.giftCount - a.entry.giftCount || a.createdAt - b.createdAt)
    .slice(0, LEADERBOARD_SIZE)
    .map((t) => t.entry);
  return { pageCount: pageCount?.n ?? 0, teamCount: teams.length, topPages: await pageEntries(db, top), topTeams };
}

/**
 * The teams a new supporter page of fundraiser `fundraiserId` may join (active), by name. Public.
 */
export async function listJoinableTeams({ fundraiserId }: { fundraiserId: string }): Promise<{ id: string; name: string; path: string }[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: supporterTeams.id, name: supporterTeams.name, slug: supporterTeams.slug })
    .from(supporterTeams)
    .where(and(eq(supporterTeams.fundraiserId, fundraiserId), eq(supporterTeams.status, "active")))
    .orderBy(supporterTeams.name)
    .limit(500);
  return rows.map((r) => ({ id: r.id, name: r.name, path: supporterTeamPath({ fundraiserId, slug: r.slug }) }));
}

/** The supporter page a checkout names, as the donate page shows it: "Giving on Ana R.'s page". */
export type CheckoutSupporterPage = { id: string; title: string; supporterName: string; path: string };

/**
 * Supporter page `pageId` of fundraiser `fundraiserId` when it takes gifts (active), for the
 * donate page's banner; null otherwise (the checkout then gives to the fundraiser itself, and
 * the server checks the page again when the gift is made).
 */
export async function supporterPageForCheckout({ pageId, fundraiserId }: { pageId: string; fundraiserId: string }): Promise<CheckoutSupporterPage | null> {
  if (!pageId || pageId.length > 64) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: supporterPages.id, title: supporterPages.title, slug: supporterPages.slug, firstName: users.firstName, lastName: users.lastName })
    .from(supporterPages)
    .leftJoin(users, eq(users.id, supporterPages.userId))
    .where(and(eq(supporterPages.id, pageId), eq(supporterPages.fundraiserId, fundraiserId), eq(supporterPages.status, "active")))
    .limit(1);
  return row ? { id: row.id, title: row.title, supporterName: supporterNameOf(row.firstName, row.lastName), path: supporterPagePath({ fundraiserId, slug: row.slug }) } : null;
}
