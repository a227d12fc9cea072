/** loadDonationFacts: the one read of a gift with its organization and fundraiser. */
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { makeGift, makeNonprofit, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { fundraisers, organizations } from "@/models";
import { loadDonationFacts } from "./donation-facts";

let h: DatabaseHandle;
let np: ClaimedNonprofit;

beforeAll(async () => {
  h = await createTestDatabase();
  np = await makeNonprofit(h.db, "Randolph Area Food Shelf");
  await h.db
    .update(organizations)
    .set({ ein: "030324429", email: "hello@rafs.example", logoUrl: "/api/images/logo.png", irsDeductibility: "1", addressLine1: "10 Main St", city: "Randolph", state: "VT", zipcode: "05060" })
    .where(eq(organizations.id, np.organizationId));
});

afterAll(async () => {
  await h.close();
});

test("a gift to a fundraiser: the stored donation, its organization with the address in one line, the fundraiser's name", async () => {
  const [c] = await h.db.insert(fundraisers).values({ organizationId: np.organizationId, name: "Winter Pantry Drive", goalCents: 100_000 }).returning({ id: fundraisers.id });
  const id = await makeGift(h.db, np.organizationId, null, { fundraiserId: c!.id, amountCents: 4_321 });
  const facts = await loadDonationFacts({ db: h.db, donationId: id });
  expect(facts?.donation).toMatchObject({ id, organizationId: np.organizationId, fundraiserId: c!.id, amountCents: 4_321, status: "succeeded" });
  expect(facts?.organization).toEqual({
    id: np.organizationId,
    name: "Randolph Area Food Shelf",
    legalName: null,
    ein: "030324429",
    email: "hello@rafs.example",
    logoUrl: "/api/images/logo.png",
    irsDeductibility: "1",
    address: "10 Main St, Randolph, VT, 05060",
  });
  expect(facts?.fundraiserName).toBe("Winter Pantry Drive");
});

test("a direct gift has no fundraiser; an organization with no address parts has none; an unknown id is null", async () => {
  const [bare] = await h.db.insert(organizations).values({ name: "No Address Trust" }).returning({ id: organizations.id });
  const facts = await loadDonationFacts({ db: h.db, donationId: await makeGift(h.db, bare!.id, null) });
  expect(facts?.fundraiserName).toBeNull();
  expect(facts?.organization).toMatchObject({ name: "No Address Trust", address: null, ein: null });
  expect(await loadDonationFacts({ db: h.db, donationId: "00000000-0000-4000-8000-000000000000" })).toBeNull();
});

test("inside a transaction it sees what the transaction wrote", async () => {
  const id = await makeGift(h.db, np.organizationId, null, { status: "pending" });
  await h.db.transaction(async (tx) => {
    await tx.update(organizations).set({ name: "Renamed Food Shelf" }).where(eq(organizations.id, np.organizationId));
    expect((await loadDonationFacts({ db: tx, donationId: id }))?.organization.name).toBe("Renamed Food Shelf");
    tx.rollback();
  }).catch(() => undefined);
  expect((await loadDonationFacts({ db: h.db, donationId: id }))?.organization.name).toBe("Randolph Area Food Shelf");
});
