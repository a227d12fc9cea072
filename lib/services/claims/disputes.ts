/**
 * Disputes in the admin console: every open contest ("I run this organization") beside the
 * claim it contests, each with its claimant, how it verified and its evidence, and the admin's
 * decision when both sides verified (lib/services/claims/complete-verification.ts: the verified
 * claim wins; between two verified claims the admin decides). Handing over ends the other claim
 * and its accounts' access; keeping the current claim ends the contest. Both sides are told why
 * by email, and the audit log records the decision with its reason.
 */
import "server-only";
import { aliasedTable, and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { fillMessage, type ClaimDisputeDecisionInput } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { adminAuditLog, organizationClaims, organizations, users } from "@/models";
import { irsAddressLine, loadHoldingClaim, loadPendingClaimById, notifyClaimant, type ClaimRow } from "./claims";
import { completeClaimVerification } from "./complete-verification";

/** One side of a dispute as the admin sees it (no secret, no hash, no storage key). */
export type DisputeSide = {
  claimId: string;
  status: ClaimRow["status"];
  claimant: { name: string | null; email: string | null };
  claimedAt: Date;
  /** How it verified (the holding claim) or proved (the contest), and when; null when not yet. */
  verification: { method: ClaimRow["method"]; at: Date | null; evidence: Record<string, unknown> } | null;
  /** A document waiting for review (the console's document review shows it). */
  documentSubmittedAt: Date | null;
};

/** An open contest and the claim it contests, beside the IRS record. */
export type ClaimDispute = {
  organization: { _id: string; legalName: string | null; ein: string | null; address: string | null; displayName: string };
  contest: DisputeSide;
  /** The claim that holds the organization now; null when it has ended meanwhile. */
  holding: DisputeSide | null;
  /** The admin must decide: the contest proved itself while the organization was held verified. */
  awaitingDecision: boolean;
};

/** Evidence fields safe to show in the console (never a token hash or a storage key). */
const SHOWN_EVIDENCE = ["email", "website", "sentAt", "letterSentAt", "address", "document", "submittedAt", "reviewer"] as const;
const shownEvidence = (details: Record<string, unknown> | null | undefined): Record<string, unknown> =>
  Object.fromEntries(SHOWN_EVIDENCE.filter((k) => details?.[k] != null).map((k) => [k, details![k]]));

export type ListClaimDisputesOptions = { actor: Actor | null };

/**
 * The open contests, the ones waiting for a decision first, then oldest first (admin only).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function listClaimDisputes({ actor }: ListClaimDisputesOptions): Promise<ClaimDispute[]> {
  authorize(actor, "admin.review", {});
  const db = await getDb();
  const contests = await db
    .select({ claim: organizationClaims, firstName: users.firstName, lastName: users.lastName, email: users.email, org: organizations })
    .from(organizationClaims)
    .innerJoin(organizations, eq(organizations.id, organizationClaims.organizationId))
    .leftJoin(users, eq(users.id, organizationClaims.userId))
    .where(and(eq(organizationClaims.contest, true), eq(organizationClaims.status, "pending")))
    .orderBy(asc(organizationClaims.createdAt))
    .limit(200);
  if (contests.length === 0) return [];
  const holder = aliasedTable(users, "holder");
  const holdingRows = await db
    .select({ claim: organizationClaims, firstName: holder.firstName, lastName: holder.lastName, email: holder.email })
    .from(organizationClaims)
    .leftJoin(holder, eq(holder.id, organizationClaims.userId))
    .where(
      and(
        inArray(organizationClaims.organizationId, [...new Set(contests.map((c) => c.claim.organizationId))]),
        eq(organizationClaims.contest, false),
        inArray(organizationClaims.status, ["pending", "verified"]),
      ),
    )
    .orderBy(desc(organizationClaims.createdAt));
  const verifiedEvidence = await db
    .select({ target: adminAuditLog.target, details: adminAuditLog.details })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, "claim.verified"), inArray(adminAuditLog.target, [...new Set(holdingRows.map((r) => r.claim.organizationId))])))
    .orderBy(desc(adminAuditLog.createdAt));
  const name = (r: { firstName: string | null; lastName: string | null }) => [r.firstName, r.lastName].filter(Boolean).join(" ") || null;
  const disputes = contests.map(({ claim, org, ...who }): ClaimDispute => {
    const h = holdingRows.find((r) => r.claim.organizationId === claim.organizationId);
    const hEvidence = h ? verifiedEvidence.find((e) => e.target === claim.organizationId && e.details?.claimId === h.claim.id)?.details : undefined;
    return {
      organization: { _id: org.id, legalName: org.legalName, ein: org.ein, address: irsAddressLine(org), displayName: org.name },
      contest: {
        claimId: claim.id,
        status: claim.status,
        claimant: { name: name(who), email: who.email },
        claimedAt: claim.createdAt,
        verification: claim.provedAt ? { method: claim.provedMethod, at: claim.provedAt, evidence: shownEvidence(claim.provedEvidence) } : null,
        documentSubmittedAt: claim.documentKey ? claim.documentSubmittedAt : null,
      },
      holding: h
        ? {
            claimId: h.claim.id,
            status: h.claim.status,
            claimant: { name: name(h), email: h.email },
            claimedAt: h.claim.createdAt,
            verification: h.claim.status === "verified" ? { method: h.claim.method, at: h.claim.verifiedAt, evidence: shownEvidence(hEvidence) } : null,
            documentSubmittedAt: h.claim.documentKey ? h.claim.documentSubmittedAt : null,
          }
        : null,
      awaitingDecision: !!claim.provedAt,
    };
  });
  return disputes.sort((a, b) => Number(b.awaitingDecision) - Number(a.awaitingDecision));
}

export type DecideClaimDisputeOptions = { actor: Actor | null; claimId: string; input: ClaimDisputeDecisionInput };

/**
 * The admin's decision on the contest `claimId`, with a reason. hand_over: the contest wins
 * (method "admin", with its proof, if any, as evidence) and the claim it contested ends;
 * keep: the contest ends as rejected and its claimant is told why.
 * @returns `{ status }`: "verified" (handed over) or "rejected" (kept).
 * @throws AppError(unauthenticated | forbidden) unless the admin; AppError(not_found) for an
 *   unknown claim; AppError(conflict) when it is not a pending contest.
 */
export async function decideClaimDispute({ actor, claimId, input }: DecideClaimDisputeOptions): Promise<{ status: "verified" | "rejected" }> {
  authorize(actor, "admin.review", {});
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await loadPendingClaimById({ tx, claimId });
    if (!claim.contest) throw new AppError("conflict", messages.claims.disputeNotAContest);
    const holding = await loadHoldingClaim({ tx, organizationId: claim.organizationId });
    if (input.decision === "hand_over") {
      await completeClaimVerification({
        tx,
        claim,
        method: "admin",
        by: actor,
        evidence: { reason: input.reason, proved: claim.provedMethod, provedAt: claim.provedAt?.toISOString() ?? null },
        adminDecision: { reason: input.reason },
      });
      return { status: "verified" as const };
    }
    const reason = fillMessage(messages.claims.contestRejectedReason, { reason: input.reason });
    await tx.update(organizationClaims).set({ status: "rejected", decisionReason: reason, emailTokenHash: null, letterCodeHash: null }).where(eq(organizationClaims.id, claim.id));
    await recordAdminAction({ tx, actor, action: "claim.dispute_kept", target: claim.organizationId, details: { claimId: claim.id, kept: holding?.id ?? null, reason: input.reason } });
    const [org] = await tx.select({ legalName: organizations.legalName, name: organizations.name }).from(organizations).where(eq(organizations.id, claim.organizationId)).limit(1);
    const name = org?.legalName ?? org?.name ?? "the organization";
    await notifyClaimant({ tx, userId: claim.userId, message: { subject: `Your contest of ${name} has ended`, text: fillMessage(messages.claims.disputeEnded, { name, reason }) } });
    if (holding) {
      await notifyClaimant({
        tx,
        userId: holding.userId,
        message: {
          subject: `Your claim of ${name} stays yours`,
          text: fillMessage(messages.claims.contestKeptNotice, { name, reason: input.reason }),
        },
      });
    }
    return { status: "rejected" as const };
  });
}
