/**
 * Claims of directory organizations and the evidence that verified them. A nonprofit account
 * that registers with an organization's EIN holds a pending claim until one verification
 * succeeds: a confirmation link mailed to an address at the organization's own web domain, a
 * one-time code in a letter mailed to the IRS address, or an admin's review of an uploaded IRS
 * determination letter or Form 990 first page. Secrets are stored hashed (OWASP ASVS 5.0 V6.4).
 */
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, type AnyPgColumn } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { citext } from "./_types";
import { organizations } from "./organizations";
import { users } from "./users";

/** pending: waiting for verification; verified: it won; rejected, expired, released: it lost access. */
export const claimStatus = pgEnum("claim_status", ["pending", "verified", "rejected", "expired", "released"]);

/** How a claim was verified. */
export const claimMethod = pgEnum("claim_method", ["email", "letter", "document", "admin"]);

export const organizationClaims = pgTable(
  "organization_claims",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The claimant; null once that account is deleted. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: claimStatus("status").notNull().default("pending"),
    method: claimMethod("method"),
    /** Email verification: the website the claimant gave and the address at its domain. */
    website: text("website"),
    emailAddress: citext("email_address"),
    /** SHA-256 of the confirmation link's token. */
    emailTokenHash: text("email_token_hash"),
    emailSentAt: at("email_sent_at"),
    /** Letter verification: HMAC-SHA256 of the one-time code, wrong entries so far. */
    letterCodeHash: text("letter_code_hash"),
    letterSentAt: at("letter_sent_at"),
    letterAttempts: integer("letter_attempts").notNull().default(0),
    /** Document review: the stored upload's key, original name and type. */
    documentKey: text("document_key"),
    documentName: text("document_name"),
    documentContentType: text("document_content_type"),
    documentSubmittedAt: at("document_submitted_at"),
    /** A second person's claim of an organization someone else holds ("I run this organization"). */
    contest: boolean("contest").notNull().default(false),
    /**
     * A contest: the claim of another person that this one contests ("I run this organization").
     * The first to verify wins while the other is unverified; against a verified claim the
     * contester's proof waits for the admin's decision (lib/services/claims/disputes.ts).
     */
    contestsClaimId: text("contests_claim_id").references((): AnyPgColumn => organizationClaims.id, { onDelete: "set null" }),
    /** A contest's successful verification that waits for the admin because the contested claim is verified. */
    provedAt: at("proved_at"),
    provedMethod: claimMethod("proved_method"),
    provedEvidence: jsonb("proved_evidence").$type<Record<string, unknown>>(),
    /** The admin's reason for a rejection or release, or why a dispute was lost. */
    decisionReason: text("decision_reason"),
    verifiedAt: at("verified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("organization_claims_org_idx").on(t.organizationId, t.status),
    index("organization_claims_user_idx").on(t.userId, t.createdAt),
    index("organization_claims_contests_idx").on(t.contestsClaimId),
  ],
);
