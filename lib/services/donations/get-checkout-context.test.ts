/**
 * What the checkout page shows before a gift: the organization with its EIN and IRS tax facts
 * in plain words, whether it can take a charge now, the fundraiser (or a direct gift), and
 * the signed-in donor's sharing defaults.
 */
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { serverEnv } from "@/lib/env";
import { makeDonor, makeNonprofit, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { fundraisers, donorPreferences, organizations, pledges, supporterPages } from "@/models";
import { pledgeToken } from "@/lib/services/pledges/pledges";
import { getCheckoutVisitor } from "@/lib/services/checkout/checkout-visitor";
import { NOTHING_SHARED } from "@/lib/donations/share-choices";
import { getCheckoutContext } from "./get-checkout-context";

let h: DatabaseHandle;
let np: ClaimedNonprofit;
let other: ClaimedNonprofit;
let donor: Actor;
let fundraiserId = "";

beforeAll(async () => {
  h = await createTestDatabase();
  np = await makeNonprofit(h.db, "Vermont Foodbank");
  await h.db.update(organizations).set({ ein: "030277440", irsSubsection: "03", irsDeductibility: "1", city: "Barre" }).where(eq(organizations.id, np.organizationId));
  other = await makeNonprofit(h.db, "Other Shelter");
  const [c] = await h.db
    .insert(fundraisers)
    .values({ organizationId: np.organizationId, name: "Winter Meals", description: "Hot meals all winter", goalCents: 1_000_000, progressCents: 250_000 })
    .returning({ id: fundraisers.id });
  fundraiserId = c!.id;
  donor = await makeDonor("ada.checkout@example.org");
});

afterAll(async () => {
  await h.close();
});

describe("the checkout's context", () => {
  test("a fundraiser's checkout: the organization's EIN and tax facts, the fundraiser's progress in cents, the limits", async () => {
    const ctx = await getCheckoutContext({ actor: null, organizationId: np.organizationId, fundraiser: fundraiserId });
    expect(ctx).toMatchObject({
      organization: {
        id: np.organizationId,
        name: "Vermont Foodbank",
        city: "Barre",
        state: "VT",
        ein: "030277440",
        einFormatted: "03-0277440",
        tax: { status: "501(c)(3) nonprofit", deductible: true, sentence: "Your gift is tax-deductible to the extent allowed by law." },
        receivesGifts: true,
      },
      campaign: expect.objectContaining({ _id: fundraiserId, organizationId: np.organizationId, name: "Winter Meals", description: "Hot meals all winter", goal: 1_000_000, progress: 250_000, percent: 25, status: "active" }),
      donor: null,
      shareDefaults: { name: false, email: false, location: false, phone: false, gender: false, age: false },
      maxCents: serverEnv().DONATION_MAX_CENTS,
      provider: "sandbox",
    });
  });

  test("a direct gift has no fundraiser; a fundraiser of another organization or an unknown one is no checkout", async () => {
    expect((await getCheckoutContext({ actor: null, organizationId: np.organizationId, fundraiser: "direct" }))?.campaign).toBeNull();
    expect(await getCheckoutContext({ actor: null, organizationId: other.organizationId, fundraiser: fundraiserId })).toBeNull();
    expect(await getCheckoutContext({ actor: null, organizationId: np.organizationId, fundraiser: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    expect(await getCheckoutContext({ actor: null, organizationId: "00000000-0000-4000-8000-000000000000", fundraiser: "direct" })).toBeNull();
  });

  test("a signed-in donor is named and their sharing choices are the defaults; a nonprofit user's are not read", async () => {
    await h.db.update(donorPreferences).set({ shareName: true, shareEmail: true, shareLocation: false, shareTelephone: true, shareGender: false, shareAge: true }).where(eq(donorPreferences.userId, donor.id));
    const ctx = await getCheckoutContext({ actor: donor, organizationId: np.organizationId, fundraiser: "direct" });
    expect(ctx?.donor).toEqual({ name: `${donor.firstName} ${donor.lastName}`, email: "ada.checkout@example.org" });
    expect(ctx?.shareDefaults).toEqual({ name: true, email: true, location: false, phone: true, gender: false, age: true });
    await h.db.insert(donorPreferences).values({ userId: other.user.id, shareName: true, shareEmail: true }).onConflictDoUpdate({ target: donorPreferences.userId, set: { shareName: true, shareEmail: true } });
    expect((await getCheckoutContext({ actor: other.user, organizationId: np.organizationId, fundraiser: "direct" }))?.shareDefaults).toEqual({ name: false, email: false, location: false, phone: false, gender: false, age: false });
  });

  test("the visitor's own part of the cached donate page: the donor and defaults, a pledge link's prefill with its token only, an active supporter page of this fundraiser only", async () => {
    const visit = (o: Partial<Parameters<typeof getCheckoutVisitor>[0]>) =>
      getCheckoutVisitor({ actor: null, organizationId: np.organizationId, fundraiserId, pledgeId: null, token: null, pageId: null, ...o });
    expect(await visit({})).toEqual({ donor: null, shareDefaults: NOTHING_SHARED, prefill: null, supporterPage: null });
    const signedIn = await visit({ actor: donor });
    expect(signedIn.donor?.email).toBe("ada.checkout@example.org");
    expect(signedIn.shareDefaults).toEqual({ name: true, email: true, location: false, phone: true, gender: false, age: true });

    const [pledge] = await h.db
      .insert(pledges)
      .values({ organizationId: np.organizationId, fundraiserId, email: "pledger@example.org", amountCents: 4_200, status: "notified", expiresAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: pledges.id });
    expect((await visit({ pledgeId: pledge!.id, token: pledgeToken(pledge!.id) })).prefill).toEqual({ amountCents: 4_200, email: "pledger@example.org" });
    expect((await visit({ pledgeId: pledge!.id, token: "forged" })).prefill).toBeNull();
    expect((await visit({ pledgeId: pledge!.id, token: pledgeToken(pledge!.id), organizationId: other.organizationId })).prefill).toBeNull();

    const [page] = await h.db
      .insert(supporterPages)
      .values({ fundraiserId, organizationId: np.organizationId, userId: donor.id, slug: "ada-runs", title: "Ada runs for meals", goalCents: 50_000 })
      .returning({ id: supporterPages.id });
    expect((await visit({ pageId: page!.id })).supporterPage).toMatchObject({ id: page!.id, title: "Ada runs for meals" });
    expect((await visit({ pageId: page!.id, fundraiserId: null })).supporterPage).toBeNull();
    await h.db.update(supporterPages).set({ status: "closed" }).where(eq(supporterPages.id, page!.id));
    expect((await visit({ pageId: page!.id })).supporterPage).toBeNull();
  });

  test("an organization without a payout connection, or not live, cannot take a charge now", async () => {
    const unconnected = await makeNonprofit(h.db, "Unconnected Friends", { connected: false });
    expect((await getCheckoutContext({ actor: null, organizationId: unconnected.organizationId, fundraiser: "direct" }))?.organization.receivesGifts).toBe(false);
    await h.db.update(organizations).set({ live: false }).where(eq(organizations.id, other.organizationId));
    expect((await getCheckoutContext({ actor: null, organizationId: other.organizationId, fundraiser: "direct" }))?.organization).toMatchObject({ acceptsGifts: false, receivesGifts: false });
  });

  test("a fundraiser that ended is shown as not active; unknown tax codes are said in plain words", async () => {
    await h.db.update(fundraisers).set({ status: "ended" }).where(eq(fundraisers.id, fundraiserId));
    await h.db.update(organizations).set({ irsSubsection: null, irsDeductibility: null }).where(eq(organizations.id, np.organizationId));
    const ctx = await getCheckoutContext({ actor: null, organizationId: np.organizationId, fundraiser: fundraiserId });
    expect(ctx?.campaign?.status).toBe("ended");
    expect(ctx?.organization.tax).toEqual({ status: null, deductible: null, sentence: "The IRS file does not say whether gifts to this organization are tax-deductible." });
  });
});
