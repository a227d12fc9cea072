/**
 * Claim verification by document review: the claimant uploads the IRS determination letter or
 * the first page of a recent Form 990 (PDF, PNG or JPEG, at most MAX_IMAGE_BYTES, the upload
 * limit of images); the admin sees it beside the IRS record in the console and approves or
 * rejects it with a reason (PUT /api/approve/claim/{claimId}). Documents are stored under the
 * private prefix, never served publicly, and read only by the admin. A payout provider's own
 * checks (Stripe Connect's) are shown as extra evidence, never as a verification.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { detectImageType } from "@/lib/images/detect-type";
import { MAX_IMAGE_BYTES } from "@/lib/images/constants";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { getStorage } from "@/lib/storage";
import { PRIVATE_PREFIX } from "@/lib/storage/types";
import { fillMessage, type ClaimReviewInput } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { organizationClaims, organizations, users } from "@/models";
import { irsAddressLine, loadOwnPendingClaim, loadPendingClaimById, notifyClaimant } from "./claims";
import { completeClaimVerification, type ClaimVerificationOutcome } from "./complete-verification";

/** The document's real type from its first bytes (never its name): PDF, PNG or JPEG, else null. */
export function documentType(bytes: Uint8Array): { contentType: string; ext: string } | null {
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") return { contentType: "application/pdf", ext: "pdf" };
  const image = detectImageType(bytes.subarray(0, 32));
  if (image === "image/png") return { contentType: image, ext: "png" };
  if (image === "image/jpeg") return { contentType: image, ext: "jpg" };
  return null;
}

export type SubmitClaimDocumentOptions = { actor: Actor; file: { bytes: Uint8Array; name: string } };

/**
 * Store the claimant's document for review (replacing an earlier one) and put the claim in the
 * admin's review queue.
 * @returns `{ message }` (messages.claims.documentSubmitted).
 * @throws AppError(unauthenticated | forbidden) unless a nonprofit account; AppError(conflict)
 *   without a pending claim of its own; AppError(payload_too_large) over the limit; AppError(bad_request) for another type.
 */
export async function submitClaimDocument({ actor, file }: SubmitClaimDocumentOptions): Promise<{ message: string }> {
  if (file.bytes.byteLength > MAX_IMAGE_BYTES) throw new AppError("payload_too_large", messages.images.tooLarge);
  const type = documentType(file.bytes);
  if (!type) throw new AppError("bad_request", messages.claims.documentInvalid, { document: messages.claims.documentInvalid });
  const db = await getDb();
  const storage = getStorage();
  let stored: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      const claim = await loadOwnPendingClaim({ tx, actor });
      const key = `${PRIVATE_PREFIX}claims/${claim.id}-${randomBytes(9).toString("base64url")}.${type.ext}`;
      await storage.put(key, Buffer.from(file.bytes), type.contentType);
      stored = key;
      await tx
        .update(organizationClaims)
        .set({ documentKey: key, documentName: file.name.slice(0, 200), documentContentType: type.contentType, documentSubmittedAt: new Date(), decisionReason: null })
        .where(eq(organizationClaims.id, claim.id));
      if (claim.documentKey) await storage.delete(claim.documentKey).catch(() => undefined);
      return { message: messages.claims.documentSubmitted };
    });
  } catch (err) {
    if (stored) await storage.delete(stored).catch(() => undefined);
    throw err;
  }
}

/** One claim waiting for document review, beside the IRS record (admin console). */
export type ClaimReview = {
  _id: string;
  submittedAt: Date;
  document: { name: string | null; contentType: string | null; url: string };
  claimant: { name: string | null; email: string | null };
  irs: { organizationId: string; legalName: string | null; ein: string | null; address: string | null; subsection: string | null; ruling: string | null };
  /** Extra evidence from the payout provider (never a verification by itself). */
  payoutProvider: { stripeAccountId: string | null; stripeComplete: boolean };
  /** A contest of someone else's claim: approving its document hands the organization over. */
  contest: boolean;
};

export type ListClaimReviewsOptions = { actor: Actor | null };

/**
 * Pending claims with a document to review, oldest first (admin only).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function listClaimReviews({ actor }: ListClaimReviewsOptions): Promise<ClaimReview[]> {
  authorize(actor, "admin.review", {});
  const db = await getDb();
  const rows = await db
    .select({
      id: organizationClaims.id,
      contest: organizationClaims.contest,
      submittedAt: organizationClaims.documentSubmittedAt,
      documentName: organizationClaims.documentName,
      documentContentType: organizationClaims.documentContentType,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organizationId: organizations.id,
      legalName: organizations.legalName,
      ein: organizations.ein,
      addressLine1: organizations.addressLine1,
      city: organizations.city,
      state: organizations.state,
      zipcode: organizations.zipcode,
      subsection: organizations.irsSubsection,
      ruling: organizations.irsRuling,
      stripeAccountId: organizations.stripeAccountId,
      stripeComplete: organizations.stripeComplete,
    })
    .from(organizationClaims)
    .innerJoin(organizations, eq(organizations.id, organizationClaims.organizationId))
    .leftJoin(users, eq(users.id, organizationClaims.userId))
    .where(and(eq(organizationClaims.status, "pending"), isNotNull(organizationClaims.documentKey)))
    .orderBy(asc(organizationClaims.documentSubmittedAt))
    .limit(200);
  return rows.map((r) => ({
    _id: r.id,
    submittedAt: r.submittedAt!,
    document: { name: r.documentName, contentType: r.documentContentType, url: `/api/admin/claims/${r.id}/document` },
    claimant: { name: [r.firstName, r.lastName].filter(Boolean).join(" ") || null, email: r.email },
    irs: { organizationId: r.organizationId, legalName: r.legalName, ein: r.ein, address: irsAddressLine(r), subsection: r.subsection, ruling: r.ruling },
    payoutProvider: { stripeAccountId: r.stripeAccountId, stripeComplete: r.stripeComplete },
    contest: r.contest,
  }));
}

export type ReadClaimDocumentOptions = { actor: Actor | null; claimId: string };

/**
 * The uploaded document's bytes (admin only).
 * @throws AppError(unauthenticated | forbidden) unless the admin; AppError(not_found) without a document.
 */
export async function readClaimDocument({ actor, claimId }: ReadClaimDocumentOptions): Promise<{ body: Buffer; contentType: string; name: string }> {
  authorize(actor, "admin.review", {});
  const db = await getDb();
  const [claim] = await db
    .select({ key: organizationClaims.documentKey, name: organizationClaims.documentName, contentType: organizationClaims.documentContentType })
    .from(organizationClaims)
    .where(eq(organizationClaims.id, claimId))
    .limit(1);
  const file = claim?.key ? await getStorage().get(claim.key) : null;
  if (!claim || !file) throw new AppError("not_found", messages.claims.documentMissing);
  return { body: file.body, contentType: claim.contentType ?? file.contentType, name: claim.name ?? "document" };
}

export type ReviewClaimDocumentOptions = { actor: Actor | null; claimId: string; input: ClaimReviewInput };

/**
 * The admin's decision on an uploaded document. Approve: the claim is verified (method
 * "document", the document and reviewer as evidence). Reject: the document is set aside with the
 * reason, written to the audit log ("claim.document_rejected") and emailed to the claimant,
 * whose claim stays pending so that another document or way may still verify it.
 * @returns `{ status }`: "verified" or "pending".
 * @throws AppError(unauthenticated | forbidden) unless the admin; AppError(not_found) for an
 *   unknown claim; AppError(conflict) when it is not pending or has no document.
 */
export async function reviewClaimDocument({ actor, claimId, input }: ReviewClaimDocumentOptions): Promise<{ status: Extract<ClaimVerificationOutcome, "verified"> | "pending" }> {
  authorize(actor, "admin.review", {});
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await loadPendingClaimById({ tx, claimId });
    if (!claim.documentKey) throw new AppError("conflict", messages.claims.documentMissing);
    const evidence = { document: claim.documentName, documentKey: claim.documentKey, contentType: claim.documentContentType, submittedAt: claim.documentSubmittedAt?.toISOString() ?? null };
    if (input.decision === "approve") {
      // The admin compared the document with the IRS record: for a contest this is the admin's
      // decision of the dispute too (lib/services/claims/complete-verification.ts).
      const reason = input.reason?.trim() || "the uploaded document matches the IRS record.";
      await completeClaimVerification({ tx, claim, method: "document", by: actor, evidence, adminDecision: claim.contest ? { reason } : undefined });
      return { status: "verified" as const };
    }
    const reason = input.reason ?? "";
    await tx.update(organizationClaims).set({ documentKey: null, decisionReason: reason }).where(eq(organizationClaims.id, claim.id));
    const [org] = await tx.select({ legalName: organizations.legalName, name: organizations.name }).from(organizations).where(eq(organizations.id, claim.organizationId)).limit(1);
    await recordAdminAction({ tx, actor, action: "claim.document_rejected", target: claim.organizationId, details: { claimId: claim.id, reason, ...evidence } });
    const name = org?.legalName ?? org?.name ?? "your organization";
    await notifyClaimant({ tx, userId: claim.userId, message: { subject: `Your document for ${name} was not accepted`, text: fillMessage(messages.claims.rejected, { name, reason }) } });
    return { status: "pending" as const };
  });
}
