/**
 * Claim verification by an email at the organization's own web domain: the claimant gives the
 * organization's website and an address at that domain; a single-use confirmation link goes
 * there through the mail queue, and opening it verifies the claim. An address at a free email
 * service never verifies (lib/services/claims/free-mail.ts). The link's token is stored as its
 * SHA-256 only and lasts 7 days (OWASP ASVS 5.0 V6.4: secrets at rest, short-lived links).
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { fillMessage, type ClaimEmailInput } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { organizationClaims, organizations } from "@/models";
import { loadOwnPendingClaim } from "./claims";
import { completeClaimVerification, type ClaimVerificationOutcome } from "./complete-verification";
import { emailIsAtSite, isFreeMailDomain } from "./free-mail";

/** How long a confirmation link works. */
export const CLAIM_EMAIL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const sha256 = (raw: string) => createHash("sha256").update(raw).digest("hex");

export type StartClaimEmailOptions = { actor: Actor; input: ClaimEmailInput; now?: Date };

/**
 * Send the confirmation link to `input.email` for the claimant's pending claim. A new request
 * replaces the previous link.
 * @returns `{ message }` (messages.claims.emailSent).
 * @throws AppError(unauthenticated | forbidden) unless a nonprofit account; AppError(conflict)
 *   without a pending claim of its own; AppError(bad_request) for a free-mail domain or an address not at the website's domain.
 */
export async function startClaimEmailVerification({ actor, input, now = new Date() }: StartClaimEmailOptions): Promise<{ message: string }> {
  const emailDomain = input.email.slice(input.email.lastIndexOf("@") + 1);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await loadOwnPendingClaim({ tx, actor });
    const organizationId = claim.organizationId;
    if (isFreeMailDomain(input.website) || isFreeMailDomain(emailDomain)) {
      throw new AppError("bad_request", messages.claims.freeMailDomain, { email: messages.claims.freeMailDomain });
    }
    if (!emailIsAtSite({ emailDomain, siteDomain: input.website })) {
      const message = fillMessage(messages.claims.emailNotAtDomain, { domain: input.website });
      throw new AppError("bad_request", message, { email: message });
    }
    const token = randomBytes(32).toString("base64url");
    await tx
      .update(organizationClaims)
      .set({ website: input.website, emailAddress: input.email, emailTokenHash: sha256(token), emailSentAt: now })
      .where(eq(organizationClaims.id, claim.id));
    const [org] = await tx.select({ legalName: organizations.legalName, name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
    const orgName = org?.legalName ?? org?.name ?? "your organization";
    await enqueueMail(
      {
        to: input.email,
        subject: `Confirm that you speak for ${orgName} on Givebridge`,
        text:
          `Someone asked to manage the Givebridge listing of ${orgName} and gave this address at ${input.website}.\n\n` +
          `If that was you or a colleague, open this link within 7 days to verify the claim:\n\n${baseUrl()}/confirm/claim/${token}\n\n` +
          `If not, ignore this email: nothing changes on the listing.`,
      },
      { tx },
    );
    return { message: fillMessage(messages.claims.emailSent, { email: input.email }) };
  });
}

export type ConfirmClaimEmailOptions = { token: string; now?: Date };

/**
 * Open the confirmation link: the claim it belongs to is verified (method "email"), with the
 * address and website as evidence in the admin audit log; a contest of a verified claim has
 * its proof recorded for the admin instead (lib/services/claims/complete-verification.ts). Single use.
 * @returns `{ status, organizationId }`: status "verified" or "awaiting_admin".
 * @throws AppError(bad_request) messages.claims.emailLinkInvalid for an unknown, used or expired link.
 */
export async function confirmClaimEmail({ token, now = new Date() }: ConfirmClaimEmailOptions): Promise<{ status: ClaimVerificationOutcome; organizationId: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(organizationClaims)
      .where(
        and(
          eq(organizationClaims.emailTokenHash, sha256(token)),
          eq(organizationClaims.status, "pending"),
          gt(organizationClaims.emailSentAt, new Date(now.getTime() - CLAIM_EMAIL_TTL_MS)),
        ),
      )
      .for("update")
      .limit(1);
    if (!claim) throw new AppError("bad_request", messages.claims.emailLinkInvalid);
    const status = await completeClaimVerification({
      tx,
      claim,
      method: "email",
      by: claim.emailAddress ?? "claimant",
      evidence: { email: claim.emailAddress, website: claim.website, sentAt: claim.emailSentAt?.toISOString() ?? null },
    });
    return { status, organizationId: claim.organizationId };
  });
}
