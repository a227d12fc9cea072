/**
 * The admin console's list of claims (lib/services/claims/list-claims.ts): pending and verified
 * claims with their claimant, method and members, by EIN or the latest; released ones leave
 * it; nobody but the admin reads it.
 */
import { adminSessionUser } from "@/lib/auth/admin";
import { actorFromSession } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { stopMailQueue } from "@/lib/mail/queue";
import { makeDonor, makeNonprofit } from "@/lib/testing/service-fixtures";
import { claimSearchSchema } from "@/lib/validations/claims";
import { organizations } from "@/models";
import { eq } from "drizzle-orm";
import { listClaims } from "./list-claims";
import { releaseClaim } from "./release-claim";

let h: DatabaseHandle;
const admin = actorFromSession(adminSessionUser());

beforeAll(async () => {
  h = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await stopMailQueue();
  await h.close();
});

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number }) => e);
const einOf = async (organizationId: string) => (await h.db.select({ ein: organizations.ein }).from(organizations).where(eq(organizations.id, organizationId)))[0]!.ein!;

test("the admin finds pending and verified claims, by EIN or the latest, with claimant, method and members; a released one leaves", async () => {
  const verified = await makeNonprofit(h.db, "Listed Verified Library");
  const pending = await makeNonprofit(h.db, "Listed Pending Pantry", { verified: false });

  const latest = await listClaims({ actor: admin });
  expect(latest.map((c) => c.organization._id)).toEqual([pending.organizationId, verified.organizationId]);
  expect(latest[1]).toMatchObject({ status: "verified", method: "admin", members: 1, claimant: { name: "Nia Profit", email: verified.user.email } });
  expect(latest[0]).toMatchObject({ status: "pending", method: null, verifiedAt: null });

  const ein = await einOf(verified.organizationId);
  const formatted = claimSearchSchema.parse({ ein: `${ein.slice(0, 2)}-${ein.slice(2)}` }).ein;
  expect(formatted).toBe(ein);
  const found = await listClaims({ actor: admin, ein: formatted });
  expect(found.map((c) => c.organization._id)).toEqual([verified.organizationId]);
  expect(found[0]!.organization).toMatchObject({ ein });
  expect(claimSearchSchema.safeParse({ ein: "12345" }).success).toBe(false);

  await releaseClaim({ actor: admin, organizationId: verified.organizationId, reason: "Test release." });
  expect(await listClaims({ actor: admin, ein })).toEqual([]);
  expect((await listClaims({ actor: admin })).map((c) => c.organization._id)).toEqual([pending.organizationId]);
});

test("nobody but the admin lists claims", async () => {
  const np = await makeNonprofit(h.db, "Curious Claimant");
  const donor = await makeDonor("claims.list.donor@example.org");
  expect((await err(listClaims({ actor: null })))?.status).toBe(401);
  for (const actor of [np.user, donor]) expect((await err(listClaims({ actor })))?.status).toBe(403);
});
