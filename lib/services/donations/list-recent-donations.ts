/**
 * The latest donations to the actor's organization for the dashboard card. Donor details
 * appear only where the donor shared them for that gift (and never for anonymous gifts).
 */
import "server-only";
import { desc, eq } from "drizzle-orm";
import { authorize } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import { fundraisers, donations } from "@/models";

export type RecentDonation = {
  id: string;
  createdAt: Date;
  amountCents: Cents;
  status: string;
  failureReason: string | null;
  /** Fundraiser name, or null for a direct donation. */
  fundraiser: string | null;
  /** Shown only when shared for this gift. */
  donorName: string | null;
  donorEmail: string | null;
};

/**
 * @throws AppError(forbidden) unless the actor is a nonprofit user of `organizationId`.
 */
export async function listRecentDonations({ actor, organizationId, limit = 5 }: { actor: Actor; organizationId: string; limit?: number }): Promise<RecentDonation[]> {
  authorize(actor, "report.view", { organizationId });
  const db = await getDb();
  const rows = await db
    .select({
      id: donations.id,
      createdAt: donations.createdAt,
      amountCents: donations.amountCents,
      status: donations.status,
      failureReason: donations.failureReason,
      fundraiser: fundraisers.name,
      anonymous: donations.anonymous,
      shareName: donations.shareName,
      shareEmail: donations.shareEmail,
      donorName: donations.donorName,
      donorEmail: donations.donorEmail,
    })
    .from(donations)
    .leftJoin(fundraisers, eq(fundraisers.id, donations.fundraiserId))
    .where(eq(donations.organizationId, organizationId))
    .orderBy(desc(donations.createdAt))
    .limit(Math.min(Math.max(limit, 1), 50));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    amountCents: r.amountCents,
    status: r.status,
    failureReason: r.failureReason,
    fundraiser: r.fundraiser,
    donorName: !r.anonymous && r.shareName ? r.donorName : null,
    donorEmail: !r.anonymous && r.shareEmail ? r.donorEmail : null,
  }));
}
