/**
 * The admin console's view of the claims that hold a listing: pending and verified claims with
 * their organization's IRS record, the claimant, how the claim was (or is being) verified and
 * how many accounts act for the organization, so the admin can find one by EIN and release it
 * (lib/services/claims/release-claim.ts). Admin only; no secret or hash leaves, and a claim's
 * uploaded document is named, never linked, here (the review queue opens it).
 */
import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { organizationClaims, organizations, users } from "@/models";
import type { ClaimMethod } from "./claims";

/** One claim that holds a listing, as the admin console lists it. */
export type ClaimSummary = {
  _id: string;
  status: "pending" | "verified";
  /** How it was verified; null while pending. */
  method: ClaimMethod | null;
  organization: { _id: string; name: string; legalName: string | null; ein: string | null };
  /** The account that claimed it; both null once that account is gone. */
  claimant: { name: string | null; email: string | null };
  /** Accounts acting for the organization now (they lose access on a release). */
  members: number;
  /** The ways of verification started, while pending: when the email link, the letter and the document went. */
  started: { emailTo: string | null; emailSentAt: Date | null; letterSentAt: Date | null; documentSubmittedAt: Date | null };
  createdAt: Date;
  verifiedAt: Date | null;
};

export type ListClaimsOptions = { actor: Actor | null; ein?: string; limit?: number };

/**
 * Pending and verified claims, newest first: of the organization with EIN `ein` (9 digits), or
 * the latest `limit` (default 25, at most 100).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function listClaims({ actor, ein, limit = 25 }: ListClaimsOptions): Promise<ClaimSummary[]> {
  authorize(actor, "admin.review", {});
  const db = await getDb();
  const members = db
    .select({ organizationId: users.organizationId, n: sql<number>`count(*)::int`.as("n") })
    .from(users)
    .where(and(eq(users.type, "nonprofit"), isNull(users.deletedAt)))
    .groupBy(users.organizationId)
    .as("members");
  const rows = await db
    .select({
      id: organizationClaims.id,
      status: organizationClaims.status,
      method: organizationClaims.method,
      createdAt: organizationClaims.createdAt,
      verifiedAt: organizationClaims.verifiedAt,
      emailTo: organizationClaims.emailAddress,
      emailSentAt: organizationClaims.emailSentAt,
      letterSentAt: organizationClaims.letterSentAt,
      documentSubmittedAt: organizationClaims.documentSubmittedAt,
      organizationId: organizations.id,
      name: organizations.name,
      legalName: organizations.legalName,
      ein: organizations.ein,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      members: members.n,
    })
    .from(organizationClaims)
    .innerJoin(organizations, eq(organizations.id, organizationClaims.organizationId))
    .leftJoin(users, eq(users.id, organizationClaims.userId))
    .leftJoin(members, eq(members.organizationId, organizationClaims.organizationId))
    .where(and(inArray(organizationClaims.status, ["pending", "verified"]), ein ? eq(organizations.ein, ein) : undefined))
    .orderBy(desc(organizationClaims.createdAt), desc(organizationClaims.id))
    .limit(Math.min(Math.max(limit, 1), 100));
  return rows.map((r) => ({
    _id: r.id,
    status: r.status as ClaimSummary["status"],
    method: r.method,
    organization: { _id: r.organizationId, name: organizationDisplayName(r), legalName: r.legalName, ein: r.ein },
    claimant: { name: [r.firstName, r.lastName].filter(Boolean).join(" ") || null, email: r.email ? String(r.email) : null },
    members: Number(r.members ?? 0),
    started: { emailTo: r.emailTo ? String(r.emailTo) : null, emailSentAt: r.emailSentAt, letterSentAt: r.letterSentAt, documentSubmittedAt: r.documentSubmittedAt },
    createdAt: r.createdAt,
    verifiedAt: r.verifiedAt,
  }));
}
