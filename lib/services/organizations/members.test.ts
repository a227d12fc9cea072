/**
 * An organization's members on the real database (PGlite, and PostgreSQL in the server stage):
 * a member of a verified organization invites a colleague by email, the colleague accepts the
 * mailed link with a name and password and gets a nonprofit account of the organization, the
 * members list shows both, and a member is removed (their sessions end). The refusals: a pending
 * claim cannot invite (403 with its sentence), nor can donors, the admin, nobody or another
 * organization's members; the last member is never removed (409); expired, used and revoked links
 * give their plain sentence; an address with an account, a member's or one already invited is
 * refused, and Resend replaces the link. Each change is in the admin audit log.
 */
import { and, eq } from "drizzle-orm";
import { GET as listRoute } from "@/app/api/(app)/organizations/members/route";
import { POST as inviteRoute } from "@/app/api/(app)/organizations/members/invitations/route";
import { DELETE as revokeRoute } from "@/app/api/(app)/organizations/members/invitations/[invitationId]/route";
import { DELETE as removeRoute } from "@/app/api/(app)/organizations/members/[userId]/route";
import { adminSessionUser } from "@/lib/auth/admin";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { stopMailQueue } from "@/lib/mail/queue";
import { releaseClaim } from "@/lib/services/claims/release-claim";
import { authenticateUser } from "@/lib/services/users/authenticate-user";
import { deleteNonprofitAccount } from "@/lib/services/users/delete-account";
import { currentSessionVersion, resolveSessionUser } from "@/lib/services/users/sessions";
import { queuedMail } from "@/lib/testing/queued-mail";
import { makeDonor, makeNonprofit, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { fillMessage } from "@/lib/validations/claims";
import { acceptInvitationSchema, inviteMemberSchema } from "@/lib/validations/members";
import { messages } from "@/lib/validations/messages";
import { adminAuditLog, organizationInvitations, organizations, users } from "@/models";
import { acceptInvitation, getInvitation, INVITATION_TTL_MS, INVITATIONS_PER_DAY, inviteMember, revokeInvitation } from "./invitations";
import { listMembers, removeMember } from "./members";

const m = messages.members;
const DAY = 24 * 60 * 60 * 1000;

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
let pending: ClaimedNonprofit;
let donor: Actor;
const admin = actorFromSession(adminSessionUser());
let seq = 0;

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "members-test-secret-0123456789" });
  h = await createTestDatabase();
  a = await makeNonprofit(h.db, "Members Food Shelf");
  await h.db.update(organizations).set({ legalName: "MEMBERS FOOD SHELF INC" }).where(eq(organizations.id, a.organizationId));
  b = await makeNonprofit(h.db, "Other Neighbour");
  pending = await makeNonprofit(h.db, "Squatted Listing", { verified: false });
  donor = await makeDonor("members.donor@example.org");
}, 120_000);
afterAll(async () => {
  await stopMailQueue();
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);
const newEmail = (prefix: string) => `${prefix}.${++seq}@colleagues.example.org`;
const invite = (actor: Actor | null, email: string, options: { resend?: boolean; now?: Date } = {}) =>
  inviteMember({ actor, input: inviteMemberSchema.parse({ email, resend: options.resend }), now: options.now });
const account = { firstName: "Cole", lastName: "League", password: "colleague-pass-1" };

/** The token of the latest invitation link mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const mails = await queuedMail(h.db, email);
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function auditOf(organizationId: string, action: string) {
  return h.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.target, organizationId), eq(adminAuditLog.action, action)));
}

async function openInvitations(organizationId: string) {
  return (await listMembers({ actor: (await membersOf(organizationId))[0]! })).invitations;
}

/** The accounts acting for `organizationId`, as actors. */
async function membersOf(organizationId: string): Promise<Actor[]> {
  const rows = await h.db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId));
  const { loadSessionUser } = await import("@/lib/services/users/to-session-user");
  return Promise.all(rows.map(async (r) => actorFromSession((await loadSessionUser({ db: h.db, userId: r.id }))!)));
}

describe("invite, accept, list, remove", () => {
  let colleague: Actor;
  let colleagueEmail: string;
  let token: string;

  test("a member of a verified organization invites a colleague: one mail with a link, only the token's hash stored, audited", async () => {
    colleagueEmail = newEmail("cole");
    const sent = await invite(a.user, colleagueEmail);
    expect(sent.message).toBe(fillMessage(m.invited, { email: colleagueEmail }));
    expect(sent.invitation).toMatchObject({ email: colleagueEmail, expired: false, invitedBy: "Nia Profit" });
    expect(sent.invitation.expiresAt.getTime() - sent.invitation.sentAt.getTime()).toBe(INVITATION_TTL_MS);

    const mails = await queuedMail(h.db, colleagueEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Nia Profit invited you to act for MEMBERS FOOD SHELF INC on Givebridge");
    token = await linkTokenFor(colleagueEmail);
    const [row] = await h.db.select().from(organizationInvitations).where(eq(organizationInvitations.id, sent.invitation._id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.invitedByUserId).toBe(a.user.id);

    const audit = await auditOf(a.organizationId, "member.invited");
    expect(audit.map((r) => r.details)).toEqual([expect.objectContaining({ invitationId: sent.invitation._id, email: colleagueEmail, resent: false })]);
  });

  test("the link's page shows the organization's legal name and EIN; opening it changes nothing", async () => {
    const view = await getInvitation({ token });
    expect(view).toMatchObject({ state: "open", email: colleagueEmail, organization: { legalName: "MEMBERS FOOD SHELF INC", name: "Members Food Shelf" } });
    if (view.state !== "open") throw new Error("not open");
    expect(view.organization.einFormatted).toMatch(/^\d{2}-\d{7}$/);
    const [row] = await h.db.select().from(organizationInvitations).where(eq(organizationInvitations.email, colleagueEmail));
    expect(row!.acceptedAt).toBeNull();
    // An unknown token learns nothing about any organization.
    expect(await getInvitation({ token: "x".repeat(43) })).toEqual({ state: "invalid", message: m.linkInvalid });
  });

  test("accepting asks for the nonprofit sign-up's name and password rules", () => {
    const weak = acceptInvitationSchema.safeParse({ ...account, password: "short" });
    expect(weak.success).toBe(false);
    expect(weak.error!.issues[0]!.message).toBe(messages.password.tooShort);
    expect(acceptInvitationSchema.safeParse({ ...account, password: "no-digits-here" }).error!.issues[0]!.message).toBe(messages.password.noNumber);
    expect(acceptInvitationSchema.safeParse({ ...account, firstName: " " }).error!.issues[0]!.message).toBe(messages.name.firstRequired);
  });

  test("accepting creates a confirmed nonprofit account of the organization that can sign in; the link works once", async () => {
    const user = await acceptInvitation({ token, input: acceptInvitationSchema.parse(account) });
    expect(user).toMatchObject({ type: "nonprofit", email: colleagueEmail, firstName: "Cole", lastName: "League", orgId: a.organizationId });
    colleague = actorFromSession(user);
    const [row] = await h.db.select({ confirmed: users.emailConfirmedAt, hash: users.passwordHash }).from(users).where(eq(users.id, colleague.id));
    expect(row!.confirmed).toBeInstanceOf(Date);
    expect(row!.hash).not.toContain(account.password);
    const signedIn = await authenticateUser({ email: colleagueEmail, password: account.password, ip: "10.9.9.1", proofOfWork: undefined });
    expect(signedIn).toMatchObject({ _id: colleague.id, orgId: a.organizationId });

    expect(await err(acceptInvitation({ token, input: acceptInvitationSchema.parse({ ...account, firstName: "Again" }) }))).toMatchObject({ status: 400, message: m.linkUsed });
    expect(await getInvitation({ token })).toEqual({ state: "used", message: m.linkUsed });
    expect((await auditOf(a.organizationId, "member.joined")).map((r) => r.details)).toEqual([expect.objectContaining({ userId: colleague.id, email: colleagueEmail, invitedBy: a.user.id })]);
    // The inviter hears of it.
    expect((await queuedMail(h.db, a.user.email)).map((x) => x.subject)).toContain(`Cole League joined MEMBERS FOOD SHELF INC on Givebridge`);
  });

  test("every member sees the members (oldest first) and no invitation left waiting; the new member can manage too", async () => {
    const seen = await listMembers({ actor: colleague });
    expect(seen.canManage).toBe(true);
    expect(seen.refusal).toBeNull();
    expect(seen.organization).toMatchObject({ _id: a.organizationId, legalName: "MEMBERS FOOD SHELF INC" });
    expect(seen.members.map((p) => [p.email, p.you])).toEqual([
      [a.user.email, false],
      [colleagueEmail, true],
    ]);
    expect(seen.members[1]!.since).toBeInstanceOf(Date);
    expect(seen.invitations).toEqual([]);

    // Over the route, with the session's cookie.
    const res = await call(listRoute, { url: "/api/organizations/members", user: a.user });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { members: { email: string; you: boolean }[] };
    expect(body.members.map((p) => p.email)).toEqual([a.user.email, colleagueEmail]);
    expect(JSON.stringify(body)).not.toMatch(/password|token/i);
  });

  test("a member removes another: the account stays without the organization, its sessions end, it is told and the log says so", async () => {
    const version = await currentSessionVersion({ db: h.db, userId: colleague.id });
    expect(await resolveSessionUser({ db: h.db, userId: colleague.id, version })).not.toBeNull();
    const res = await call(removeRoute, { method: "DELETE", url: `/api/organizations/members/${colleague.id}`, params: { userId: colleague.id }, user: a.user });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ removed: { _id: colleague.id, email: colleagueEmail }, self: false, message: fillMessage(m.removed, { name: "Cole League" }) });

    const [row] = await h.db.select({ organizationId: users.organizationId, v: users.sessionVersion }).from(users).where(eq(users.id, colleague.id));
    expect(row).toEqual({ organizationId: null, v: version! + 1 });
    expect(await resolveSessionUser({ db: h.db, userId: colleague.id, version })).toBeNull();
    expect((await queuedMail(h.db, colleagueEmail)).map((x) => x.subject)).toContain("You no longer act for MEMBERS FOOD SHELF INC on Givebridge");
    expect((await auditOf(a.organizationId, "member.removed")).map((r) => r.details)).toEqual([expect.objectContaining({ userId: colleague.id, by: a.user.id, self: false })]);
    // The session it still holds decides nothing any more: the account as it is now is read.
    expect(await err(listMembers({ actor: colleague }))).toMatchObject({ status: 403 });
    expect(await err(invite(colleague, newEmail("after")))).toMatchObject({ status: 403 });
  });

  test("the last member of a verified organization is never removed, not even by themselves (409)", async () => {
    expect(await err(removeMember({ actor: a.user, userId: a.user.id }))).toMatchObject({ status: 409, message: m.lastMember });
    const res = await call(removeRoute, { method: "DELETE", url: `/api/organizations/members/${a.user.id}`, params: { userId: a.user.id }, user: a.user });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(m.lastMember);
    const [row] = await h.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, a.user.id));
    expect(row!.organizationId).toBe(a.organizationId);
  });

  test("with a colleague, a member may remove themselves: their own sessions end", async () => {
    const email = newEmail("second");
    await invite(a.user, email);
    const second = actorFromSession(await acceptInvitation({ token: await linkTokenFor(email), input: acceptInvitationSchema.parse(account) }));
    const version = await currentSessionVersion({ db: h.db, userId: second.id });
    expect(await removeMember({ actor: second, userId: second.id })).toMatchObject({ self: true, message: m.left });
    expect(await resolveSessionUser({ db: h.db, userId: second.id, version })).toBeNull();
    expect((await listMembers({ actor: a.user })).members.map((p) => p.email)).toEqual([a.user.email]);
  });
});

describe("who may invite and remove", () => {
  test("a pending claim cannot invite, revoke or remove (403 with a plain sentence); it sees its one member and why", async () => {
    const email = newEmail("squat");
    expect(await err(invite(pending.user, email))).toMatchObject({ status: 403, message: m.verifyFirst });
    const res = await call(inviteRoute, { method: "POST", url: "/api/organizations/members/invitations", json: { email }, user: pending.user });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(m.verifyFirst);
    expect(await err(removeMember({ actor: pending.user, userId: pending.user.id }))).toMatchObject({ status: 403, message: m.verifyFirst });
    expect(await h.db.select().from(organizationInvitations).where(eq(organizationInvitations.organizationId, pending.organizationId))).toEqual([]);
    expect(await queuedMail(h.db, email)).toEqual([]);

    const seen = await listMembers({ actor: pending.user });
    expect(seen).toMatchObject({ canManage: false, refusal: m.verifyFirst, invitations: [] });
    expect(seen.members.map((p) => p.email)).toEqual([pending.user.email]);
  });

  test("donors, the admin and nobody are refused everything; another organization's member cannot touch this one's members or invitations", async () => {
    const waiting = await invite(a.user, newEmail("guarded"));
    for (const actor of [donor, admin]) {
      expect(await err(listMembers({ actor }))).toMatchObject({ status: 403 });
      expect(await err(invite(actor, newEmail("stranger")))).toMatchObject({ status: 403 });
      expect(await err(removeMember({ actor, userId: a.user.id }))).toMatchObject({ status: 403 });
      expect(await err(revokeInvitation({ actor, invitationId: waiting.invitation._id }))).toMatchObject({ status: 403 });
    }
    expect(await err(listMembers({ actor: null }))).toMatchObject({ status: 401 });
    expect(await err(invite(null, newEmail("nobody")))).toMatchObject({ status: 401 });
    expect((await call(listRoute, { url: "/api/organizations/members" })).status).toBe(401);
    expect((await call(listRoute, { url: "/api/organizations/members", user: donor })).status).toBe(403);

    // B's member, verified in its own organization, finds nobody of A's to remove or revoke.
    expect(await err(removeMember({ actor: b.user, userId: a.user.id }))).toMatchObject({ status: 404, message: m.notMember });
    expect(await err(revokeInvitation({ actor: b.user, invitationId: waiting.invitation._id }))).toMatchObject({ status: 404, message: m.invitationNotFound });
    const res = await call(revokeRoute, { method: "DELETE", url: `/api/organizations/members/invitations/${waiting.invitation._id}`, params: { invitationId: waiting.invitation._id }, user: b.user });
    expect(res.status).toBe(404);
    // A session naming A's organization for B's account decides nothing: the database says B.
    expect(await err(removeMember({ actor: { ...b.user, organizationId: a.organizationId }, userId: a.user.id }))).toMatchObject({ status: 403 });
    expect((await listMembers({ actor: b.user })).members.map((p) => p.email)).toEqual([b.user.email]);
    const [row] = await h.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, a.user.id));
    expect(row!.organizationId).toBe(a.organizationId);
    expect((await openInvitations(a.organizationId)).map((i) => i._id)).toContain(waiting.invitation._id);
  });
});

describe("which addresses may be invited", () => {
  test("an address with an account, a member's, or one already invited is refused with its sentence; Resend replaces the link", async () => {
    expect(await err(invite(a.user, donor.email))).toMatchObject({ status: 409, message: fillMessage(m.hasAccount, { email: donor.email }) });
    expect(await err(invite(a.user, b.user.email.toUpperCase()))).toMatchObject({ status: 409, message: fillMessage(m.hasAccount, { email: b.user.email.toUpperCase() }) });
    expect(await err(invite(a.user, a.user.email))).toMatchObject({ status: 409, message: fillMessage(m.alreadyMember, { email: a.user.email }) });

    const email = newEmail("twice");
    const first = await invite(a.user, email);
    const oldToken = await linkTokenFor(email);
    expect(await err(invite(a.user, email))).toMatchObject({ status: 409, message: fillMessage(m.alreadyInvited, { email }) });
    const res = await call(inviteRoute, { method: "POST", url: "/api/organizations/members/invitations", json: { email: email.toUpperCase() }, user: a.user });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.email).toBe(fillMessage(m.alreadyInvited, { email: email.toUpperCase() }));

    const again = await invite(a.user, email, { resend: true });
    expect(again.message).toBe(fillMessage(m.resent, { email }));
    expect(again.invitation._id).not.toBe(first.invitation._id);
    const newToken = await linkTokenFor(email);
    expect(newToken).not.toBe(oldToken);
    expect(await getInvitation({ token: oldToken })).toEqual({ state: "revoked", message: m.linkRevoked });
    expect(await err(acceptInvitation({ token: oldToken, input: acceptInvitationSchema.parse(account) }))).toMatchObject({ status: 400, message: m.linkRevoked });
    expect((await openInvitations(a.organizationId)).filter((i) => i.email === email).map((i) => i._id)).toEqual([again.invitation._id]);
    expect((await auditOf(a.organizationId, "member.invited")).filter((r) => (r.details as { email: string }).email === email).map((r) => (r.details as { resent: boolean }).resent)).toEqual([false, true]);
    expect((await acceptInvitation({ token: newToken, input: acceptInvitationSchema.parse(account) })).orgId).toBe(a.organizationId);
  });

  test("an address that got an account after its invitation cannot accept it", async () => {
    const email = newEmail("raced");
    await invite(a.user, email);
    const token = await linkTokenFor(email);
    await makeDonor(email);
    expect(await err(acceptInvitation({ token, input: acceptInvitationSchema.parse(account) }))).toMatchObject({ status: 409, message: fillMessage(m.hasAccount, { email }) });
  });
});

describe("expired, revoked and ended invitations", () => {
  test("a link older than 7 days says it expired and creates nothing; a new invitation of the address replaces it without Resend", async () => {
    const email = newEmail("late");
    const sentAt = new Date(Date.now() - 8 * DAY);
    // Claimed before the invitation was sent, as an organization that has been on Givebridge a while.
    await h.db.update(organizations).set({ claimedAt: new Date(Date.now() - 30 * DAY) }).where(eq(organizations.id, a.organizationId));
    await invite(a.user, email, { now: sentAt });
    const token = await linkTokenFor(email);
    expect(await getInvitation({ token, now: new Date(sentAt.getTime() + 6 * DAY) })).toMatchObject({ state: "open" });
    expect(await getInvitation({ token })).toEqual({ state: "expired", message: m.linkExpired });
    expect(await err(acceptInvitation({ token, input: acceptInvitationSchema.parse(account) }))).toMatchObject({ status: 400, message: m.linkExpired });
    expect(await h.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await openInvitations(a.organizationId)).find((i) => i.email === email)).toMatchObject({ expired: true });

    await invite(a.user, email);
    expect(await getInvitation({ token: await linkTokenFor(email) })).toMatchObject({ state: "open" });
    expect(await getInvitation({ token })).toMatchObject({ state: "revoked" });
  });

  test("a revoked link says so; revoking is audited and happens once", async () => {
    const email = newEmail("withdrawn");
    const sent = await invite(a.user, email);
    const token = await linkTokenFor(email);
    const res = await call(revokeRoute, { method: "DELETE", url: `/api/organizations/members/invitations/${sent.invitation._id}`, params: { invitationId: sent.invitation._id }, user: a.user });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ revoked: { _id: sent.invitation._id, email }, message: fillMessage(m.revoked, { email }) });
    expect(await getInvitation({ token })).toEqual({ state: "revoked", message: m.linkRevoked });
    expect(await err(acceptInvitation({ token, input: acceptInvitationSchema.parse(account) }))).toMatchObject({ status: 400, message: m.linkRevoked });
    expect(await err(revokeInvitation({ actor: a.user, invitationId: sent.invitation._id }))).toMatchObject({ status: 404, message: m.invitationNotFound });
    expect((await auditOf(a.organizationId, "member.invitation_revoked")).map((r) => (r.details as { email: string }).email)).toContain(email);
  });

  test("a released claim revokes its open invitations: nobody joins the organization through them", async () => {
    const org = await makeNonprofit(h.db, "Released Later");
    const email = newEmail("released");
    await invite(org.user, email);
    const token = await linkTokenFor(email);
    await releaseClaim({ actor: admin, organizationId: org.organizationId, reason: "Claimed by mistake" });
    expect(await getInvitation({ token })).toMatchObject({ state: "revoked" });
    expect(await err(acceptInvitation({ token, input: acceptInvitationSchema.parse(account) }))).toMatchObject({ status: 400 });
  });

  test("deleting the organization's last account revokes its open invitations", async () => {
    const org = await makeNonprofit(h.db, "Deleted Later");
    const email = newEmail("orphaned");
    await invite(org.user, email);
    const token = await linkTokenFor(email);
    await deleteNonprofitAccount({ actor: org.user, userId: org.user.id });
    expect(await getInvitation({ token })).toMatchObject({ state: "revoked" });
  });

  test("an invitation sent before the organization's current claim began is refused even if left open", async () => {
    const org = await makeNonprofit(h.db, "Claimed Anew");
    const email = newEmail("stale");
    await invite(org.user, email);
    const token = await linkTokenFor(email);
    // The organization was claimed again after the invitation (as if released and claimed by someone else).
    await h.db.update(organizations).set({ claimedAt: new Date(Date.now() + 1000) }).where(eq(organizations.id, org.organizationId));
    expect(await getInvitation({ token })).toEqual({ state: "unavailable", message: m.organizationUnavailable });
    expect(await err(acceptInvitation({ token, input: acceptInvitationSchema.parse(account) }))).toMatchObject({ status: 400, message: m.organizationUnavailable });
  });
});

describe("the daily limit of invitations", () => {
  test(`${INVITATIONS_PER_DAY} invitations per organization per day; refused ones do not count`, async () => {
    const org = await makeNonprofit(h.db, "Busy Inviter");
    for (let i = 0; i < 3; i++) expect(await err(invite(org.user, org.user.email))).toMatchObject({ status: 409 });
    for (let i = 0; i < INVITATIONS_PER_DAY; i++) await invite(org.user, newEmail("batch"));
    const email = newEmail("one-too-many");
    expect(await err(invite(org.user, email))).toMatchObject({ status: 429, message: m.tooManyInvitations });
    expect(await queuedMail(h.db, email)).toEqual([]);
    expect(await h.db.select().from(organizationInvitations).where(eq(organizationInvitations.email, email))).toEqual([]);
    // Another organization's allowance is its own.
    expect((await invite(b.user, email)).invitation.email).toBe(email);
  });
});
