/** Platform totals for the admin console. */
import "server-only";
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import { authorize } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import { donations, organizations, users } from "@/models";

export type PlatformTotals = {
  organizationsClaimed: number;
  pendingApproval: number;
  donors: number;
  /** Succeeded donations created in the current calendar month (UTC). */
  donationsThisMonth: number;
  /** Sum of amount_cents of those donations. */
  dollarsThisMonthCents: Cents;
  monthStart: Date;
};

export type GetPlatformTotalsOptions = { actor: Actor | null; now?: Date };

/**
 * Organizations claimed, organizations pending, donor accounts (not deleted), and succeeded
 * donations of the current UTC calendar month with their total in cents (admin only).
 * @param options.now the instant whose UTC month is counted (default: now).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function getPlatformTotals({ actor, now = new Date() }: GetPlatformTotalsOptions): Promise<PlatformTotals> {
  authorize(actor, "admin.view", {});
  const db = await getDb();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [[claimed], [pending], [donors], [gifts]] = await Promise.all([
    db.select({ n: count() }).from(organizations).where(eq(organizations.claimed, true)),
    db.select({ n: count() }).from(organizations).where(eq(organizations.approvalStatus, "pending")),
    db.select({ n: count() }).from(users).where(and(eq(users.type, "individual"), sql`${users.deletedAt} is null`)),
    db
      .select({ n: count(), cents: sql<string>`coalesce(sum(${donations.amountCents}), 0)` })
      .from(donations)
      .where(and(eq(donations.status, "succeeded"), gte(donations.createdAt, monthStart), lt(donations.createdAt, nextMonth))),
  ]);
  return {
    organizationsClaimed: Number(claimed?.n ?? 0),
    pendingApproval: Number(pending?.n ?? 0),
    donors: Number(donors?.n ?? 0),
    donationsThisMonth: Number(gifts?.n ?? 0),
    dollarsThisMonthCents: Number(gifts?.cents ?? 0),
    monthStart,
  };
}
