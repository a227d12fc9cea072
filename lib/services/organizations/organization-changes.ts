/**
 * A change to who gets an organization's money or what donors call it (its display name, its
 * payout account) is told to every member of the organization and written to its audit trail,
 * in the transaction that makes the change: the notice and the audit row exist exactly when the
 * change does (OWASP ASVS 5.0 V6.3.7: users are notified of changes to sensitive settings;
 * V16.2: security events are logged with who, what and when). A member who did not make the
 * change learns of it from the email and from the account activity
 * (lib/services/organizations/organization-audit.ts).
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Executor } from "@/lib/db/client";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { enqueueMails } from "@/lib/mail/queue";
import { organizationChangeMail, type OrganizationChange } from "@/lib/mail/templates/organization-change";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { organizationMembers } from "@/lib/services/claims/claims";
import { organizations, users } from "@/models";

export type { OrganizationChange } from "@/lib/mail/templates/organization-change";

/** The audit action of a change ("organization.renamed", "payout.connected", ...). */
export function organizationChangeAction(change: OrganizationChange): string {
  return change.kind === "renamed" ? "organization.renamed" : change.kind;
}

/** The audit row's details of a change: the facts the activity list shows, nothing else (no account id, no token). */
function changeDetails(change: OrganizationChange, byName: string): Record<string, unknown> {
  if (change.kind === "renamed") return { from: change.from, to: change.to, byName };
  return { provider: change.provider, ...(change.last4 ? { last4: change.last4 } : {}), byName };
}

export type RecordOrganizationChangeOptions = {
  /** The caller's transaction: the audit row and the emails commit with the change. */
  tx: Executor;
  /** Who made the change (already authorized). */
  actor: Actor;
  organizationId: string;
  change: OrganizationChange;
  /** When the change was made (UTC); defaults to the current time. */
  at?: Date;
};

/**
 * Record `change` of `organizationId`, made by `actor` (already authorized), in the caller's
 * transaction `tx`: one admin audit row (target = the organization) and one email to each
 * member (lib/mail/templates/organization-change.ts). Call it only when the value really
 * changed; it does not compare.
 */
export async function recordOrganizationChange({ tx, actor, organizationId, change, at = new Date() }: RecordOrganizationChangeOptions): Promise<void> {
  const [org] = await tx
    .select({ name: organizations.name, legalName: organizations.legalName, ein: organizations.ein })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  const [account] = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  const email = account ? String(account.email) : actor.email;
  const byName = [account?.firstName ?? actor.firstName, account?.lastName ?? actor.lastName].filter(Boolean).join(" ").trim() || email;
  await recordAdminAction({ tx, actor: email, action: organizationChangeAction(change), target: organizationId, details: changeDetails(change, byName) });
  const organization = { name: org ? organizationDisplayName(org) : "Your organization", legalName: org?.legalName ?? null, ein: org?.ein ?? null };
  const members = await organizationMembers({ tx, organizationId });
  await enqueueMails(
    members.map((m) => organizationChangeMail({ to: m.email, organization, change, by: { name: byName, email }, at })),
    { tx },
  );
}
