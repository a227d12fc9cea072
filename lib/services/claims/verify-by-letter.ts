/**
 * Claim verification by a letter mailed to the organization's address in the IRS file: the
 * app renders a printable PDF with a one-time code and queues it for the print-and-mail service
 * through the mail queue (LETTER_MAIL_TO; offline it lands in DATA_DIR/outbox like email); the
 * claimant enters the code to verify. The code is stored only as an HMAC keyed with the
 * server's secret, and LETTER_MAX_ATTEMPTS wrong entries void it (OWASP ASVS 5.0 V6.3:
 * out-of-band codes are single use, rate limited and stored hashed).
 */
import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authSecret } from "@/lib/config/signing-secret";
import { getDb } from "@/lib/db/client";
import { baseUrl, serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { renderClaimLetterPdf } from "@/lib/receipts/claim-letter-pdf";
import type { ClaimLetterCodeInput } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { organizationClaims, organizations, users } from "@/models";
import { irsAddressLine, LETTER_MAX_ATTEMPTS, loadOwnPendingClaim } from "./claims";
import { completeClaimVerification, type ClaimVerificationOutcome } from "./complete-verification";

/** Letters and digits that cannot be misread on paper (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

/** A fresh one-time code (8 characters of CODE_ALPHABET, about 40 bits). */
export function newLetterCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The stored form of a code, bound to its claim. */
function codeHash(claimId: string, code: string): string {
  return createHmac("sha256", authSecret()).update(`claim-letter:${claimId}:${code}`).digest("hex");
}

export type SendClaimLetterOptions = { actor: Actor; now?: Date; code?: string };

/**
 * Queue the verification letter for the claimant's pending claim. A new letter voids the
 * previous code and resets the attempts.
 * @param options.code test seam: the code to print (default a random one).
 * @returns `{ message }` (messages.claims.letterSent) and the address it goes to.
 * @throws AppError(unauthenticated | forbidden) unless a nonprofit account; AppError(conflict)
 *   without a pending claim of its own, or when the IRS file has no mailing address.
 */
export async function sendClaimLetter({ actor, now = new Date(), code = newLetterCode() }: SendClaimLetterOptions): Promise<{ message: string; address: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await loadOwnPendingClaim({ tx, actor });
    const organizationId = claim.organizationId;
    const [org] = await tx
      .select({ legalName: organizations.legalName, name: organizations.name, ein: organizations.ein, addressLine1: organizations.addressLine1, city: organizations.city, state: organizations.state, zipcode: organizations.zipcode })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    const address = org ? irsAddressLine(org) : null;
    if (!org || !address) throw new AppError("conflict", messages.claims.letterNoAddress);
    const [claimant] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.id)).limit(1);
    await tx
      .update(organizationClaims)
      .set({ letterCodeHash: codeHash(claim.id, code), letterSentAt: now, letterAttempts: 0 })
      .where(eq(organizationClaims.id, claim.id));
    const legalName = org.legalName ?? org.name;
    const pdf = await renderClaimLetterPdf({
      legalName,
      ein: org.ein,
      addressLines: [org.addressLine1!, `${org.city}, ${org.state} ${org.zipcode ?? ""}`.trim()],
      code,
      claimantName: [claimant?.firstName, claimant?.lastName].filter(Boolean).join(" ") || "A Givebridge user",
      verifyUrl: `${baseUrl()}/dashboard/claim`,
      sentAt: now,
    });
    await enqueueMail(
      {
        to: serverEnv().LETTER_MAIL_TO,
        subject: `Letter to print and mail: ${legalName}, ${address}`,
        text: `Please print the attached letter and mail it by first-class post to:\n\n${legalName}\n${address}\n\nReference: claim ${claim.id}`,
        attachments: [{ filename: `verification-letter-${claim.id}.pdf`, contentType: "application/pdf", contentBase64: pdf.toString("base64") }],
      },
      { tx },
    );
    return { message: messages.claims.letterSent, address };
  });
}

export type EnterClaimLetterCodeOptions = { actor: Actor; input: ClaimLetterCodeInput };

/**
 * Enter the code from the letter: the right code verifies the claim (method "letter", the
 * letter's date and address as evidence in the admin audit log); a wrong one counts against
 * LETTER_MAX_ATTEMPTS, after which a new letter is needed.
 * A contest of a verified claim has its proof recorded for the admin instead.
 * @returns `{ status }`: "verified" or "awaiting_admin".
 * @throws AppError(unauthenticated | forbidden) unless a nonprofit account; AppError(conflict) without a
 *   pending claim or a letter; AppError(bad_request) messages.claims.codeInvalid for a wrong code;
 *   AppError(rate_limited) messages.claims.codeAttemptsExceeded once the attempts are used up.
 */
export async function enterClaimLetterCode({ actor, input }: EnterClaimLetterCodeOptions): Promise<{ status: ClaimVerificationOutcome }> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const claim = await loadOwnPendingClaim({ tx, actor });
    const organizationId = claim.organizationId;
    if (!claim.letterCodeHash || !claim.letterSentAt) throw new AppError("conflict", messages.claims.letterNotSent);
    if (claim.letterAttempts >= LETTER_MAX_ATTEMPTS) throw new AppError("rate_limited", messages.claims.codeAttemptsExceeded);
    const expected = Buffer.from(claim.letterCodeHash, "hex");
    const given = Buffer.from(codeHash(claim.id, input.code), "hex");
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      // The failed attempt is counted in this (committed) transaction, then refused outside it.
      await tx
        .update(organizationClaims)
        .set({ letterAttempts: sql`${organizationClaims.letterAttempts} + 1` })
        .where(and(eq(organizationClaims.id, claim.id), eq(organizationClaims.status, "pending")));
      return "wrong" as const;
    }
    const [org] = await tx
      .select({ addressLine1: organizations.addressLine1, city: organizations.city, state: organizations.state, zipcode: organizations.zipcode })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    return completeClaimVerification({
      tx,
      claim,
      method: "letter",
      by: actor,
      evidence: { letterSentAt: claim.letterSentAt.toISOString(), address: org ? irsAddressLine(org) : null, attemptsBefore: claim.letterAttempts },
    });
  });
  if (outcome === "wrong") throw new AppError("bad_request", messages.claims.codeInvalid, { code: messages.claims.codeInvalid });
  return { status: outcome };
}
