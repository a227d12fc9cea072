/**
 * The public fundraiser page (/fundraiser/{id}): the fundraiser with its
 * story and image, its organization with the EIN, how many donors gave, and the most recent
 * supporters who chose to share their name. Money is integer cents; timestamps are ISO 8601
 * in UTC. Nothing a donor did not share leaves this service: supporters are given as first
 * name and last initial only, and only for gifts whose donor ticked "share my name" and did
 * not give anonymously.
 */
import { displayCity, displayOrganizationName } from "@/lib/directory/display-name";
import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/can";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { progressPercent } from "@/lib/money";
import type { Fundraiser } from "@/lib/services/fundraisers/fundraiser";
import { formatEin } from "@/lib/donations/labels";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, organizations } from "@/models";

/** How many supporters the page lists. */
export const RECENT_SUPPORTERS = 8;

/** The public page's fundraiser: the shape of fundraiser.ts, with the story. */
export type PublicFundraiser = Pick<
  Fundraiser,
  "_id" | "name" | "topic" | "imageUrl" | "goal" | "progress" | "percent" | "status" | "startDate" | "endDate" | "createdAt"
> & {
  /** The story the nonprofit wrote (plain text, may hold line breaks). */
  story: string;
  /** Distinct donors of succeeded gifts (a signed-in donor counts once). */
  donorCount: number;
  /** Newest first: "Jane D." and when the gift succeeded (ISO, UTC). */
  recentSupporters: { name: string; at: string }[];
  /** Peer-to-peer: supporters may start pages of their own (and teams) for this fundraiser. */
  supporterPages: { enabled: boolean; teamsAllowed: boolean };
  organization: {
    _id: string;
    name: string;
    /** "12-3456789", or null for an organization registered without an EIN. */
    ein: string | null;
    city: string | null;
    state: string | null;
    logoUrl: string | null;
    /** Whether the organization takes donations now (live and approved, as on its profile). */
    acceptsDonations: boolean;
  };
};

/** "Jane Doe" -> "Jane D."; a single word stays as it is; blank gives null. */
export function publicSupporterName(fullName: string | null): string | null {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (words.length === 1) return words[0]!;
  return `${words[0]} ${words[words.length - 1]!.charAt(0).toUpperCase()}.`;
}

export type GetPublicFundraiserOptions = { actor: Actor | null; fundraiserId: string };

/**
 * One fundraiser as the public sees it. Anyone sees an active or ended fundraiser of a live,
 * approved organization whose claim is not waiting for verification; the organization's own
 * nonprofit user sees it in any case.
 * @throws AppError(not_found) otherwise, or when the id is unknown.
 */
export async function getPublicFundraiser({ actor: viewer, fundraiserId }: GetPublicFundraiserOptions): Promise<PublicFundraiser> {
  const id = fundraiserId.trim();
  if (!id || id.length > 100) throw new AppError("not_found", messages.campaign.notFound);
  const db = await getDb();
  const [row] = await db
    .select({
      id: fundraisers.id,
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
      supporterPagesEnabled: fundraisers.supporterPagesEnabled,
      supporterTeamsAllowed: fundraisers.supporterTeamsAllowed,
      organizationId: organizations.id,
      orgName: organizations.name,
      orgLegalName: organizations.legalName,
      zipcode: organizations.zipcode,
      ein: organizations.ein,
      city: organizations.city,
      state: organizations.state,
      logoUrl: organizations.logoUrl,
      live: organizations.live,
      approvalStatus: organizations.approvalStatus,
      claimPendingSince: organizations.claimPendingSince,
    })
    .from(fundraisers)
    .innerJoin(organizations, eq(organizations.id, fundraisers.organizationId))
    .where(eq(fundraisers.id, id))
    .limit(1);
  if (!row) throw new AppError("not_found", messages.campaign.notFound);
  const isOwner = can(viewer, "fundraiser.manage", { organizationId: row.organizationId });
  // A fundraiser prepared while the organization's claim waits for verification is a draft: its owner's only.
  if (!isOwner && !(row.live && row.approvalStatus === "approved" && !row.claimPendingSince)) throw new AppError("not_found", messages.campaign.notFound);

  const succeeded = and(eq(donations.fundraiserId, id), eq(donations.status, "succeeded"));
  const [donors] = await db
    .select({ n: count(sql`distinct coalesce(${donations.donorUserId}, lower(${donations.donorEmail}), ${donations.id})`) })
    .from(donations)
    .where(succeeded);
  const shared = await db
    .select({ name: donations.donorName, at: sql<Date>`coalesce(${donations.succeededAt}, ${donations.createdAt})` })
    .from(donations)
    .where(and(succeeded, eq(donations.shareName, true), eq(donations.anonymous, false), sql`${donations.donorName} is not null`))
    .orderBy(desc(sql`coalesce(${donations.succeededAt}, ${donations.createdAt})`), desc(donations.id))
    .limit(RECENT_SUPPORTERS);

  return {
    _id: row.id,
    name: row.name,
    story: row.description,
    topic: row.topic,
    imageUrl: row.imageUrl,
    goal: row.goalCents,
    progress: row.progressCents,
    percent: progressPercent(row.progressCents, row.goalCents),
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    createdAt: row.createdAt.toISOString(),
    donorCount: Number(donors?.n ?? 0),
    recentSupporters: shared.flatMap((s) => {
      const name = publicSupporterName(s.name);
      return name ? [{ name, at: new Date(s.at).toISOString() }] : [];
    }),
    supporterPages: { enabled: row.supporterPagesEnabled, teamsAllowed: row.supporterTeamsAllowed },
    organization: {
      _id: row.organizationId,
      name: displayOrganizationName(row.orgName, row.orgLegalName),
      ein: formatEin(row.ein),
      city: displayCity(row.city, row.zipcode),
      state: row.state,
      logoUrl: row.logoUrl,
      acceptsDonations: row.live && row.approvalStatus === "approved",
    },
  };
}
