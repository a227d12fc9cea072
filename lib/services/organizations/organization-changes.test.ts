/**
 * After a claim is verified, a change of the display name or of the payout account is emailed
 * to every member of the organization (and to nobody else), in the transaction of the change,
 * and written to the organization's audit trail, which its members alone read as their account
 * activity (lib/services/organizations/organization-audit.ts); the same value again sends and
 * records nothing.
 */
import { and, eq } from "drizzle-orm";
import { adminSessionUser } from "@/lib/auth/admin";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { stopMailQueue } from "@/lib/mail/queue";
import { recordAdminAction } from "@/lib/services/admin/audit";
import { releaseClaim } from "@/lib/services/claims/release-claim";
import { connectSandbox, paypalOnboardingReturnUrl, savePaypalMerchant } from "@/lib/services/payouts/connect";
import { registerNonprofitByEin } from "@/lib/services/users/register-user";
import { makeDonor, makeNonprofit, verifyClaimForTest, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { queuedMail } from "@/lib/testing/queued-mail";
import { forOrganization } from "@/lib/validations/organization";
import { adminAuditLog, organizations, users } from "@/models";
import { listOrganizationAudit } from "./organization-audit";
import { updateDashboard } from "./update-dashboard";

let h: DatabaseHandle;
const admin = actorFromSession(adminSessionUser());
let memberSeq = 0;

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "organization-changes-secret-0123456789" });
  h = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await stopMailQueue();
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

/** Another member of `organizationId`: a nonprofit account acting for it, as the actor services take. */
async function addMember(organizationId: string, firstName: string, options: { deleted?: boolean } = {}): Promise<Actor> {
  const email = `member-${++memberSeq}-${firstName.toLowerCase()}@example.org`;
  const [row] = await h.db
    .insert(users)
    .values({ type: "nonprofit", email, passwordHash: "x", firstName, lastName: "Member", organizationId, deletedAt: options.deleted ? new Date() : null })
    .returning({ id: users.id });
  return { id: row!.id, role: "nonprofit", organizationId, email, firstName, lastName: "Member", organizationName: "", telephone: null };
}

/** The messages queued to `to` whose subject contains `about`. */
const mailTo = async (to: string, about: string) => (await queuedMail(h.db, to)).filter((m) => m.subject.includes(about));
const auditOf = (organizationId: string, action: string) =>
  h.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.target, organizationId), eq(adminAuditLog.action, action)));

describe("a rename of the display name", () => {
  let np: ClaimedNonprofit;
  let colleague: Actor;
  let gone: Actor;
  let stranger: ClaimedNonprofit;
  beforeAll(async () => {
    np = await makeNonprofit(h.db, "Winooski Valley Trails");
    colleague = await addMember(np.organizationId, "Cora");
    gone = await addMember(np.organizationId, "Gone", { deleted: true });
    stranger = await makeNonprofit(h.db, "Mad River Path");
  });

  test("emails every member, in the change's transaction, saying old and new name, who and when (UTC), and what to do", async () => {
    const before = Date.now();
    await updateDashboard({ actor: np.user, input: forOrganization({ npID: np.organizationId, organizationName: "Winooski Trails" }) });
    for (const member of [np.user, colleague]) {
      const mails = await mailTo(member.email, "display name was changed");
      expect(mails).toHaveLength(1);
      const { text, html } = mails[0]!;
      expect(text).toContain('The display name was changed from "Winooski Valley Trails" to "Winooski Trails".');
      expect(text).toContain("Old display name: Winooski Valley Trails");
      expect(text).toContain("New display name: Winooski Trails");
      expect(text).toContain(`Changed by: Nia Profit (${np.user.email})`);
      expect(text).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      expect(text).toContain("If nobody at your organization made it");
      expect(text).toContain("/dashboard/activity");
      expect(html).toContain("Winooski Trails");
    }
    // A deleted account and another organization's member hear nothing.
    expect(await mailTo(gone.email, "display name")).toEqual([]);
    expect(await mailTo(stranger.user.email, "display name")).toEqual([]);

    const audit = await auditOf(np.organizationId, "organization.renamed");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: np.user.email, details: { from: "Winooski Valley Trails", to: "Winooski Trails", byName: "Nia Profit" } });
    expect(audit[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);
  });

  test("the same name again, or other fields alone, send and record nothing", async () => {
    await updateDashboard({ actor: colleague, input: forOrganization({ npID: np.organizationId, organizationName: "Winooski Trails", city: "Winooski" }) });
    await updateDashboard({ actor: colleague, input: forOrganization({ npID: np.organizationId, phone: "8025550123" }) });
    expect(await mailTo(np.user.email, "display name was changed")).toHaveLength(1);
    expect(await mailTo(colleague.email, "display name was changed")).toHaveLength(1);
    expect(await auditOf(np.organizationId, "organization.renamed")).toHaveLength(1);
  });

  test("a refused rename (another organization's member) changes, sends and records nothing", async () => {
    expect((await err(updateDashboard({ actor: stranger.user, input: forOrganization({ npID: np.organizationId, organizationName: "Hijacked" }) })))?.status).toBe(403);
    const [row] = await h.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, np.organizationId));
    expect(row!.name).toBe("Winooski Trails");
    expect(await mailTo(np.user.email, "Hijacked")).toEqual([]);
    expect(await auditOf(np.organizationId, "organization.renamed")).toHaveLength(1);
  });

  test("while the claim waits for verification a rename is a draft: no notice, no audit row", async () => {
    const pending = await makeNonprofit(h.db, "Pending Paddlers", { verified: false });
    await updateDashboard({ actor: pending.user, input: forOrganization({ npID: pending.organizationId, organizationName: "Paddlers United" }) });
    expect(await mailTo(pending.user.email, "display name")).toEqual([]);
    expect(await auditOf(pending.organizationId, "organization.renamed")).toEqual([]);
  });
});

describe("a change of the payout account", () => {
  test("connecting sandbox payments emails every member once; connecting again sends nothing", async () => {
    const np = await makeNonprofit(h.db, "Sandbox Skaters", { connected: false });
    const colleague = await addMember(np.organizationId, "Sky");
    await connectSandbox({ actor: colleague });
    for (const member of [np.user, colleague]) {
      const mails = await mailTo(member.email, "payout account was connected");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("Connected: Sandbox payments (test mode, no real money)");
      expect(mails[0]!.text).toContain(`Changed by: Sky Member (${colleague.email})`);
    }
    await connectSandbox({ actor: np.user });
    expect(await mailTo(np.user.email, "payout account")).toHaveLength(1);
    expect(await auditOf(np.organizationId, "payout.connected")).toEqual([expect.objectContaining({ actor: colleague.email, details: { provider: "sandbox", byName: "Sky Member" } })]);
  });

  test("a PayPal account connected, the same again, then another: connected, nothing, replaced; never the merchant id", async () => {
    const np = await makeNonprofit(h.db, "PayPal Pedalers", { connected: false });
    const colleague = await addMember(np.organizationId, "Pat");
    const connect = async (actor: Actor, merchantId: string) => {
      const state = new URL(await paypalOnboardingReturnUrl({ actor })).searchParams.get("state");
      await savePaypalMerchant({ actor, merchantId, state });
    };
    await connect(np.user, "MERCHANTAAA111");
    await connect(np.user, "MERCHANTAAA111");
    await connect(colleague, "MERCHANTBBB222");
    const mails = await queuedMail(h.db, colleague.email);
    expect(mails.filter((m) => m.subject.includes("payout account was connected"))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.includes("payout account was replaced"))).toHaveLength(1);
    expect((await queuedMail(h.db, np.user.email)).filter((m) => m.subject.includes("payout account"))).toHaveLength(2);
    for (const m of mails) {
      expect(m.text).not.toContain("MERCHANT");
      expect(m.html ?? "").not.toContain("MERCHANT");
    }
    expect((await auditOf(np.organizationId, "payout.connected")).map((a) => a.details)).toEqual([{ provider: "paypal", byName: "Nia Profit" }]);
    expect((await auditOf(np.organizationId, "payout.replaced")).map((a) => a.details)).toEqual([{ provider: "paypal", byName: "Pat Member" }]);
  });
});

describe("the account activity", () => {
  let np: ClaimedNonprofit;
  let colleague: Actor;
  let other: ClaimedNonprofit;
  beforeAll(async () => {
    np = await makeNonprofit(h.db, "Activity Anglers", { connected: false });
    colleague = await addMember(np.organizationId, "Ada");
    other = await makeNonprofit(h.db, "Other Orchard");
    await updateDashboard({ actor: np.user, input: forOrganization({ npID: np.organizationId, organizationName: "Anglers of Vermont" }) });
    await connectSandbox({ actor: colleague });
    // Admin-internal facts on the organization: an evidence key, and an action that is not activity.
    await recordAdminAction({ tx: h.db, actor: admin, action: "claim.document_rejected", target: np.organizationId, details: { reason: "Blurry scan.", documentKey: "private/claims/secret-key.pdf", claimId: "c-1" } });
    await recordAdminAction({ tx: h.db, actor: admin, action: "admin.note", target: np.organizationId, details: { note: "internal" } });
  });

  test("lists the organization's entries newest first, to each member, with only the facts picked for them", async () => {
    for (const member of [np.user, colleague]) {
      const entries = await listOrganizationAudit({ actor: member });
      expect(entries.map((e) => e.action)).toEqual(["claim.document_rejected", "payout.connected", "organization.renamed", "claim.verified"]);
      for (let i = 1; i < entries.length; i++) expect(entries[i - 1]!.at.getTime()).toBeGreaterThanOrEqual(entries[i]!.at.getTime());
      expect(entries[0]).toMatchObject({ by: "Givebridge", facts: [{ label: "Reason", value: "Blurry scan." }] });
      expect(entries[1]).toMatchObject({ summary: "A payout account was connected: Sandbox payments (test mode, no real money).", by: `Ada Member (${colleague.email})` });
      expect(entries[2]).toMatchObject({ summary: 'The display name was changed from "Activity Anglers" to "Anglers of Vermont".', by: `Nia Profit (${np.user.email})` });
      expect(entries[3]).toMatchObject({ summary: "The claim of this organization was verified.", by: "Givebridge" });
      const shown = JSON.stringify(entries);
      for (const hidden of ["private/claims", "secret-key", "c-1", "internal", adminSessionUser().email]) expect(shown).not.toContain(hidden);
    }
  });

  test("strangers are refused: nobody 401; a donor, another organization's member, the admin and a deleted member 403", async () => {
    const donor = await makeDonor("activity.donor@example.org");
    expect((await err(listOrganizationAudit({ actor: null })))?.status).toBe(401);
    expect((await err(listOrganizationAudit({ actor: donor })))?.status).toBe(403);
    expect((await err(listOrganizationAudit({ actor: admin })))?.status).toBe(403);
    // A member of another organization naming this one in a forged session is refused; with its own it sees only its own.
    expect((await err(listOrganizationAudit({ actor: { ...other.user, organizationId: np.organizationId } })))?.status).toBe(403);
    const own = await listOrganizationAudit({ actor: other.user });
    expect(own.map((e) => e.action)).toEqual(["claim.verified"]);
    const gone = await addMember(np.organizationId, "Gone", { deleted: true });
    expect((await err(listOrganizationAudit({ actor: gone })))?.status).toBe(403);
  });

  test("after a release (the IRS name back) and a new claim, the new members see only their own claim's entries; every member was told of the release", async () => {
    await h.db.update(organizations).set({ legalName: "ACTIVITY ANGLERS INC" }).where(eq(organizations.id, np.organizationId));
    const [row] = await h.db.select({ ein: organizations.ein }).from(organizations).where(eq(organizations.id, np.organizationId));
    expect(await releaseClaim({ actor: admin, organizationId: np.organizationId, reason: "The organization asked us to." })).toEqual({ released: true });
    // The display name the released members chose leaves with the claim.
    const [after] = await h.db.select({ name: organizations.name, sandbox: organizations.sandboxConnectedAt }).from(organizations).where(eq(organizations.id, np.organizationId));
    expect(after).toEqual({ name: "ACTIVITY ANGLERS INC", sandbox: null });
    for (const member of [np.user, colleague]) expect(await mailTo(member.email, "has ended")).toHaveLength(1);
    expect((await err(listOrganizationAudit({ actor: colleague })))?.status).toBe(403);

    const newcomer = actorFromSession(await registerNonprofitByEin({ firstName: "Nell", lastName: "Newcomer", email: "nell.newcomer@example.org", password: "secret-pass-1", ein: row!.ein! }));
    expect(await listOrganizationAudit({ actor: newcomer })).toEqual([]);
    await verifyClaimForTest(np.organizationId);
    const entries = await listOrganizationAudit({ actor: newcomer });
    expect(entries.map((e) => e.action)).toEqual(["claim.verified"]);
    expect(JSON.stringify(entries)).not.toContain(np.user.email);
    expect(JSON.stringify(entries)).not.toContain(colleague.email);
  });
});
