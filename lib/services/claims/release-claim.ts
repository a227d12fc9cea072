/**
 * The end of a claim that did not verify: a pending claim expires after CLAIM_PENDING_DAYS
 * without verification (a squatter cannot hold a listing), and the admin can release a claim
 * with a reason. Either way the organization is unclaimed again with its IRS facts (the IRS
 * legal name is its name again; no payout account), the claimant's drafts and fundraisers end,
 * no account acts for it any more and its open invitations are revoked, the claimant and every other member are told why, and the
 * admin audit log records it.
 */
import "server-only";
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { startPeriodicJob } from "@/lib/mail/queue";
import { enqueueMails } from "@/lib/mail/queue";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { fillMessage } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { fundraisers, organizationClaims, organizations, users } from "@/models";
import { loadHoldingClaim, notifyClaimant, organizationMembers, revokeOpenInvitations } from "./claims";

/** Days a claim may wait for verification before it expires. */
export const CLAIM_PENDING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type ClaimRow = typeof organizationClaims.$inferSelect;

/** End `claim` as `status` in the caller's transaction (see the module comment). */
async function endClaim(tx: Executor, claim: ClaimRow, status: "expired" | "released", reason: string, by: Actor | string): Promise<void> {
  const now = new Date();
  await tx
    .update(organizationClaims)
    .set({ status, decisionReason: reason, emailTokenHash: null, letterCodeHash: null })
    .where(eq(organizationClaims.id, claim.id));
  const [org] = await tx.select({ legalName: organizations.legalName, name: organizations.name }).from(organizations).where(eq(organizations.id, claim.organizationId)).limit(1);
  await tx
    .update(organizations)
    .set({
      claimed: false,
      claimedAt: null,
      claimPendingSince: null,
      claimDraft: null,
      nickname: null,
      // A display name the claimant chose leaves with the claim: the listing is the IRS record's again.
      name: sql`coalesce(${organizations.legalName}, ${organizations.name})`,
      stripeAccountId: null,
      stripeComplete: false,
      paypalMerchantId: null,
      sandboxConnectedAt: null,
    })
    .where(eq(organizations.id, claim.organizationId));
  await tx.update(fundraisers).set({ status: "ended", endedAt: now }).where(and(eq(fundraisers.organizationId, claim.organizationId), eq(fundraisers.status, "active")));
  const members = await organizationMembers({ tx, organizationId: claim.organizationId });
  await tx.update(users).set({ organizationId: null }).where(eq(users.organizationId, claim.organizationId));
  await revokeOpenInvitations({ tx, organizationId: claim.organizationId, now });
  await recordAdminAction({ tx, actor: by, action: `claim.${status}`, target: claim.organizationId, details: { claimId: claim.id, reason } });
  const name = org?.legalName ?? org?.name ?? "the organization";
  const message = { subject: `Your claim of ${name} has ended`, text: fillMessage(messages.claims.ended, { name, reason }) };
  await notifyClaimant({ tx, userId: claim.userId, message });
  // The other members lose access with the claimant (and the payout account is disconnected).
  const others = members.filter((m) => m.id !== claim.userId);
  await enqueueMails(others.map((m) => ({ to: m.email, ...message })), { tx });
}

/**
 * Expire the claims pending for more than CLAIM_PENDING_DAYS before `now` (default: the present)
 * (first claims and contests). Idempotent.
 * @returns how many expired.
 */
export async function expirePendingClaims({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - CLAIM_PENDING_DAYS * DAY_MS);
  const stale = await db
    .select({ organizationId: organizations.id })
    .from(organizations)
    .where(and(isNotNull(organizations.claimPendingSince), lt(organizations.claimPendingSince, cutoff)))
    .limit(500);
  let expired = 0;
  for (const { organizationId } of stale) {
    expired += await db.transaction(async (tx) => {
      const claim = await loadHoldingClaim({ tx, organizationId });
      const [org] = await tx.select({ since: organizations.claimPendingSince }).from(organizations).where(eq(organizations.id, organizationId)).for("update").limit(1);
      if (claim?.status !== "pending" || !org?.since || org.since.getTime() >= cutoff.getTime()) return 0;
      await endClaim(tx, claim, "expired", messages.claims.expiredReason, "system");
      return 1;
    });
  }
  // A contest that never verified ends too (one whose proof waits for the admin stays).
  const staleContests = await db
    .update(organizationClaims)
    .set({ status: "expired", decisionReason: messages.claims.expiredReason, emailTokenHash: null, letterCodeHash: null })
    .where(and(eq(organizationClaims.contest, true), eq(organizationClaims.status, "pending"), isNull(organizationClaims.provedAt), lt(organizationClaims.createdAt, cutoff)))
    .returning({ id: organizationClaims.id, userId: organizationClaims.userId, organizationId: organizationClaims.organizationId });
  for (const c of staleContests) {
    await db.transaction(async (tx) => {
      await recordAdminAction({ tx, actor: "system", action: "claim.expired", target: c.organizationId, details: { claimId: c.id, contest: true } });
      const [org] = await tx.select({ legalName: organizations.legalName, name: organizations.name }).from(organizations).where(eq(organizations.id, c.organizationId)).limit(1);
      const name = org?.legalName ?? org?.name ?? "the organization";
      await notifyClaimant({ tx, userId: c.userId, message: { subject: `Your contest of ${name} has ended`, text: fillMessage(messages.claims.disputeEnded, { name, reason: messages.claims.expiredReason }) } });
    });
  }
  return expired + staleContests.length;
}

export type ReleaseClaimOptions = { actor: Actor | null; organizationId: string; reason: string };

/**
 * The admin releases the organization's claim (pending or verified) with a reason.
 * @throws AppError(unauthenticated | forbidden) unless the admin; AppError(bad_request) without
 *   a reason; AppError(conflict) when the organization has no claim to release.
 */
export async function releaseClaim({ actor, organizationId, reason }: ReleaseClaimOptions): Promise<{ released: true }> {
  authorize(actor, "admin.review", {});
  const why = reason.trim();
  if (!why) throw new AppError("bad_request", messages.claims.releaseReasonRequired, { reason: messages.claims.releaseReasonRequired });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await loadHoldingClaim({ tx, organizationId });
    if (!claim) throw new AppError("conflict", messages.claims.notPending);
    await endClaim(tx, claim, "released", why.slice(0, 500), actor!);
    return { released: true as const };
  });
}

/** Start the daily expiry of stale pending claims in this process (the server calls this at start). Idempotent. */
export async function startClaimExpiryJob(): Promise<void> {
  await startPeriodicJob("claim-expiry", 60 * 60, async () => {
    const expired = await expirePendingClaims();
    if (expired > 0) logger.info("pending claims expired", { expired });
  });
}
