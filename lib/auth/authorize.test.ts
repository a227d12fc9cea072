/**
 * The server side of the access rule (lib/auth/authorize.ts) against a real database: 401 for
 * nobody, 403 for the wrong account, and the loaders that decide on the account and the owner
 * as the database holds them now (a deleted account or a moved nonprofit user is refused
 * although the session still names the organization).
 */
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { messages } from "@/lib/validations/messages";
import { fundraisers, events, organizations, users } from "@/models";
import type { Actor } from "./actor";
import {
  authorize,
  authorizeEvent,
  authorizeFundraiser,
  authorizeOrganization,
  authorizeOwnOrganization,
  authorizeRole,
  authorizeUser,
} from "./authorize";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
}, 120_000);
afterAll(() => h.close());

const err = (p: Promise<unknown> | (() => unknown)) =>
  (typeof p === "function" ? Promise.resolve().then(p) : p).then(
    () => null,
    (e: { status: number; message: string }) => ({ status: e.status, message: e.message }),
  );
const e401 = { status: 401, message: messages.auth.signInRequired };
const e403 = { status: 403, message: messages.auth.forbidden };

const actor = (over: Partial<Actor> & Pick<Actor, "id" | "role">): Actor => ({
  organizationId: null,
  email: "x@example.org",
  firstName: "",
  lastName: "",
  organizationName: "",
  telephone: null,
  ...over,
});

let n = 0;
async function org(): Promise<string> {
  const [row] = await h.db.insert(organizations).values({ name: `Org ${++n}` }).returning({ id: organizations.id });
  return row!.id;
}
async function account(role: "individual" | "nonprofit", organizationId: string | null = null): Promise<Actor> {
  const [row] = await h.db
    .insert(users)
    .values({ type: role, email: `user${++n}@example.org`, passwordHash: "x", organizationId })
    .returning({ id: users.id });
  return actor({ id: row!.id, role: role === "individual" ? "donor" : "nonprofit", organizationId });
}

test("authorize: 401 for nobody, 403 for the wrong account, nothing for the right one", async () => {
  const np = actor({ id: "np", role: "nonprofit", organizationId: "org-a" });
  expect(await err(() => authorize(null, "report.view", { organizationId: "org-a" }))).toEqual(e401);
  expect(await err(() => authorize(actor({ id: "d", role: "donor" }), "report.view", { organizationId: "org-a" }))).toEqual(e403);
  expect(await err(() => authorize({ ...np, organizationId: "org-b" }, "report.view", { organizationId: "org-a" }))).toEqual(e403);
  expect(await err(() => authorize(np, "report.view", { organizationId: "org-a" }))).toBeNull();
});

test("authorizeRole and authorizeOwnOrganization: the account type, the session's own organization", async () => {
  const np = actor({ id: "np", role: "nonprofit", organizationId: "org-a" });
  expect(authorizeRole(np, "donor", "nonprofit")).toBe(np);
  expect(await err(() => authorizeRole(null, "admin"))).toEqual(e401);
  expect(await err(() => authorizeRole(np, "admin"))).toEqual(e403);
  expect(authorizeOwnOrganization(np, "fundraiser.manage")).toBe("org-a");
  expect(await err(() => authorizeOwnOrganization(null, "fundraiser.manage"))).toEqual(e401);
  expect(await err(() => authorizeOwnOrganization({ ...np, organizationId: null }, "fundraiser.manage"))).toEqual(e403);
  expect(await err(() => authorizeOwnOrganization(actor({ id: "admin", role: "admin" }), "fundraiser.manage"))).toEqual(e403);
});

test("authorizeOrganization decides on the account as the database holds it now", async () => {
  const a = await org();
  const b = await org();
  const np = await account("nonprofit", a);
  expect(await authorizeOrganization(h.db, np, "organization.update", a)).toBe(a);
  expect(await err(authorizeOrganization(h.db, np, "organization.update", b))).toEqual(e403);
  expect(await err(authorizeOrganization(h.db, null, "organization.update", a))).toEqual(e401);
  // The account moved to another organization: its old session is refused.
  await h.db.update(users).set({ organizationId: b }).where(eq(users.id, np.id));
  expect(await err(authorizeOrganization(h.db, np, "organization.update", a))).toEqual(e403);
  await h.db.update(users).set({ organizationId: a, deletedAt: new Date() }).where(eq(users.id, np.id));
  expect(await err(authorizeOrganization(h.db, np, "organization.update", a))).toEqual(e403);
  // The admin may see pledges (no account row to load); a missing organization is 404.
  const admin = actor({ id: "admin", role: "admin" });
  expect(await authorizeOrganization(h.db, admin, "pledge.view", a)).toBe(a);
  expect(await err(authorizeOrganization(h.db, admin, "pledge.view", "no-such-org"))).toEqual({ status: 404, message: messages.organization.notFound });
});

test("authorizeUser: oneself, while the account exists", async () => {
  const donor = await account("individual");
  expect(await authorizeUser(h.db, donor, "account.update", donor.id)).toBe(donor.id);
  expect(await err(authorizeUser(h.db, donor, "account.update", "someone-else"))).toEqual(e403);
  expect(await err(authorizeUser(h.db, null, "account.update", donor.id))).toEqual(e401);
  await h.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, donor.id));
  expect(await err(authorizeUser(h.db, donor, "account.update", donor.id))).toEqual(e403);
});

test("authorizeFundraiser and authorizeEvent load the owner before deciding", async () => {
  const a = await org();
  const b = await org();
  const npA = await account("nonprofit", a);
  const npB = await account("nonprofit", b);
  const [c] = await h.db.insert(fundraisers).values({ organizationId: a, name: "Wells", goalCents: 100_00 }).returning({ id: fundraisers.id });
  const [ev] = await h.db.insert(events).values({ organizationId: a, name: "Gala", startsAt: new Date() }).returning({ id: events.id });
  expect(await authorizeFundraiser(h.db, npA, "fundraiser.manage", c!.id)).toBe(a);
  expect(await err(authorizeFundraiser(h.db, npB, "fundraiser.manage", c!.id))).toEqual(e403);
  expect(await err(authorizeFundraiser(h.db, npA, "fundraiser.manage", "no-such-fundraiser"))).toEqual({ status: 404, message: messages.campaign.notFound });
  expect(await authorizeEvent(h.db, npA, "event.manage", ev!.id)).toBe(a);
  expect(await err(authorizeEvent(h.db, npB, "event.manage", ev!.id))).toEqual(e403);
  expect(await err(authorizeEvent(h.db, null, "event.manage", ev!.id))).toEqual(e401);
  expect(await err(authorizeEvent(h.db, npA, "event.manage", "no-such-event"))).toEqual({ status: 404, message: messages.events.notFound });
});
