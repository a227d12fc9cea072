/**
 * The one step that completes a verification, whichever way it succeeded (email at the
 * organization's domain, mailed letter code, document review, an admin's decision), for a
 * first claim and for a contest alike. Verifying records the evidence in the admin audit log in
 * the same transaction (OWASP ASVS 5.0 V16.2: security events are logged with their facts) and
 * lets the organization connect payouts and receive gifts; the domain event "claim.verified"
 * lets outgoing webhooks report it.
 *
 * Disputes (a second person says "I run this organization"): the verified claim wins.
 * - A contest that verifies while the claim it contests is still pending takes the organization
 *   over at once; the other claim ends (its drafts, short link, fundraisers and payout connection
 *   with it) and its accounts lose access.
 * - A contest that verifies while the other claim is verified too cannot be settled by either
 *   proof alone: the proof is recorded (`proved_at`) and the admin decides in the console
 *   (lib/services/claims/disputes.ts), seeing both claims and their evidence.
 * - A first claim that verifies while a contest is pending keeps the organization; the contest
 *   stays open and, if it verifies later, goes to the admin.
 * Both sides are emailed why.
 */
import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Executor } from "@/lib/db/client";
import { publish } from "@/lib/domain-events";
import { baseUrl } from "@/lib/env";
import { enqueueMails } from "@/lib/mail/queue";
import { AppError } from "@/lib/errors";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { fillMessage } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { fundraisers, organizationClaims, organizations, users } from "@/models";
import { loadHoldingClaim, notifyClaimant, organizationMembers, revokeOpenInvitations, type ClaimMethod, type ClaimRow } from "./claims";
import { applyClaimDraft } from "./profile-draft";

/** verified: the claim now holds the organization; awaiting_admin: a contest's proof waits for the admin. */
export type ClaimVerificationOutcome = "verified" | "awaiting_admin";

export type CompleteClaimVerificationOptions = {
  /** The caller's transaction; the verification commits or rolls back with it. */
  tx: Executor;
  claim: ClaimRow;
  method: ClaimMethod;
  /** Who decided: the claimant's session or address (email, letter) or the admin (document review, dispute). */
  by: Actor | string;
  /** What proved it (the address and website, the letter's date, the document and its reviewer). */
  evidence: Record<string, unknown>;
  /** The admin decided a dispute for this contest: it takes over even from a verified claim. */
  adminDecision?: { reason: string };
};

/** The organization's names for messages, and whether someone holds it verified (claimed, not waiting). */
async function organizationNames(tx: Executor, organizationId: string): Promise<{ legalName: string | null; ein: string | null; name: string; heldVerified: boolean }> {
  const [org] = await tx
    .select({ legalName: organizations.legalName, ein: organizations.ein, name: organizations.name, claimed: organizations.claimed, claimPendingSince: organizations.claimPendingSince })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!org) return { legalName: null, ein: null, name: "your organization", heldVerified: false };
  return { legalName: org.legalName, ein: org.ein, name: org.name, heldVerified: org.claimed && !org.claimPendingSince };
}

/**
 * Complete the verification of `claim` by `method` in the caller's transaction `tx` (see the
 * module comment for disputes); `by` and `evidence` go to the audit log.
 * A first claim: it becomes verified with its method, its drafts go live, the organization stops
 * waiting. A contest: it takes over as described above, or its proof waits for the admin.
 * @returns "verified" or "awaiting_admin".
 * @throws AppError(conflict) messages.claims.notPending when the claim is no longer pending.
 */
export async function completeClaimVerification({ tx, ...input }: CompleteClaimVerificationOptions): Promise<ClaimVerificationOutcome> {
  const { claim } = input;
  const holding = claim.contest ? await loadHoldingClaim({ tx, organizationId: claim.organizationId }) : null;
  const org = await organizationNames(tx, claim.organizationId);
  const name = org.legalName ?? org.name;
  // Held verified: by its verified claim, or claimed and not waiting when no claim row says more.
  const heldVerified = holding ? holding.status === "verified" : org.heldVerified;
  if (claim.contest && heldVerified && !input.adminDecision) {
    const [proved] = await tx
      .update(organizationClaims)
      .set({ provedAt: new Date(), provedMethod: input.method, provedEvidence: input.evidence, emailTokenHash: null, letterCodeHash: null })
      .where(and(eq(organizationClaims.id, claim.id), eq(organizationClaims.status, "pending")))
      .returning({ id: organizationClaims.id });
    if (!proved) throw new AppError("conflict", messages.claims.notPending);
    await recordAdminAction({
      tx,
      actor: input.by,
      action: "claim.contest_proved",
      target: claim.organizationId,
      details: { claimId: claim.id, contests: holding?.id ?? null, method: input.method, legalName: org.legalName, ein: org.ein, ...input.evidence },
    });
    await notifyClaimant({ tx, userId: claim.userId, message: { subject: `Your verification for ${name} is recorded`, text: fillMessage(messages.claims.contestAwaitingAdmin, { name }) } });
    return "awaiting_admin";
  }

  const now = new Date();
  const [done] = await tx
    .update(organizationClaims)
    .set({ status: "verified", method: input.method, verifiedAt: now, emailTokenHash: null, letterCodeHash: null })
    .where(and(eq(organizationClaims.id, claim.id), eq(organizationClaims.status, "pending")))
    .returning({ id: organizationClaims.id });
  if (!done) throw new AppError("conflict", messages.claims.notPending);

  const loser = claim.contest ? holding : null;
  if (claim.contest) await handOver(tx, { winner: claim, loser, adminDecision: input.adminDecision, by: input.by, name });
  else await applyClaimDraft({ tx, organizationId: claim.organizationId });

  await recordAdminAction({
    tx,
    actor: input.by,
    action: "claim.verified",
    target: claim.organizationId,
    details: { claimId: claim.id, method: input.method, legalName: org.legalName, ein: org.ein, ...(loser ? { won: loser.id } : {}), ...input.evidence },
  });
  await publish(tx, "claim.verified", { organizationId: claim.organizationId, claimId: claim.id, method: input.method, occurredAt: now });
  await notifyClaimant({
    tx,
    userId: claim.userId,
    message: {
      subject: `Your claim of ${name} is verified`,
      text: `${claim.contest ? fillMessage(messages.claims.wonDispute, { name }) : messages.claims.verified}\n\nOpen your dashboard: ${baseUrl()}/dashboard`,
    },
  });
  return "verified";
}

/**
 * A contest won: the winner's account manages the organization; the claim it contested (if any
 * still holds) ends as rejected with the reason; the accounts that acted for the organization
 * lose access and their sessions end; what the other side set up (drafts, short link,
 * fundraisers, payout connection, invitations) is removed so no gift or payout reaches it.
 */
async function handOver(
  tx: Executor,
  input: { winner: ClaimRow; loser: ClaimRow | null; adminDecision?: { reason: string }; by: Actor | string; name: string },
): Promise<void> {
  const { winner, loser } = input;
  const organizationId = winner.organizationId;
  const now = new Date();
  const reason = input.adminDecision ? fillMessage(messages.claims.lostDisputeAdminReason, { reason: input.adminDecision.reason }) : messages.claims.lostDisputeReason;
  if (loser) {
    await tx
      .update(organizationClaims)
      .set({ status: "rejected", decisionReason: reason, emailTokenHash: null, letterCodeHash: null })
      .where(eq(organizationClaims.id, loser.id));
    await recordAdminAction({ tx, actor: input.by, action: "claim.dispute_lost", target: organizationId, details: { claimId: loser.id, wonBy: winner.id, reason } });
  }
  const [org] = await tx.select({ legalName: organizations.legalName }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  await tx
    .update(organizations)
    .set({
      claimed: true,
      claimedAt: now,
      claimPendingSince: null,
      claimDraft: null,
      nickname: null,
      stripeAccountId: null,
      stripeComplete: false,
      paypalMerchantId: null,
      sandboxConnectedAt: null,
      ...(org?.legalName ? { name: org.legalName } : {}),
    })
    .where(eq(organizations.id, organizationId));
  await tx.update(fundraisers).set({ status: "ended", endedAt: now }).where(and(eq(fundraisers.organizationId, organizationId), eq(fundraisers.status, "active")));
  await revokeOpenInvitations({ tx, organizationId, now });
  const formerMembers = (await organizationMembers({ tx, organizationId })).filter((m) => m.id !== winner.userId);
  await tx
    .update(users)
    .set({ organizationId: null, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.organizationId, organizationId), winner.userId ? ne(users.id, winner.userId) : sql`true`));
  if (winner.userId) await tx.update(users).set({ organizationId }).where(eq(users.id, winner.userId));
  // The losing claimant and everyone who acted for the organization with it are told why.
  const ended = { subject: `Your claim of ${input.name} has ended`, text: fillMessage(messages.claims.disputeEnded, { name: input.name, reason }) };
  if (loser) await notifyClaimant({ tx, userId: loser.userId, message: ended });
  const others = formerMembers.filter((m) => m.id !== loser?.userId);
  if (others.length > 0) await enqueueMails(others.map((m) => ({ to: m.email, ...ended })), { tx });
}
