import { sql } from "drizzle-orm";
import { adminSessionUser } from "@/lib/auth/admin";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import type { AppError } from "@/lib/errors";
import { stopMailQueue } from "@/lib/mail/queue";
import { getPlatformTotals } from "@/lib/services/admin/platform-totals";
import { organizations } from "@/models";
import { businessSignUpSchema } from "@/lib/validations/business";
import { listBusinessesNearOrganization, listBusinessSignups } from "./list-business-signups";
import { BUSINESS_SIGNUPS_PER_HOUR, signUpBusiness } from "./sign-up-business";

let h: DatabaseHandle;
let vtOrg: string;
beforeAll(async () => {
  h = await createTestDatabase();
  const [o] = await h.db.insert(organizations).values({ name: "Green Mountain Youth", state: "VT", claimed: true }).returning({ id: organizations.id });
  vtOrg = o!.id;
});
afterAll(async () => {
  await stopMailQueue();
  await h.close();
});

const wireAdmin = adminSessionUser();
const admin = actorFromSession(wireAdmin);
const user = (type: SessionUser["type"], organizationId: string | null): Actor => actorFromSession({ ...wireAdmin, type, _id: `u-${type}`, email: `${type}@example.org`, orgId: organizationId });
const fail = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);
const jobsTo = async (to: string) =>
  ((await h.db.execute(sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${to}`)) as unknown as { rows: { data: { subject: string } }[] }).rows.map((r) => r.data.subject);

describe("business collaboration", () => {
  test("the schema requires businessName, email and contactName with clear messages", () => {
    const bad = businessSignUpSchema.safeParse({ businessName: "", email: "nope", contactName: " " });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(["businessName", "contactName", "email"]);
    expect(businessSignUpSchema.parse({ businessName: "Acme", email: "a@acme.test", contactName: "Al", state: "vt" })).toMatchObject({ state: "VT", city: null, interest: "both" });
  });

  test("a sign-up is stored, emails the team and the business, and shows to admins and to nonprofits of its state", async () => {
    const values = businessSignUpSchema.parse({ businessName: "Maple Works", email: "hello@maple.test", contactName: "Mia", city: "Burlington", state: "VT", interest: "matching" });
    const saved = await signUpBusiness({ ...values, ip: "10.1.1.1" });
    await signUpBusiness({ ...businessSignUpSchema.parse({ businessName: "Texas Tools", email: "t@tx.test", contactName: "Tom", state: "TX" }), ip: "10.1.1.1" });
    expect(await jobsTo("admin@givebridge.local")).toContain("New business sign-up: Maple Works");
    expect(await jobsTo("hello@maple.test")).toEqual(["Thanks for your interest in Givebridge"]);
    expect((await listBusinessSignups({ actor: admin })).map((b) => b.businessName)).toEqual(expect.arrayContaining(["Maple Works", "Texas Tools"]));
    const near = await listBusinessesNearOrganization({ actor: user("nonprofit", vtOrg) });
    expect(near.state).toBe("VT");
    expect(near.businesses.map((b) => b._id)).toEqual([saved._id]);
  });

  test("only admins list all sign-ups; only nonprofits see nearby ones", async () => {
    expect((await fail(listBusinessSignups({ actor: null })))?.status).toBe(401);
    expect((await fail(listBusinessSignups({ actor: user("nonprofit", vtOrg) })))?.status).toBe(403);
    expect((await fail(listBusinessesNearOrganization({ actor: null })))?.status).toBe(401);
    expect((await fail(listBusinessesNearOrganization({ actor: user("individual", null) })))?.status).toBe(403);
  });

  test("one IP is limited to BUSINESS_SIGNUPS_PER_HOUR sign-ups (429 with Retry-After)", async () => {
    const v = businessSignUpSchema.parse({ businessName: "Spam Co", email: "s@spam.test", contactName: "S" });
    for (let i = 0; i < BUSINESS_SIGNUPS_PER_HOUR; i++) await signUpBusiness({ ...v, ip: "10.9.9.9" });
    const err = await fail(signUpBusiness({ ...v, ip: "10.9.9.9" }));
    expect(err?.status).toBe(429);
    expect(err?.retryAfterSeconds).toBeGreaterThan(0);
  });

  test("platform totals count claimed organizations (admin only)", async () => {
    const totals = await getPlatformTotals({ actor: admin });
    expect(totals).toMatchObject({ organizationsClaimed: 1, pendingApproval: 0, donors: 0, donationsThisMonth: 0, dollarsThisMonthCents: 0 });
    expect((await fail(getPlatformTotals({ actor: user("individual", null) })))?.status).toBe(403);
  });
});
