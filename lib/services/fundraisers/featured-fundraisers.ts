/**
 * "Fundraisers you can support today" on the home page: active fundraisers
 * a visitor can give to right now and would want to, ordered by recent momentum.
 *
 * A fundraiser is shown when
 * - it is active: status "active", started (no start date, or one on or before today) and not
 *   over (no end date, or one on or after today; UTC calendar days, as fundraisers' dates are);
 * - its organization can receive gifts now (canReceiveGiftsSql: claimed, approved, live and
 *   connected to payouts for the active provider), so Donate leads to a real checkout;
 * - it tells its story: a cover image and a description of at least FEATURED_MIN_STORY_CHARS
 *   characters, and a goal of at least FEATURED_MIN_GOAL_CENTS — a bare entry with a $10 goal
 *   and no story is a test, not a cause.
 * Order: most completed (succeeded) donations in the last FEATURED_MOMENTUM_DAYS days first,
 * then the newest fundraiser first, then by id. Ticket sales are not donations and do not count.
 *
 * One query: campaigns joined to their organization by primary key (the 247,693-organization
 * directory is never scanned), and per candidate a count over the partial index
 * donations_campaign_momentum_idx (campaign_id, created_at) of succeeded donations (migration
 * 0014_featured_fundraisers). Money is integer cents.
 */
import { displayOrganizationName } from "@/lib/directory/display-name";
import { and, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import type { ProviderName } from "@/lib/payments";
import { canReceiveGiftsSql } from "@/lib/services/organizations/receiving";
import { fundraisers, donations, organizations } from "@/models";

/** Days of donations that make a fundraiser's momentum. */
export const FEATURED_MOMENTUM_DAYS = 14;
/** Smallest goal of a featured fundraiser, cents ($100). */
export const FEATURED_MIN_GOAL_CENTS = 10_000;
/** Shortest story (description) of a featured fundraiser, characters. */
export const FEATURED_MIN_STORY_CHARS = 40;
/** Characters of the story sent to a card (the card shows a few lines of it). */
export const FEATURED_STORY_EXCERPT_CHARS = 280;

const DAY_MS = 86_400_000;

/** A fundraiser card of the home page. */
export type FeaturedFundraiser = {
  _id: string;
  name: string;
  /** The beginning of the fundraiser's story (description), at most FEATURED_STORY_EXCERPT_CHARS characters. */
  story: string;
  imageUrl: string;
  goalCents: Cents;
  progressCents: Cents;
  /** Succeeded donations in the last FEATURED_MOMENTUM_DAYS days. */
  recentGifts: number;
  /** UTC ISO timestamp. */
  createdAt: string;
  organization: { _id: string; name: string };
};

export type ListFeaturedFundraisersOptions = { limit?: number; now?: Date; provider?: ProviderName; executor?: Executor };

/**
 * The fundraisers to feature, best first.
 * @param options.limit 1..24 (default 6); options.now the present (tests); options.provider the
 *   payment provider whose connection counts (default: the active one); options.executor the
 *   database or transaction to read with (default: the app's database).
 */
export async function listFeaturedFundraisers({ limit: wanted, now = new Date(), provider, executor }: ListFeaturedFundraisersOptions = {}): Promise<FeaturedFundraiser[]> {
  const db = executor ?? (await getDb());
  const today = now.toISOString().slice(0, 10);
  const since = new Date(now.getTime() - FEATURED_MOMENTUM_DAYS * DAY_MS);
  const limit = Math.min(Math.max(Math.trunc(wanted ?? 6), 1), 24);
  // Literal kind and status: the planner matches them to the partial index's predicate.
  const recentGifts = sql<number>`(select count(*)::int from ${donations}
      where ${donations.fundraiserId} = ${fundraisers.id} and ${donations.status} = 'succeeded'
        and ${donations.createdAt} >= ${since.toISOString()}::timestamptz)`;
  const rows = await db
    .select({
      id: fundraisers.id,
      name: fundraisers.name,
      story: sql<string>`left(btrim(${fundraisers.description}), ${FEATURED_STORY_EXCERPT_CHARS})`,
      imageUrl: fundraisers.imageUrl,
      goalCents: fundraisers.goalCents,
      progressCents: fundraisers.progressCents,
      createdAt: fundraisers.createdAt,
      organizationId: organizations.id,
      orgName: organizations.name,
      orgLegalName: organizations.legalName,
      recentGifts: recentGifts.as("recent_gifts"),
    })
    .from(fundraisers)
    .innerJoin(organizations, eq(organizations.id, fundraisers.organizationId))
    .where(
      and(
        eq(fundraisers.status, "active"),
        or(isNull(fundraisers.startDate), lte(fundraisers.startDate, today)),
        or(isNull(fundraisers.endDate), gte(fundraisers.endDate, today)),
        sql`nullif(btrim(${fundraisers.imageUrl}), '') is not null`,
        sql`char_length(btrim(${fundraisers.description})) >= ${FEATURED_MIN_STORY_CHARS}`,
        gte(fundraisers.goalCents, FEATURED_MIN_GOAL_CENTS),
        canReceiveGiftsSql(provider),
      ),
    )
    .orderBy(desc(sql`recent_gifts`), desc(fundraisers.createdAt), fundraisers.id)
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    story: r.story,
    imageUrl: r.imageUrl!,
    goalCents: Number(r.goalCents),
    progressCents: Number(r.progressCents),
    recentGifts: Number(r.recentGifts),
    createdAt: new Date(r.createdAt).toISOString(),
    organization: { _id: r.organizationId, name: displayOrganizationName(r.orgName, r.orgLegalName) },
  }));
}
