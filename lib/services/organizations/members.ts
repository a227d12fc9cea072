/**
 * The people who act for an organization: every nonprofit account whose `users.organization_id`
 * names it (models/users.ts) is a member, with the same rights as the others. Members see each
 * other and the invitations waiting for an answer (invitations.ts); a member of a verified claim
 * may remove another member or themselves. Removing ends the account's sessions at once (its
 * session version is raised, lib/services/users/sessions.ts), is written to the admin audit log
 * and tells the person by email. The last member of an organization is never removed: somebody
 * must still be able to manage its listing, payouts and donors.
 */
import "server-only";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorizeOrganization, authorizeOwnOrganization, authorizeVerifiedOrganization, loadClaimFacts } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { getDb, type Executor } from "@/lib/db/client";
import { formatEin } from "@/lib/donations/labels";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { fillMessage } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { organizationInvitations, organizations, users } from "@/models";

const m = messages.members;

/** One member as the other members see them. `since`: when the account was created (UTC). */
export type OrganizationMember = { _id: string; firstName: string; lastName: string; email: string; since: Date; you: boolean };

/** An invitation waiting for an answer (never its token). `expired`: its link no longer works; Resend sends a new one. */
export type PendingInvitation = { _id: string; email: string; sentAt: Date; expiresAt: Date; expired: boolean; invitedBy: string | null };

/** The Members page: the organization, its members, its open invitations, and whether the caller may change them. */
export type MembersView = {
  organization: { _id: string; name: string; legalName: string | null; ein: string | null; einFormatted: string | null };
  /** The caller may invite, re-send, revoke and remove ("organization.members.manage"). */
  canManage: boolean;
  /** Why not, as a plain sentence (the claim waits for verification); null when `canManage`. */
  refusal: string | null;
  members: OrganizationMember[];
  invitations: PendingInvitation[];
};

/** "First Last", or the email when the account has no name. */
export function personName(p: { firstName: string | null; lastName: string | null; email: string }): string {
  return `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim() || p.email;
}

/**
 * The caller's organization, for a change of its members, read in `tx`: `actor` must be a
 * member of it as the database says now, and its claim must be verified ("organization.members.manage").
 * @returns the organization id. @throws AppError(unauthenticated | forbidden | not_found);
 *   AppError(forbidden) messages.members.verifyFirst while the claim waits for verification.
 */
export async function authorizeMembersManage({ tx, actor }: { tx: Executor; actor: Actor | null | undefined }): Promise<string> {
  const organizationId = authorizeOwnOrganization(actor, "organization.members.view");
  return authorizeVerifiedOrganization(tx, actor, "organization.members.manage", organizationId, { base: "organization.members.view", refusal: m.verifyFirst });
}

/**
 * Lock the row of organization `organizationId` in the caller's transaction `tx`: changes of one
 * organization's members happen one at a time.
 * @returns its name, legal name and EIN. @throws AppError(not_found) when it is gone.
 */
export async function lockOrganization({ tx, organizationId }: { tx: Executor; organizationId: string }) {
  const [org] = await tx
    .select({ name: organizations.name, legalName: organizations.legalName, ein: organizations.ein })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update")
    .limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  return org;
}

/** The organization's name as its mail says it: the IRS legal name when it has one. */
export const organizationMailName = (org: { name: string; legalName: string | null }) => org.legalName ?? org.name;

export type ListMembersOptions = { actor: Actor | null; now?: Date };

/**
 * The caller's organization with its members (oldest account first) and open invitations
 * (newest first). Any member may look; `canManage` says whether they may change them.
 * @throws AppError(unauthenticated | forbidden) unless a member of an organization; AppError(not_found) when it is gone.
 */
export async function listMembers({ actor, now = new Date() }: ListMembersOptions): Promise<MembersView> {
  const organizationId = authorizeOwnOrganization(actor, "organization.members.view");
  const db = await getDb();
  await authorizeOrganization(db, actor, "organization.members.view", organizationId);
  const [[org], facts, memberRows, invitationRows] = await Promise.all([
    db.select({ name: organizations.name, legalName: organizations.legalName, ein: organizations.ein }).from(organizations).where(eq(organizations.id, organizationId)).limit(1),
    loadClaimFacts(db, organizationId),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt)))
      .orderBy(asc(users.createdAt), asc(users.id)),
    db
      .select({
        id: organizationInvitations.id,
        email: organizationInvitations.email,
        createdAt: organizationInvitations.createdAt,
        expiresAt: organizationInvitations.expiresAt,
        inviterFirst: users.firstName,
        inviterLast: users.lastName,
        inviterEmail: users.email,
      })
      .from(organizationInvitations)
      .leftJoin(users, eq(users.id, organizationInvitations.invitedByUserId))
      .where(and(eq(organizationInvitations.organizationId, organizationId), isNull(organizationInvitations.acceptedAt), isNull(organizationInvitations.revokedAt)))
      .orderBy(sql`${organizationInvitations.createdAt} desc`),
  ]);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  const canManage = can(actor, "organization.members.manage", { organizationId, ...facts });
  return {
    organization: { _id: organizationId, name: org.name, legalName: org.legalName, ein: org.ein, einFormatted: formatEin(org.ein) },
    canManage,
    refusal: canManage ? null : m.verifyFirst,
    members: memberRows.map((r) => ({ _id: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email, since: r.createdAt, you: r.id === actor!.id })),
    invitations: invitationRows.map((r) => ({
      _id: r.id,
      email: r.email,
      sentAt: r.createdAt,
      expiresAt: r.expiresAt,
      expired: r.expiresAt.getTime() <= now.getTime(),
      invitedBy: r.inviterEmail ? personName({ firstName: r.inviterFirst, lastName: r.inviterLast, email: r.inviterEmail }) : null,
    })),
  };
}

export type RemoveMemberOptions = { actor: Actor | null; userId: string };

/**
 * Remove the member `userId` (the caller themselves included) from the caller's organization:
 * the account stays but no longer acts for it (`organization_id` null) and every session of it
 * ends; "member.removed" goes to the admin audit log and the person is emailed, in one transaction.
 * @returns `{ removed: { _id, email }, self, message }`; `self`: the caller removed themselves (their own session ended).
 * @throws AppError(forbidden) unless a member of a verified claim (messages.members.verifyFirst
 *   while it waits); AppError(not_found) messages.members.notMember for anyone not a member of it;
 *   AppError(conflict) messages.members.lastMember for its last member.
 */
export async function removeMember({ actor, userId }: RemoveMemberOptions): Promise<{ removed: { _id: string; email: string }; self: boolean; message: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const organizationId = await authorizeMembersManage({ tx, actor });
    const org = await lockOrganization({ tx, organizationId });
    const [target] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.organizationId, organizationId), isNull(users.deletedAt)))
      .limit(1);
    if (!target) throw new AppError("not_found", m.notMember);
    const [members] = await tx.select({ n: count() }).from(users).where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt)));
    // The claim is verified (authorizeMembersManage): its last member keeps it managed.
    if (Number(members?.n ?? 0) <= 1) throw new AppError("conflict", m.lastMember);
    const self = target.id === actor!.id;
    await tx
      .update(users)
      .set({ organizationId: null, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, target.id), eq(users.organizationId, organizationId)));
    await recordAdminAction({
      tx,
      actor: actor!,
      action: "member.removed",
      target: organizationId,
      details: { userId: target.id, email: target.email, by: actor!.id, self },
    });
    const orgName = organizationMailName(org);
    const by = personName(actor!);
    await enqueueMail(
      {
        to: target.email,
        subject: `You no longer act for ${orgName} on Givebridge`,
        text:
          (self ? `You removed your account from ${orgName} on Givebridge.` : `${by} removed your account from ${orgName} on Givebridge.`) +
          `\n\nYour account stays, but it no longer manages the organization's listing, fundraisers, payouts or donors, and you were signed out everywhere.` +
          (self ? "" : `\n\nIf you think this is a mistake, please contact another member of ${orgName}.`) +
          `\n\n${baseUrl()}/login`,
      },
      { tx },
    );
    return { removed: { _id: target.id, email: target.email }, self, message: self ? m.left : fillMessage(m.removed, { name: personName(target) }) };
  });
}
