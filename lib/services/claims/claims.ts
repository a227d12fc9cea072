/**
 * The claim of a directory organization: what its claimant sees of it, and the one step that
 * completes a verification, whichever way it succeeded (email at the organization's domain,
 * mailed letter code, document review). Verifying records the evidence in the admin audit log in
 * the same transaction (OWASP ASVS 5.0 V16.2: security events are logged with their facts),
 * publishes the claimant's drafts and lets the organization connect payouts and receive gifts;
 * the domain event "claim.verified" lets outgoing webhooks report it.
 */
import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorizeOrganization, authorizeOwnOrganization } from "@/lib/auth/authorize";
import { getDb, type Executor } from "@/lib/db/client";
import { publish } from "@/lib/domain-events";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { messages } from "@/lib/validations/messages";
import { organizationClaims, organizations, users } from "@/models";
import { applyClaimDraft } from "./profile-draft";

type ClaimRow = typeof organizationClaims.$inferSelect;
export type ClaimMethod = NonNullable<ClaimRow["method"]>;

/** The claim as its claimant sees it (no secret, no hash). */
export type OwnClaim = {
  _id: string;
  status: ClaimRow["status"];
  method: ClaimRow["method"];
  organization: { _id: string; legalName: string | null; ein: string | null; address: string | null };
  email: { address: string | null; website: string | null; sentAt: Date | null };
  letter: { sentAt: Date | null; attemptsLeft: number };
  document: { name: string | null; submittedAt: Date | null; rejectedReason: string | null };
  verifiedAt: Date | null;
};

/** Wrong letter codes allowed before a new letter is needed (OWASP ASVS 5.0 V6.3.1: limit guessing). */
export const LETTER_MAX_ATTEMPTS = 5;

/** The organization's IRS mailing address on one line, or null when the file has none. */
export function irsAddressLine(o: { addressLine1: string | null; city: string | null; state: string | null; zipcode: string | null }): string | null {
  if (!o.addressLine1 || !o.city || !o.state) return null;
  return `${o.addressLine1}, ${o.city}, ${o.state} ${o.zipcode ?? ""}`.trim();
}

/**
 * The pending claim of `organizationId`, locked for the verification step that follows.
 * @throws AppError(conflict) messages.claims.notPending when there is none.
 */
export async function loadPendingClaim(tx: Executor, organizationId: string): Promise<ClaimRow> {
  const [claim] = await tx
    .select()
    .from(organizationClaims)
    .where(and(eq(organizationClaims.organizationId, organizationId), eq(organizationClaims.status, "pending")))
    .orderBy(desc(organizationClaims.createdAt))
    .for("update")
    .limit(1);
  if (!claim) throw new AppError("conflict", messages.claims.notPending);
  return claim;
}

/**
 * The claimant's organization, for a verification step: `actor` must be its nonprofit user
 * ("claim.verify"), checked against the database.
 * @returns the organization id. @throws AppError(unauthenticated | forbidden | not_found).
 */
export async function authorizeClaimant(tx: Executor, actor: Actor | null | undefined): Promise<string> {
  const organizationId = authorizeOwnOrganization(actor, "claim.verify");
  return authorizeOrganization(tx, actor, "claim.verify", organizationId);
}

export type GetOwnClaimOptions = { actor: Actor };

/**
 * The signed-in nonprofit's latest claim of its organization, or null when it has none (an
 * organization registered without an EIN).
 * @throws AppError(unauthenticated | forbidden).
 */
export async function getOwnClaim({ actor }: GetOwnClaimOptions): Promise<OwnClaim | null> {
  const db = await getDb();
  const organizationId = await authorizeClaimant(db, actor);
  const [row] = await db
    .select({
      claim: organizationClaims,
      legalName: organizations.legalName,
      ein: organizations.ein,
      addressLine1: organizations.addressLine1,
      city: organizations.city,
      state: organizations.state,
      zipcode: organizations.zipcode,
    })
    .from(organizationClaims)
    .innerJoin(organizations, eq(organizations.id, organizationClaims.organizationId))
    .where(eq(organizationClaims.organizationId, organizationId))
    .orderBy(desc(organizationClaims.createdAt))
    .limit(1);
  if (!row) return null;
  const c = row.claim;
  return {
    _id: c.id,
    status: c.status,
    method: c.method,
    organization: { _id: organizationId, legalName: row.legalName, ein: row.ein, address: irsAddressLine(row) },
    email: { address: c.emailAddress, website: c.website, sentAt: c.emailSentAt },
    letter: { sentAt: c.letterSentAt, attemptsLeft: Math.max(0, LETTER_MAX_ATTEMPTS - c.letterAttempts) },
    document: { name: c.documentName, submittedAt: c.documentSubmittedAt, rejectedReason: c.documentKey ? null : c.decisionReason },
    verifiedAt: c.verifiedAt,
  };
}

/**
 * Complete a verification in the caller's transaction: the claim becomes verified with its
 * method, the organization's drafts go live and its claim stops waiting, the evidence is written
 * to the admin audit log ("claim.verified") and the claimant is emailed.
 * @param by who decided: the claimant's session (email and letter) or the admin (document review).
 * @param evidence what proved it (the address and website, the letter's date, the document and its reviewer).
 */
export async function completeClaimVerification(
  tx: Executor,
  input: { claim: ClaimRow; method: ClaimMethod; by: Actor | string; evidence: Record<string, unknown> },
): Promise<void> {
  const now = new Date();
  const [done] = await tx
    .update(organizationClaims)
    .set({ status: "verified", method: input.method, verifiedAt: now, emailTokenHash: null, letterCodeHash: null })
    .where(and(eq(organizationClaims.id, input.claim.id), eq(organizationClaims.status, "pending")))
    .returning({ id: organizationClaims.id });
  if (!done) throw new AppError("conflict", messages.claims.notPending);
  await applyClaimDraft(tx, input.claim.organizationId);
  const [org] = await tx
    .select({ legalName: organizations.legalName, ein: organizations.ein, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, input.claim.organizationId))
    .limit(1);
  await recordAdminAction(tx, {
    actor: input.by,
    action: "claim.verified",
    target: input.claim.organizationId,
    details: { claimId: input.claim.id, method: input.method, legalName: org?.legalName ?? null, ein: org?.ein ?? null, ...input.evidence },
  });
  await publish(tx, "claim.verified", { organizationId: input.claim.organizationId, claimId: input.claim.id, method: input.method, occurredAt: now });
  await notifyClaimant(tx, input.claim.userId, {
    subject: `Your claim of ${org?.legalName ?? org?.name ?? "your organization"} is verified`,
    text: `${messages.claims.verified}\n\nOpen your dashboard: ${baseUrl()}/dashboard`,
  });
}

/** Email the claimant's account (nothing when the account is gone), in the caller's transaction. */
export async function notifyClaimant(tx: Executor, userId: string | null, message: { subject: string; text: string }): Promise<void> {
  if (!userId) return;
  const [user] = await tx.select({ email: users.email }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  if (user) await enqueueMail({ to: user.email, ...message }, { tx });
}
