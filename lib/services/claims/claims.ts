/**
 * The claim of a directory organization as its claimant sees it, and the lookups every
 * verification step starts from: the claimant's own pending claim (a claim belongs to the
 * account that made it), a claim by id for the admin, and the claim that holds an organization
 * now. Completing a verification is lib/services/claims/complete-verification.ts.
 */
import "server-only";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize, authorizeRole } from "@/lib/auth/authorize";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { enqueueMail, enqueueMails } from "@/lib/mail/queue";
import { messages } from "@/lib/validations/messages";
import { organizationClaims, organizationInvitations, organizations, users } from "@/models";

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
  /** A contest of another person's claim; `provedAt` when its proof waits for the admin (the contested claim is verified). */
  contest: { provedAt: Date | null; provedMethod: ClaimRow["method"] } | null;
  /** Someone contests this claim ("I run this organization"). */
  contested: boolean;
  /** Why it ended (rejected, lost a dispute, expired, released). */
  decisionReason: string | null;
  verifiedAt: Date | null;
};

/** Wrong letter codes allowed before a new letter is needed (OWASP ASVS 5.0 V6.3.1: limit guessing). */
export const LETTER_MAX_ATTEMPTS = 5;

/** The organization's IRS mailing address on one line, or null when the file has none. */
export function irsAddressLine(o: { addressLine1: string | null; city: string | null; state: string | null; zipcode: string | null }): string | null {
  if (!o.addressLine1 || !o.city || !o.state) return null;
  return `${o.addressLine1}, ${o.city}, ${o.state} ${o.zipcode ?? ""}`.trim();
}

/** One claim's row, for the verification steps (lib/services/claims/*). */
export type { ClaimRow };

/**
 * The signed-in claimant's own pending claim (its first claim of an organization or its
 * contest of another's), locked in transaction `tx` for the verification step that follows.
 * `actor` is the session's caller. A claim belongs to the
 * account that made it ("claim.verify"), checked against the database: a deleted account
 * verifies nothing.
 * @throws AppError(unauthenticated) without a session; AppError(forbidden) for another account
 *   type; AppError(conflict) messages.claims.notPending when it has no pending claim.
 */
export async function loadOwnPendingClaim({ tx, actor }: { tx: Executor; actor: Actor | null | undefined }): Promise<ClaimRow> {
  const claimant = authorizeRole(actor, "nonprofit");
  const [found] = await tx
    .select({ claim: organizationClaims })
    .from(organizationClaims)
    .innerJoin(users, eq(users.id, organizationClaims.userId))
    .where(and(eq(organizationClaims.userId, claimant.id), eq(organizationClaims.status, "pending"), isNull(users.deletedAt)))
    .orderBy(desc(organizationClaims.createdAt))
    .for("update", { of: organizationClaims })
    .limit(1);
  if (!found) throw new AppError("conflict", messages.claims.notPending);
  authorize(claimant, "claim.verify", { userId: found.claim.userId });
  return found.claim;
}

/**
 * The claim `claimId`, locked in transaction `tx`, when it is pending (an admin's decision on it follows).
 * @throws AppError(not_found) for an unknown claim; AppError(conflict) messages.claims.notPending otherwise.
 */
export async function loadPendingClaimById({ tx, claimId }: { tx: Executor; claimId: string }): Promise<ClaimRow> {
  const [claim] = await tx.select().from(organizationClaims).where(eq(organizationClaims.id, claimId)).for("update").limit(1);
  if (!claim) throw new AppError("not_found", messages.generic.notFound);
  if (claim.status !== "pending") throw new AppError("conflict", messages.claims.notPending);
  return claim;
}

/**
 * The claim that holds `organizationId` now: its pending first claim or its verified one (a
 * contest never holds it until it wins), locked in transaction `tx`; null when nobody holds it.
 */
export async function loadHoldingClaim({ tx, organizationId }: { tx: Executor; organizationId: string }): Promise<ClaimRow | null> {
  const [claim] = await tx
    .select()
    .from(organizationClaims)
    .where(and(eq(organizationClaims.organizationId, organizationId), eq(organizationClaims.contest, false), inArray(organizationClaims.status, ["pending", "verified"])))
    .orderBy(desc(organizationClaims.createdAt))
    .for("update")
    .limit(1);
  return claim ?? null;
}

export type GetOwnClaimOptions = { actor: Actor };

/**
 * The signed-in nonprofit's latest claim (its own claim of its organization, or its contest of
 * another person's), or null when it has none (an organization registered without an EIN, a
 * colleague invited as a member).
 * @throws AppError(unauthenticated | forbidden) for nobody or another account type.
 */
export async function getOwnClaim({ actor }: GetOwnClaimOptions): Promise<OwnClaim | null> {
  const claimant = authorizeRole(actor, "nonprofit");
  const db = await getDb();
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
    .where(eq(organizationClaims.userId, claimant.id))
    .orderBy(desc(organizationClaims.createdAt))
    .limit(1);
  if (!row) return null;
  const c = row.claim;
  const [contestedBy] = c.contest
    ? []
    : await db
        .select({ id: organizationClaims.id })
        .from(organizationClaims)
        .where(and(eq(organizationClaims.organizationId, c.organizationId), eq(organizationClaims.contest, true), eq(organizationClaims.status, "pending")))
        .limit(1);
  return {
    _id: c.id,
    status: c.status,
    method: c.method,
    organization: { _id: c.organizationId, legalName: row.legalName, ein: row.ein, address: irsAddressLine(row) },
    email: { address: c.emailAddress, website: c.website, sentAt: c.emailSentAt },
    letter: { sentAt: c.letterSentAt, attemptsLeft: Math.max(0, LETTER_MAX_ATTEMPTS - c.letterAttempts) },
    document: { name: c.documentName, submittedAt: c.documentSubmittedAt, rejectedReason: c.documentKey ? null : c.decisionReason },
    contest: c.contest ? { provedAt: c.provedAt, provedMethod: c.provedMethod } : null,
    contested: !!contestedBy,
    decisionReason: c.status === "pending" ? null : c.decisionReason,
    verifiedAt: c.verifiedAt,
  };
}

/** A notice's subject and plain-text body. */
export type ClaimNotice = { subject: string; text: string };

/**
 * Email `message` to the claimant's account `userId` (nothing when it is null or the account is
 * gone), in the caller's transaction `tx`.
 */
export async function notifyClaimant({ tx, userId, message }: { tx: Executor; userId: string | null; message: ClaimNotice }): Promise<void> {
  if (!userId) return;
  const [user] = await tx.select({ email: users.email }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  if (user) await enqueueMail({ to: user.email, ...message }, { tx });
}

/**
 * The members of organization `organizationId`, read in `tx`: its nonprofit accounts, not
 * deleted, oldest first, as `{ id, email }`. The one query for "who acts for this organization"
 * that claims, releases, disputes and change notices mail.
 */
export async function organizationMembers({ tx, organizationId }: { tx: Executor; organizationId: string }): Promise<{ id: string; email: string }[]> {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.type, "nonprofit"), isNull(users.deletedAt)))
    .orderBy(users.createdAt);
  return rows.map((r) => ({ id: r.id, email: String(r.email) }));
}

/** Email `message` to every member of `organizationId` (organizationMembers), in the caller's transaction `tx`. */
export async function notifyMembers({ tx, organizationId, message }: { tx: Executor; organizationId: string; message: ClaimNotice }): Promise<void> {
  const members = await organizationMembers({ tx, organizationId });
  await enqueueMails(members.map((m) => ({ to: m.email, ...message })), { tx });
}

export type RevokeOpenInvitationsOptions = { tx: Executor; organizationId: string; now?: Date };

/**
 * Revoke the organization's invitations still waiting for an answer, in the caller's
 * transaction: nobody joins through an invitation sent by accounts that no longer speak for it
 * (a claim that ended or lost, the last account deleted; models/organization-invitations.ts).
 */
export async function revokeOpenInvitations({ tx, organizationId, now = new Date() }: RevokeOpenInvitationsOptions): Promise<void> {
  await tx
    .update(organizationInvitations)
    .set({ revokedAt: now })
    .where(and(eq(organizationInvitations.organizationId, organizationId), isNull(organizationInvitations.acceptedAt), isNull(organizationInvitations.revokedAt)));
}
