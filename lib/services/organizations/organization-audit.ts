/**
 * An organization's account activity: the entries of the admin audit log whose target is the
 * organization (claim verified, a document not accepted, approval, renames, payout accounts
 * connected, replaced or removed), newest first, for its members only (/dashboard/activity).
 *
 * What is shown is picked per action, field by field (ACTIVITY below); an action not listed
 * there is not shown at all. The admin's internal evidence never leaves (a document's storage
 * key, a claim id, an approval link, the admin's own address: Givebridge's staff are "Givebridge").
 * Only the entries of the organization's current claim are listed (those since it began): after
 * a claim is released and the listing claimed again, the new members do not see who managed it
 * before them (OWASP ASVS 5.0 V8.2: data of other users is not disclosed).
 */
import "server-only";
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorizeOrganization, authorizeOwnOrganization } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { organizationChangeSummary, payoutProviderLabel, type PayoutProviderKind } from "@/lib/mail/templates/organization-change";
import { adminAuditLog, organizationClaims } from "@/models";

/** One line of the account activity. */
export type OrganizationActivityEntry = {
  _id: string;
  /** When (UTC). */
  at: Date;
  /** The audit action, e.g. "organization.renamed". */
  action: string;
  /** What happened, in one sentence. */
  summary: string;
  /** Who did it: a member's name and email, the claimant's verified address, or "Givebridge". */
  by: string;
  /** The facts shown beside it (label, value), picked per action. */
  facts: { label: string; value: string }[];
};

type Row = { actor: string; details: Record<string, unknown> };
type Described = Pick<OrganizationActivityEntry, "summary" | "by" | "facts">;

const STAFF = "Givebridge";
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim().slice(0, 500) : null);
const PROVIDERS: readonly PayoutProviderKind[] = ["stripe", "paypal", "sandbox", "bank_account"];
const provider = (v: unknown): PayoutProviderKind => (PROVIDERS.includes(v as PayoutProviderKind) ? (v as PayoutProviderKind) : "stripe");
const last4 = (v: unknown): string | null => (typeof v === "string" && /^\d{4}$/.test(v) ? v : null);
/** A member's change: their name (as recorded) and sign-in email. */
const member = (r: Row) => (text(r.details.byName) && text(r.details.byName) !== r.actor ? `${text(r.details.byName)} (${r.actor})` : r.actor);

const METHODS: Record<string, { how: string; byStaff: boolean }> = {
  email: { how: "a confirmation link sent to an address at the organization's website", byStaff: false },
  letter: { how: "the code of a letter mailed to the organization's IRS address", byStaff: false },
  document: { how: "Givebridge's review of an IRS document", byStaff: true },
  admin: { how: "Givebridge's review", byStaff: true },
};

/** Each action shown, and exactly what of its row is shown. */
const ACTIVITY: Record<string, (r: Row) => Described> = {
  "claim.verified": (r) => {
    const method = METHODS[text(r.details.method) ?? "admin"] ?? METHODS.admin!;
    const facts = [{ label: "Verified by", value: method.how }];
    const email = text(r.details.email);
    const website = text(r.details.website);
    if (text(r.details.method) === "email" && email) facts.push({ label: "Address", value: email });
    if (text(r.details.method) === "email" && website) facts.push({ label: "Website", value: website });
    return { summary: "The claim of this organization was verified.", by: method.byStaff ? STAFF : r.actor, facts };
  },
  "claim.document_rejected": (r) => ({
    summary: "A document sent to verify the claim was not accepted.",
    by: STAFF,
    facts: text(r.details.reason) ? [{ label: "Reason", value: text(r.details.reason)! }] : [],
  }),
  "nonprofit.approve": () => ({ summary: "Givebridge approved the organization's listing.", by: STAFF, facts: [] }),
  "nonprofit.reject": () => ({ summary: "Givebridge did not approve the organization's listing.", by: STAFF, facts: [] }),
  "organization.renamed": (r) => {
    const from = text(r.details.from) ?? "";
    const to = text(r.details.to) ?? "";
    return { summary: organizationChangeSummary({ kind: "renamed", from, to }), by: member(r), facts: [{ label: "Old display name", value: from }, { label: "New display name", value: to }] };
  },
  ...Object.fromEntries(
    (["payout.connected", "payout.replaced", "payout.removed"] as const).map((kind) => [
      kind,
      (r: Row): Described => {
        const change = { kind, provider: provider(r.details.provider), last4: last4(r.details.last4) };
        return { summary: organizationChangeSummary(change), by: member(r), facts: [{ label: "Payout account", value: payoutProviderLabel(change.provider, change.last4) }] };
      },
    ]),
  ),
};

/** The actions the account activity shows. */
export const ORGANIZATION_ACTIVITY_ACTIONS = Object.keys(ACTIVITY);

export type ListOrganizationAuditOptions = { actor: Actor | null; limit?: number };

/**
 * The account activity of the actor's organization, newest first.
 * @param options.limit most entries (default 50, at most 200).
 * @throws AppError(unauthenticated) for nobody; AppError(forbidden) for anyone but a current
 *   member of the organization (a donor, the admin, a member of another organization, an
 *   account no longer in it).
 */
export async function listOrganizationAudit({ actor, limit = 50 }: ListOrganizationAuditOptions): Promise<OrganizationActivityEntry[]> {
  const organizationId = authorizeOwnOrganization(actor, "organization.viewActivity");
  const db = await getDb();
  await authorizeOrganization(db, actor, "organization.viewActivity", organizationId);
  // Since the current claim began (an organization registered without an EIN has no claim: all of it).
  const [claim] = await db
    .select({ createdAt: organizationClaims.createdAt })
    .from(organizationClaims)
    .where(and(eq(organizationClaims.organizationId, organizationId), inArray(organizationClaims.status, ["pending", "verified"])))
    .orderBy(desc(organizationClaims.createdAt))
    .limit(1);
  const rows = await db
    .select({ id: adminAuditLog.id, actor: adminAuditLog.actor, action: adminAuditLog.action, details: adminAuditLog.details, createdAt: adminAuditLog.createdAt })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.target, organizationId),
        inArray(adminAuditLog.action, ORGANIZATION_ACTIVITY_ACTIONS),
        claim ? gte(adminAuditLog.createdAt, claim.createdAt) : undefined,
      ),
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(Math.min(Math.max(limit, 1), 200));
  return rows.map((r) => ({ _id: r.id, at: r.createdAt, action: r.action, ...ACTIVITY[r.action]!({ actor: r.actor, details: r.details ?? {} }) }));
}
