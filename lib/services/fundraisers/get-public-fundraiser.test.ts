import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import type { AppError } from "@/lib/errors";
import { type ClaimedNonprofit, makeGift, makeTwoNonprofitsAndADonor } from "@/lib/testing/service-fixtures";
import { fundraisers, organizations } from "@/models";
import { getPublicFundraiser, publicSupporterName } from "./get-public-fundraiser";

let h: DatabaseHandle, a: ClaimedNonprofit, b: ClaimedNonprofit, donor: Actor, fundraiserId: string;
beforeAll(async () => {
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Green Mountain Food Shelf", "Champlain Valley Shelter"], "fundraiser-page-donor@example.org"));
  await h.db.update(organizations).set({ live: true, approvalStatus: "approved" }).where(eq(organizations.id, a.organizationId));
  const [c] = await h.db
    .insert(fundraisers)
    .values({ organizationId: a.organizationId, name: "Winter coats for every child in Washington County", description: "Line one.\nLine two.", goalCents: 500000, progressCents: 12500 })
    .returning({ id: fundraisers.id });
  fundraiserId = c!.id;
}, 120_000);
afterAll(() => h.close());

const fail = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);

test("supporter names are cut to first name and last initial", () => {
  expect(publicSupporterName("Jane Q. Public")).toBe("Jane P.");
  expect(publicSupporterName("  Cher ")).toBe("Cher");
  expect(publicSupporterName("   ")).toBeNull();
  expect(publicSupporterName(null)).toBeNull();
});

test("the page shows the story, the organization's EIN, the donor count and only shared names", async () => {
  const base = { fundraiserId, amountCents: 2500 };
  await makeGift(h.db, a.organizationId, donor.id, { ...base, donorName: "Dana Donor", shareName: true, succeededAt: new Date("2026-01-02T10:00:00Z") });
  await makeGift(h.db, a.organizationId, donor.id, { ...base, donorName: "Dana Donor", shareName: true, succeededAt: new Date("2026-01-03T10:00:00Z") });
  await makeGift(h.db, a.organizationId, null, { ...base, donorName: "Hidden Person", donorEmail: "hidden@example.org", shareName: false });
  await makeGift(h.db, a.organizationId, null, { ...base, donorName: "Anon Giver", donorEmail: "anon@example.org", shareName: true, anonymous: true });
  await makeGift(h.db, a.organizationId, null, { ...base, donorName: "Failed Gift", donorEmail: "failed@example.org", shareName: true, status: "failed" });

  const page = await getPublicFundraiser({ actor: null, fundraiserId });
  expect(page.name).toBe("Winter coats for every child in Washington County");
  expect(page.story).toBe("Line one.\nLine two.");
  expect(page.percent).toBe(3);
  expect(page.organization.name).toBe("Green Mountain Food Shelf");
  expect(page.organization.ein).toMatch(/^\d{2}-\d{7}$/);
  // Dana (twice, one account), Hidden and Anon; the failed gift does not count.
  expect(page.donorCount).toBe(3);
  expect(page.recentSupporters.map((s) => s.name)).toEqual(["Dana D.", "Dana D."]);
  expect(page.recentSupporters[0]!.at).toBe("2026-01-03T10:00:00.000Z");
  expect(JSON.stringify(page)).not.toMatch(/Hidden|Anon Giver|@example\.org|8025550100/);
});

test("a fundraiser of an organization that is not public is found only by its owner", async () => {
  const [c] = await h.db.insert(fundraisers).values({ organizationId: b.organizationId, name: "Shelter beds", goalCents: 100000 }).returning({ id: fundraisers.id });
  await h.db.update(organizations).set({ live: false }).where(eq(organizations.id, b.organizationId));
  expect((await fail(getPublicFundraiser({ actor: null, fundraiserId: c!.id })))?.code).toBe("not_found");
  expect((await fail(getPublicFundraiser({ actor: a.user, fundraiserId: c!.id })))?.code).toBe("not_found");
  expect((await getPublicFundraiser({ actor: b.user, fundraiserId: c!.id })).name).toBe("Shelter beds");
  expect((await fail(getPublicFundraiser({ actor: null, fundraiserId: "no-such-id" })))?.code).toBe("not_found");
});

test("an organization known only by its IRS name is shown by its display name and city; its own edited name wins", async () => {
  await h.db
    .update(organizations)
    .set({ name: "NORTH COUNTRY HOSPITAL & HEALTH CENTER,INC", legalName: "NORTH COUNTRY HOSPITAL & HEALTH CENTER,INC", city: "S BURLINGTON", zipcode: "05403" })
    .where(eq(organizations.id, a.organizationId));
  const page = await getPublicFundraiser({ actor: null, fundraiserId });
  expect(page.organization.name).toBe("North Country Hospital & Health Center, Inc");
  expect(page.organization.city).toBe("South Burlington");

  await h.db.update(organizations).set({ name: "North Country Health" }).where(eq(organizations.id, a.organizationId));
  expect((await getPublicFundraiser({ actor: null, fundraiserId })).organization.name).toBe("North Country Health");
});
