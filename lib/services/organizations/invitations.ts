/**
 * Inviting a colleague to act for an organization, instead of sharing one password: a member of
 * a verified claim enters an email, a single-use link `/invite/{token}` is mailed there, and
 * opening it lets the colleague create a nonprofit account of their own for the organization.
 *
 * - While the claim waits for verification nobody may invite (403, messages.members.verifyFirst):
 *   a squatter cannot add accounts to an organization it may not speak for.
 * - An account acts for one organization, so an address that already has an account is refused,
 *   as is one already invited (Resend replaces the old link instead: the old row is revoked).
 * - At most INVITATIONS_PER_DAY invitations per organization per day (lib/auth/rate-limit.ts),
 *   counted in the inviting transaction, so a refused invitation costs nothing.
 * - The token is 32 random bytes; only its SHA-256 is stored, and it works for 7 days
 *   (OWASP ASVS 5.0 V6.4: secrets at rest, short-lived links). Opening the link (GET) changes
 *   nothing; accepting is a POST (a server action).
 * - Accepting checks again that the organization's claim, the one the invitation was sent under,
 *   is still verified. Inviting, revoking and joining are written to the admin audit log.
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { hashPassword } from "@/lib/auth/password";
import { consumeAll, makeDbLimiter } from "@/lib/auth/rate-limit";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { formatEin } from "@/lib/donations/labels";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { loadSessionUser } from "@/lib/services/users/to-session-user";
import { fillMessage } from "@/lib/validations/claims";
import type { AcceptInvitationInput, InviteMemberInput } from "@/lib/validations/members";
import { messages } from "@/lib/validations/messages";
import { organizationInvitations, organizations, users } from "@/models";
import { authorizeMembersManage, lockOrganization, organizationMailName, personName, type PendingInvitation } from "./members";

const m = messages.members;

/** How long an invitation's link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations (re-sent ones included) an organization may send per INVITATION_WINDOW_SECONDS. */
export const INVITATIONS_PER_DAY = 20;
export const INVITATION_WINDOW_SECONDS = 24 * 60 * 60;

const sha256 = (raw: string) => createHash("sha256").update(raw).digest("hex");

/** Postgres unique_violation: two requests raced for one address. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export type InviteMemberOptions = { actor: Actor | null; input: InviteMemberInput; now?: Date };

/**
 * Invite `input.email` to act for the caller's organization, or with `input.resend` send a new
 * link for the invitation waiting for it (the old link stops working). Queues the email with the
 * link and writes "member.invited" to the admin audit log, in one transaction.
 * @returns the open invitation (no token) and the sentence to show.
 * @throws AppError(forbidden) unless a member of a verified claim (messages.members.verifyFirst
 *   while it waits); AppError(conflict) for an address already a member, with an account, or
 *   already invited without `resend`; AppError(rate_limited) past INVITATIONS_PER_DAY.
 */
export async function inviteMember({ actor, input, now = new Date() }: InviteMemberOptions): Promise<{ invitation: PendingInvitation; message: string }> {
  const db = await getDb();
  const email = input.email;
  const refuse = (message: string) => new AppError("conflict", message, { email: message });
  try {
    return await db.transaction(async (tx) => {
      const organizationId = await authorizeMembersManage({ tx, actor });
      const org = await lockOrganization({ tx, organizationId });
      const [account] = await tx.select({ organizationId: users.organizationId }).from(users).where(eq(users.email, email)).limit(1);
      if (account) throw refuse(fillMessage(account.organizationId === organizationId ? m.alreadyMember : m.hasAccount, { email }));
      const [open] = await tx
        .select({ id: organizationInvitations.id, expiresAt: organizationInvitations.expiresAt })
        .from(organizationInvitations)
        .where(and(eq(organizationInvitations.organizationId, organizationId), eq(organizationInvitations.email, email), isNull(organizationInvitations.acceptedAt), isNull(organizationInvitations.revokedAt)))
        .for("update")
        .limit(1);
      // An expired invitation is simply replaced; a live one only when asked to re-send.
      if (open && open.expiresAt.getTime() > now.getTime() && !input.resend) throw refuse(fillMessage(m.alreadyInvited, { email }));
      if (open) await tx.update(organizationInvitations).set({ revokedAt: now }).where(eq(organizationInvitations.id, open.id));
      // In the transaction: an invitation refused after this point gives its point back.
      await consumeAll([[makeDbLimiter(tx, "member_invitations", INVITATIONS_PER_DAY, INVITATION_WINDOW_SECONDS), organizationId]], m.tooManyInvitations);

      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
      const [row] = await tx
        .insert(organizationInvitations)
        .values({ organizationId, email, tokenHash: sha256(token), invitedByUserId: actor!.id, createdAt: now, expiresAt })
        .returning({ id: organizationInvitations.id, email: organizationInvitations.email });
      const orgName = organizationMailName(org);
      const inviter = personName(actor!);
      const ein = formatEin(org.ein);
      await enqueueMail(
        {
          to: email,
          subject: `${inviter} invited you to act for ${orgName} on Givebridge`,
          text:
            `${inviter} (${actor!.email}) invited you to manage ${orgName}${ein ? ` (EIN ${ein})` : ""} on Givebridge with an account of your own.\n\n` +
            `Open this link within 7 days to create your account:\n\n${baseUrl()}/invite/${token}\n\n` +
            `If you do not know ${inviter} or did not expect this, ignore this email: no account is created.`,
        },
        { tx },
      );
      await recordAdminAction({
        tx,
        actor: actor!,
        action: "member.invited",
        target: organizationId,
        details: { invitationId: row!.id, email, invitedBy: actor!.id, resent: !!open, expiresAt: expiresAt.toISOString() },
      });
      return {
        invitation: { _id: row!.id, email: row!.email, sentAt: now, expiresAt, expired: false, invitedBy: inviter },
        message: fillMessage(open ? m.resent : m.invited, { email }),
      };
    });
  } catch (err) {
    // Two invitations of one address at once: the open-invitation index let only one through.
    if (isUniqueViolation(err)) throw refuse(fillMessage(m.alreadyInvited, { email }));
    throw err;
  }
}

export type RevokeInvitationOptions = { actor: Actor | null; invitationId: string; now?: Date };

/**
 * Revoke an open invitation of the caller's organization: its link stops working at once.
 * Writes "member.invitation_revoked" to the admin audit log.
 * @returns `{ revoked: { _id, email }, message }`.
 * @throws AppError(forbidden) as inviteMember; AppError(not_found) messages.members.invitationNotFound
 *   for an invitation of another organization, or one accepted or revoked already.
 */
export async function revokeInvitation({ actor, invitationId, now = new Date() }: RevokeInvitationOptions): Promise<{ revoked: { _id: string; email: string }; message: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const organizationId = await authorizeMembersManage({ tx, actor });
    const [row] = await tx
      .update(organizationInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(organizationInvitations.id, invitationId),
          eq(organizationInvitations.organizationId, organizationId),
          isNull(organizationInvitations.acceptedAt),
          isNull(organizationInvitations.revokedAt),
        ),
      )
      .returning({ id: organizationInvitations.id, email: organizationInvitations.email });
    if (!row) throw new AppError("not_found", m.invitationNotFound);
    await recordAdminAction({ tx, actor: actor!, action: "member.invitation_revoked", target: organizationId, details: { invitationId: row.id, email: row.email } });
    return { revoked: { _id: row.id, email: row.email }, message: fillMessage(m.revoked, { email: row.email }) };
  });
}

/** What the invitation page shows: an open invitation with its organization, or the plain sentence why not. */
export type InvitationView =
  | { state: "open"; email: string; expiresAt: Date; organization: { name: string; legalName: string | null; ein: string | null; einFormatted: string | null } }
  | { state: "invalid" | "expired" | "used" | "revoked" | "unavailable"; message: string };

type InvitationRow = typeof organizationInvitations.$inferSelect;
type OrganizationFacts = { name: string; legalName: string | null; ein: string | null; claimed: boolean; claimedAt: Date | null; claimPendingSince: Date | null };

/** The state of an invitation as of `now`; the organization must still be claimed, verified, under the claim it was sent in. */
function invitationState(inv: InvitationRow | undefined, org: OrganizationFacts | undefined, now: Date): Exclude<InvitationView["state"], "open"> | null {
  if (!inv) return "invalid";
  if (inv.acceptedAt) return "used";
  if (inv.revokedAt) return "revoked";
  if (inv.expiresAt.getTime() <= now.getTime()) return "expired";
  // As API keys are (lib/public-api/keys/authenticate-api-key.ts): nothing sent before the current claim began counts.
  if (!org || !org.claimed || org.claimPendingSince || !org.claimedAt || org.claimedAt.getTime() > inv.createdAt.getTime()) return "unavailable";
  return null;
}

const stateMessage: Record<Exclude<InvitationView["state"], "open">, string> = {
  invalid: m.linkInvalid,
  used: m.linkUsed,
  revoked: m.linkRevoked,
  expired: m.linkExpired,
  unavailable: m.organizationUnavailable,
};

const organizationFacts = {
  name: organizations.name,
  legalName: organizations.legalName,
  ein: organizations.ein,
  claimed: organizations.claimed,
  claimedAt: organizations.claimedAt,
  claimPendingSince: organizations.claimPendingSince,
};

export type GetInvitationOptions = { token: string; now?: Date };

/**
 * The invitation of a link's token, for its page (GET /invite/{token}: reads only). Anyone holding
 * the link may see it; an unknown, used, revoked or expired link gets its plain sentence and
 * nothing about the organization.
 */
export async function getInvitation({ token, now = new Date() }: GetInvitationOptions): Promise<InvitationView> {
  const db = await getDb();
  const [inv] = await db.select().from(organizationInvitations).where(eq(organizationInvitations.tokenHash, sha256(token))).limit(1);
  const [org] = inv ? await db.select(organizationFacts).from(organizations).where(eq(organizations.id, inv.organizationId)).limit(1) : [];
  const state = invitationState(inv, org, now);
  if (state) return { state, message: stateMessage[state] };
  return {
    state: "open",
    email: inv!.email,
    expiresAt: inv!.expiresAt,
    organization: { name: org!.name, legalName: org!.legalName, ein: org!.ein, einFormatted: formatEin(org!.ein) },
  };
}

export type AcceptInvitationOptions = { token: string; input: AcceptInvitationInput; now?: Date };

/**
 * Accept the invitation of `token`: a nonprofit account with the invitation's email (confirmed:
 * the link reached it), the given name and password, acting for the organization. The
 * invitation is used up and "member.joined" written to the admin audit log; the inviter is told.
 * Single use. The caller signs the new account in (as sign-up does).
 * @returns the new account's session user.
 * @throws AppError(bad_request) with the link's plain sentence for an unknown, used, revoked or
 *   expired link, or an organization whose claim ended; AppError(conflict) messages.members.hasAccount
 *   when the address got an account meanwhile.
 */
export async function acceptInvitation({ token, input, now = new Date() }: AcceptInvitationOptions): Promise<SessionUser> {
  const db = await getDb();
  // Hashed before the transaction: it holds the database no longer than it must.
  const passwordHash = await hashPassword(input.password);
  let email = "";
  try {
    const userId = await db.transaction(async (tx) => {
      const [inv] = await tx.select().from(organizationInvitations).where(eq(organizationInvitations.tokenHash, sha256(token))).for("update").limit(1);
      const [org] = inv ? await tx.select(organizationFacts).from(organizations).where(eq(organizations.id, inv.organizationId)).for("update").limit(1) : [];
      const state = invitationState(inv, org, now);
      if (state) throw new AppError("bad_request", stateMessage[state]);
      email = inv!.email;
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw new AppError("conflict", fillMessage(m.hasAccount, { email }));
      const [created] = await tx
        .insert(users)
        .values({
          type: "nonprofit",
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          organizationId: inv!.organizationId,
          emailConfirmedAt: now,
        })
        .returning({ id: users.id });
      await tx.update(organizationInvitations).set({ acceptedAt: now }).where(eq(organizationInvitations.id, inv!.id));
      await recordAdminAction({
        tx,
        actor: email,
        action: "member.joined",
        target: inv!.organizationId,
        details: { userId: created!.id, email, invitationId: inv!.id, invitedBy: inv!.invitedByUserId },
      });
      if (inv!.invitedByUserId) {
        const [inviter] = await tx
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.id, inv!.invitedByUserId), eq(users.organizationId, inv!.organizationId), isNull(users.deletedAt)))
          .limit(1);
        const name = `${input.firstName} ${input.lastName}`.trim();
        const orgName = organizationMailName(org!);
        if (inviter) {
          await enqueueMail(
            {
              to: inviter.email,
              subject: `${name} joined ${orgName} on Givebridge`,
              text: `${name} (${email}) accepted your invitation and now acts for ${orgName} on Givebridge.\n\nSee your organization's members: ${baseUrl()}/dashboard/members`,
            },
            { tx },
          );
        }
      }
      return created!.id;
    });
    return (await loadSessionUser({ db, userId }))!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", fillMessage(m.hasAccount, { email }));
    throw err;
  }
}
