/**
 * Rewards (no cash value): points for completed donations and verified volunteer hours,
 * published rules, levels and badges, and the dashboard summary.
 */
import "server-only";
import { and, count, eq, gte, lt, sql, sum } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import { donations, donorPreferences, impactStories, recurringGifts, users, volunteerHours } from "@/models";
import { donorIdentityColumns, sharedIdentity } from "@/lib/services/volunteering/donor-privacy";

/** The published rules. */
export const rewardRules = {
  pointsPerDollar: 1,
  pointsPerVerifiedHour: 10,
  text: [
    "1 point for every whole dollar of a completed donation.",
    "10 points for every hour of volunteering a nonprofit has verified.",
    "Points have no cash value and cannot be exchanged or transferred.",
  ],
} as const;

export const rewardLevels = [
  { name: "Seedling", minPoints: 0 },
  { name: "Sprout", minPoints: 100 },
  { name: "Grower", minPoints: 500 },
  { name: "Champion", minPoints: 1500 },
  { name: "Luminary", minPoints: 5000 },
] as const;

export const badgeRules = [
  { id: "first-gift", name: "First Gift", rule: "Complete your first donation" },
  { id: "generous-giver", name: "Generous Giver", rule: "Give $1,000 or more in total" },
  { id: "monthly-supporter", name: "Monthly Supporter", rule: "Keep an active recurring gift" },
  { id: "first-shift", name: "First Shift", rule: "Have volunteer hours verified" },
  { id: "dedicated-volunteer", name: "Dedicated Volunteer", rule: "Reach 20 verified volunteer hours" },
  { id: "storyteller", name: "Storyteller", rule: "Have an impact story approved" },
  { id: "community-builder", name: "Community Builder", rule: "Support 3 or more nonprofits" },
] as const;

export type Rewards = {
  points: number;
  level: string;
  nextLevel: { name: string; pointsNeeded: number } | null;
  badges: { id: string; name: string; rule: string; earned: boolean }[];
};

export type DonorSummary = {
  /** Completed gifts made this UTC calendar year, in cents. */
  givenThisYearCents: Cents;
  verifiedMinutes: number;
  rewards: Rewards;
};

/** Points, level and badges from the raw totals (pure). */
export function computeRewards(t: { givenCents: number; gifts: number; verifiedMinutes: number; activeRecurring: number; approvedStories: number; organizations: number }): Rewards {
  const points = Math.floor(t.givenCents / 100) * rewardRules.pointsPerDollar + Math.floor((t.verifiedMinutes / 60) * rewardRules.pointsPerVerifiedHour);
  const idx = rewardLevels.reduce((best, l, i) => (points >= l.minPoints ? i : best), 0);
  const next = rewardLevels[idx + 1];
  const earned: Record<string, boolean> = {
    "first-gift": t.gifts > 0,
    "generous-giver": t.givenCents >= 100_000,
    "monthly-supporter": t.activeRecurring > 0,
    "first-shift": t.verifiedMinutes > 0,
    "dedicated-volunteer": t.verifiedMinutes >= 20 * 60,
    storyteller: t.approvedStories > 0,
    "community-builder": t.organizations >= 3,
  };
  return {
    points,
    level: rewardLevels[idx]!.name,
    nextLevel: next ? { name: next.name, pointsNeeded: next.minPoints - points } : null,
    badges: badgeRules.map((b) => ({ ...b, earned: earned[b.id] ?? false })),
  };
}

/** Lifetime totals behind the rewards of one donor (completed gifts, verified hours, ...). */
async function loadRewardTotals(donorId: string) {
  const db = await getDb();
  const ok = and(eq(donations.donorUserId, donorId), eq(donations.status, "succeeded"));
  const [[all], [hours], [recurring], [stories]] = await Promise.all([
    db.select({ total: sum(donations.amountCents), gifts: count(), orgs: sql<number>`count(distinct ${donations.organizationId})` }).from(donations).where(ok),
    db
      .select({ minutes: sum(volunteerHours.minutes) })
      .from(volunteerHours)
      .where(and(eq(volunteerHours.donorUserId, donorId), eq(volunteerHours.status, "approved"))),
    db.select({ n: count() }).from(recurringGifts).where(and(eq(recurringGifts.donorUserId, donorId), eq(recurringGifts.status, "active"))),
    db.select({ n: count() }).from(impactStories).where(and(eq(impactStories.donorUserId, donorId), eq(impactStories.status, "approved"))),
  ]);
  return {
    givenCents: Number(all?.total ?? 0),
    gifts: Number(all?.gifts ?? 0),
    verifiedMinutes: Number(hours?.minutes ?? 0),
    activeRecurring: Number(recurring?.n ?? 0),
    approvedStories: Number(stories?.n ?? 0),
    organizations: Number(all?.orgs ?? 0),
  };
}

/**
 * The donor's dashboard summary: total given this year, verified volunteer hours and rewards.
 * @throws AppError(forbidden) for another user's id.
 */
export async function getDonorSummary({ actor, donorId, now = new Date() }: { actor: Actor; donorId: string; now?: Date }): Promise<DonorSummary> {
  authorize(actor, "reward.view", { userId: donorId });
  const db = await getDb();
  const year = now.getUTCFullYear();
  const [totals, [thisYear]] = await Promise.all([
    loadRewardTotals(donorId),
    db
      .select({ total: sum(donations.amountCents) })
      .from(donations)
      .where(
        and(
          eq(donations.donorUserId, donorId),
          eq(donations.status, "succeeded"),
          gte(donations.createdAt, new Date(Date.UTC(year, 0, 1))),
          lt(donations.createdAt, new Date(Date.UTC(year + 1, 0, 1))),
        ),
      ),
  ]);
  return { givenThisYearCents: Number(thisYear?.total ?? 0), verifiedMinutes: totals.verifiedMinutes, rewards: computeRewards(totals) };
}

/**
 * What anybody may see of a donor on their public page: the name only when the donor shares
 * it (ShareMyPrivateInfo.name), the member-since year, the reward level and the earned badges.
 * No amounts and no points, since points follow dollars given.
 */
export type PublicDonorProfile = {
  displayName: string;
  profileImg: string | null;
  memberSinceYear: number;
  level: string;
  badges: { id: string; name: string; rule: string }[];
};

/**
 * The public donor page's data of donor `donorId` (a user id).
 * @throws AppError(not_found) unknown, deleted or non-donor user id.
 */
export async function getPublicDonorProfile({ donorId }: { donorId: string }): Promise<PublicDonorProfile> {
  const db = await getDb();
  const [row] = await db
    .select({ ...donorIdentityColumns, type: users.type, deletedAt: users.deletedAt, createdAt: users.createdAt, profileImg: users.profileImg })
    .from(users)
    .leftJoin(donorPreferences, eq(donorPreferences.userId, users.id))
    .where(eq(users.id, donorId));
  if (!row || row.type !== "individual" || row.deletedAt) throw new AppError("not_found", messages.donor.publicPageNotFound);
  const rewards = computeRewards(await loadRewardTotals(donorId));
  const name = sharedIdentity(row).donorName;
  return {
    displayName: name ?? "A Givebridge donor",
    profileImg: name ? row.profileImg : null,
    memberSinceYear: row.createdAt.getUTCFullYear(),
    level: rewards.level,
    badges: rewards.badges.filter((b) => b.earned).map(({ id, name: badge, rule }) => ({ id, name: badge, rule })),
  };
}
