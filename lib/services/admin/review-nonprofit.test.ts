import { eq, sql } from "drizzle-orm";
import { ADMIN_ID, adminSessionUser } from "@/lib/auth/admin";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { stopMailQueue } from "@/lib/mail/queue";
import { searchNonprofitsByName } from "@/lib/search/nonprofits";
import { registerNonprofitWithoutEin } from "@/lib/services/users/register-user";
import { messages } from "@/lib/validations/messages";
import { adminAuditLog, approvalLinks, organizations } from "@/models";
import { signApprovalLink } from "./approval-links";
import { listAuditLog } from "./audit";
import { approveByLink, describeApprovalLink, listPendingNonprofits, reviewNonprofit } from "./review-nonprofit";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(async () => {
  await stopMailQueue();
  await h.close();
});

const admin = actorFromSession(adminSessionUser());
const someone = (type: SessionUser["type"], organizationId: string | null = null): Actor =>
  actorFromSession({
  type,
  _id: "u-" + type,
  email: `${type}@example.org`,
  firstName: "",
  lastName: "",
  organization_company: "",
  profileImg: null,
  telephone: null,
  orgId: organizationId,
  });

async function registerPending(name: string) {
  const wire = await registerNonprofitWithoutEin({
    firstName: "Rae",
    lastName: "Moss",
    email: `${name.toLowerCase().replace(/\W+/g, "-")}@example.org`,
    password: "secret-pass-1",
    organization_company: "",
    organizationName: name,
    city: "Burlington",
    state: "VT",
    zipcode: "05401",
  } as Parameters<typeof registerNonprofitWithoutEin>[0]);
  const user = actorFromSession(wire);
  const [link] = await h.db.select().from(approvalLinks).where(eq(approvalLinks.organizationId, user.organizationId!));
  return { user, organizationId: user.organizationId!, link: link!, sig: signApprovalLink({ linkId: link!.id, expiresAt: link!.expiresAt }) };
}

const org = async (id: string) => (await h.db.select({ status: organizations.approvalStatus, live: organizations.live }).from(organizations).where(eq(organizations.id, id)))[0]!;
const auditCount = async () => (await h.db.select({ id: adminAuditLog.id }).from(adminAuditLog)).length;
const mailTo = async (to: string) => {
  const r = (await h.db.execute(sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${to}`)) as unknown as { rows: { data: { subject: string; text: string } }[] };
  return r.rows.map((x) => x.data);
};
const fail = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);

describe("nonprofit approval", () => {
  test("registering without an EIN leaves the organization pending and hidden, and emails admins a signed link", async () => {
    const { organizationId, link, sig } = await registerPending("Lake Champlain Food Shelf");
    expect(await org(organizationId)).toEqual({ status: "pending", live: false });
    expect(link.usedAt).toBeNull();
    expect(link.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
    const mails = await mailTo("admin@givebridge.local");
    expect(mails.some((m) => m.subject.includes("Lake Champlain Food Shelf") && m.text.includes(`/approve/nonprofit/${link.id}?sig=${sig}`))).toBe(true);
    const { results } = await searchNonprofitsByName({ query: "Lake Champlain Food Shelf", limit: 10, offset: 0 });
    expect(results.map((r) => r._id)).not.toContain(organizationId);
    expect((await listPendingNonprofits({ actor: admin })).map((p) => p._id)).toContain(organizationId);
  });

  test("an unsigned, altered or foreign-signed link changes nothing", async () => {
    const { organizationId, link, sig } = await registerPending("Winooski Valley Arts");
    const other = await registerPending("Other Place Trust");
    const before = await auditCount();
    for (const bad of ["", "x", sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A"), other.sig, 42, undefined]) {
      const err = await fail(approveByLink({ actor: admin, linkId: link.id, signature: bad }));
      expect(err?.status).toBe(403);
      expect(err?.message).toBe(messages.admin.linkInvalid);
    }
    expect((await fail(approveByLink({ actor: admin, linkId: "no-such-link", signature: sig })))?.status).toBe(403);
    expect(await org(organizationId)).toEqual({ status: "pending", live: false });
    expect((await h.db.select().from(approvalLinks).where(eq(approvalLinks.id, link.id)))[0]!.usedAt).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  test("an expired link changes nothing", async () => {
    const { organizationId, link, sig } = await registerPending("Expired Example Fund");
    const later = new Date(link.expiresAt.getTime() + 1000);
    const err = await fail(approveByLink({ actor: admin, linkId: link.id, signature: sig, now: later }));
    expect(err?.status).toBe(403);
    expect(err?.message).toBe(messages.admin.linkExpired);
    expect((await describeApprovalLink({ actor: admin, linkId: link.id, signature: sig, now: later })).state).toBe("expired");
    expect(await org(organizationId)).toEqual({ status: "pending", live: false });
  });

  test("non-admins cannot use a valid link: nobody 401, donor and nonprofit 403, nothing changes", async () => {
    const { organizationId, link, sig } = await registerPending("Guarded Gifts");
    expect((await fail(approveByLink({ actor: null, linkId: link.id, signature: sig })))?.status).toBe(401);
    expect((await fail(approveByLink({ actor: someone("individual"), linkId: link.id, signature: sig })))?.status).toBe(403);
    expect((await fail(approveByLink({ actor: someone("nonprofit", organizationId), linkId: link.id, signature: sig })))?.status).toBe(403);
    expect((await fail(reviewNonprofit({ actor: someone("nonprofit", organizationId), organizationId, decision: "approved" })))?.status).toBe(403);
    expect((await fail(listPendingNonprofits({ actor: someone("individual") })))?.status).toBe(403);
    expect((await fail(listAuditLog({ actor: null })))?.status).toBe(401);
    expect(await org(organizationId)).toEqual({ status: "pending", live: false });
  });

  test("a valid link approves once: live, searchable, audited, nonprofit emailed; reusing it changes nothing", async () => {
    const { organizationId, link, sig, user } = await registerPending("Montpelier Mutual Aid");
    expect((await describeApprovalLink({ actor: admin, linkId: link.id, signature: sig })).state).toBe("valid");
    const result = await approveByLink({ actor: admin, linkId: link.id, signature: sig });
    expect(result).toEqual({ _id: organizationId, name: "Montpelier Mutual Aid", approvalStatus: "approved", live: true });
    expect(await org(organizationId)).toEqual({ status: "approved", live: true });
    const { results } = await searchNonprofitsByName({ query: "Montpelier Mutual Aid", limit: 10, offset: 0 });
    expect(results.map((r) => r._id)).toContain(organizationId);

    const [audit] = await h.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, organizationId));
    expect(audit).toMatchObject({ actor: admin.email, action: "nonprofit.approve", details: { via: "link", linkId: link.id } });
    expect(audit!.createdAt).toBeInstanceOf(Date);
    expect((await mailTo(user.email)).map((m) => m.subject)).toEqual(["Montpelier Mutual Aid is approved on Givebridge"]);

    const before = await auditCount();
    const again = await fail(approveByLink({ actor: admin, linkId: link.id, signature: sig }));
    expect(again?.status).toBe(409);
    expect(again?.message).toBe(messages.admin.linkUsed);
    expect(await auditCount()).toBe(before);
    expect((await describeApprovalLink({ actor: admin, linkId: link.id, signature: sig })).state).toBe("used");
  });

  test("the console rejects a pending organization, audits it, and its link no longer works", async () => {
    const { organizationId, link, sig } = await registerPending("Rejected Example Org");
    const result = await reviewNonprofit({ actor: admin, organizationId, decision: "rejected" });
    expect(result).toMatchObject({ approvalStatus: "rejected", live: false });
    expect(await org(organizationId)).toEqual({ status: "rejected", live: false });
    const log = await listAuditLog({ actor: admin });
    expect(log[0]).toMatchObject({ actor: admin.email, action: "nonprofit.reject", target: organizationId });
    expect((await fail(approveByLink({ actor: admin, linkId: link.id, signature: sig })))?.status).toBe(409);
    expect(await org(organizationId)).toEqual({ status: "rejected", live: false });
    expect((await fail(reviewNonprofit({ actor: admin, organizationId, decision: "approved" })))?.status).toBe(409);
    expect((await fail(reviewNonprofit({ actor: admin, organizationId: "missing", decision: "approved" })))?.status).toBe(404);
    expect(log.every((e) => e.actor === admin.email || e.actor === ADMIN_ID)).toBe(true);
  });
});
