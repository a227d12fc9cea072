/**
 * Revocable sessions (OWASP ASVS 5.0 7.4): sessions end with the account, a password change or reset and
 * "sign out everywhere"; a stale owner's refused write writes nothing.
 * The session is checked through next-auth's own callbacks (lib/http/auth-options.ts), as every
 * getServerSession() call runs them.
 */
import { eq, sql } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { updateDashboard } from "@/lib/services/organizations/update-dashboard";
import { deleteOwnAccount } from "@/lib/services/users/delete-account";
import { requestPasswordReset, resetPassword } from "@/lib/services/users/password-reset";
import { registerDonor, registerNonprofitByEin } from "@/lib/services/users/register-user";
import { verifyClaimForTest } from "@/lib/testing/service-fixtures";
import { signOutEverywhere } from "@/lib/services/users/sessions";
import { updatePassword } from "@/lib/services/users/update-password";
import { forOrganization, updateDashboardSchema } from "@/lib/validations/organization";
import { organizations } from "@/models";
import { actorFromSession } from "./actor";
import { authOptions } from "@/lib/http/auth-options";
import type { SessionUser } from "./types";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
}, 120_000);
afterAll(() => h.close());

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

type Callbacks = {
  jwt: (p: { token: JWT; user?: unknown }) => Promise<JWT>;
  session: (p: { session: { user: Record<string, unknown>; expires: string }; token: JWT }) => Promise<{ user?: { _id?: string } }>;
};
const callbacks = () => authOptions().callbacks as unknown as Callbacks;

/** What next-auth does at sign-in: the jwt callback with the signed-in user. */
async function signIn(user: SessionUser): Promise<JWT> {
  return callbacks().jwt({ token: {}, user: { id: user._id, ...user } });
}

/** What every later request does: the jwt then session callbacks; returns the session user id or null. */
async function sessionUserId(token: JWT): Promise<string | null> {
  const t = await callbacks().jwt({ token: { ...token } });
  const s = await callbacks().session({ session: { user: {}, expires: new Date(Date.now() + 1e6).toISOString() }, token: t });
  return s.user?._id ?? null;
}

/** A donor as the session carries it (what next-auth stores at sign-in). */
const makeDonor = (email: string): Promise<SessionUser> =>
  registerDonor({ firstName: "Dana", lastName: "Donor", email, password: "secret-pass-1", organization_company: "" });

async function claimedOrg(ein: string, email: string) {
  const [org] = await h.db.insert(organizations).values({ name: `Org ${ein}`, ein, city: "Burlington", state: "VT" }).returning({ id: organizations.id });
  const user = await registerNonprofitByEin({ firstName: "Nia", lastName: "Profit", email, password: "secret-pass-1", ein });
  await verifyClaimForTest(org!.id);
  return { organizationId: org!.id, user };
}

describe("sessions can be revoked", () => {
  test("a re-claimed EIN: the deleted owner's session is refused, and its stale actor writes nothing", async () => {
    const { organizationId, user: first } = await claimedOrg("190000001", "first.owner@example.org");
    const oldToken = await signIn(first);
    expect(await sessionUserId(oldToken)).toBe(first._id);

    await deleteOwnAccount({ actor: actorFromSession(first) });
    const second = await registerNonprofitByEin({ firstName: "New", lastName: "Owner", email: "second.owner@example.org", password: "secret-pass-1", ein: "190000001" });
    expect(second.orgId).toBe(organizationId);
    await verifyClaimForTest(organizationId);

    // The old cookie no longer yields a session (route guards answer 401, not 500).
    expect(await sessionUserId(oldToken)).toBeNull();

    // Even a stale actor object is refused by the service, and nothing is written.
    await h.db.update(organizations).set({ email: "owner@new-owner.org" }).where(eq(organizations.id, organizationId));
    const input = updateDashboardSchema.parse({ npID: organizationId, email: "thief@example.org", confirmEmail: "thief@example.org", organizationName: "Stolen" });
    expect((await err(updateDashboard({ actor: actorFromSession(first), input: forOrganization(input) })))?.status).toBe(403);
    const [row] = await h.db.select({ email: organizations.email, name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
    expect(row).toEqual({ email: "owner@new-owner.org", name: "Org 190000001" });

    // The new owner's own session works and can write.
    const newToken = await signIn(second);
    expect(await sessionUserId(newToken)).toBe(second._id);
    await updateDashboard({ actor: actorFromSession(second), input: forOrganization(updateDashboardSchema.parse({ npID: organizationId, organizationName: "Renamed by owner" })) });
    const [after] = await h.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
    expect(after!.name).toBe("Renamed by owner");
  });

  test("a session whose token names a user that never existed gets no session (no throw)", async () => {
    const ghost = { ...(await makeDonor("ghost@example.org")), _id: "no-such-user" };
    expect(await sessionUserId({ user: ghost, sv: 1 })).toBeNull();
  });

  test("a password change ends the other sessions; the new version keeps working", async () => {
    const donor = await makeDonor("pw.change@example.org");
    const laptop = await signIn(donor);
    const phone = await signIn(donor);
    const { sessionVersion } = await updatePassword({ actor: actorFromSession(donor), input: { userId: donor._id, currentPassword: "secret-pass-1", password: "brand-new-pass-2" } });
    expect(await sessionUserId(phone)).toBeNull();
    expect(await sessionUserId(laptop)).toBeNull();
    // The route re-issues the changing browser's cookie with the new version.
    expect(await sessionUserId({ ...laptop, sv: sessionVersion })).toBe(donor._id);
  });

  test("a password reset ends every session", async () => {
    const donor = await makeDonor("pw.reset@example.org");
    const token = await signIn(donor);
    await requestPasswordReset({ email: "pw.reset@example.org" });
    const res = (await h.db.execute(sql`select data from pgboss.job where name = 'mail' order by created_on desc`)) as unknown as { rows: { data: { to: string; text: string } }[] };
    const raw = res.rows.find((r) => r.data.to === "pw.reset@example.org")!.data.text.match(/\/reset\/([A-Za-z0-9_-]+)/)![1]!;
    await resetPassword({ resetPasswordToken: raw, password: "after-reset-pass-3" });
    expect(await sessionUserId(token)).toBeNull();
  });

  test("sign out everywhere ends every session issued before", async () => {
    const donor = await makeDonor("everywhere@example.org");
    const a = await signIn(donor);
    const b = await signIn(donor);
    const { sessionVersion } = await signOutEverywhere({ actor: actorFromSession(donor) });
    expect(await sessionUserId(a)).toBeNull();
    expect(await sessionUserId(b)).toBeNull();
    expect(await sessionUserId({ ...a, sv: sessionVersion })).toBe(donor._id);
    expect(await sessionUserId(await signIn(donor))).toBe(donor._id);
  });
});
