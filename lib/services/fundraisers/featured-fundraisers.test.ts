/** The home page's fundraisers: ordered by recent momentum, newest first after; bare and unreachable entries left out. */
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { makeGift, makeTicketPurchase, makeNonprofit, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { fundraisers, organizations } from "@/models";
import { FEATURED_MIN_GOAL_CENTS, FEATURED_MOMENTUM_DAYS, listFeaturedFundraisers } from "./featured-fundraisers";

/** "Now" of every test: 15 June 2026, noon UTC. */
const now = new Date("2026-06-15T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const STORY = "Every winter our shelves run low; your gift fills a family's pantry for a week.";

let h: DatabaseHandle;
let food: ClaimedNonprofit;

type FundraiserInput = Partial<typeof fundraisers.$inferInsert>;
async function fundraiser(organizationId: string, name: string, input: FundraiserInput = {}): Promise<string> {
  const [c] = await h.db
    .insert(fundraisers)
    .values({ organizationId, name, description: STORY, imageUrl: "/uploads/images/cover_ABCDEFGHIJKLMNO.jpg", goalCents: 500_000, createdAt: daysAgo(30), ...input })
    .returning({ id: fundraisers.id });
  return c!.id;
}

const names = async (options: Parameters<typeof listFeaturedFundraisers>[0] = {}) => (await listFeaturedFundraisers({ now, provider: "sandbox", limit: 24, ...options })).map((f) => f.name);

beforeAll(async () => {
  h = await createTestDatabase();
  food = await makeNonprofit(h.db, "Randolph Area Food Shelf");
}, 120_000);
afterAll(() => h.close());

describe("ordering", () => {
  test("most succeeded donations of the last days first, then the newest fundraiser", async () => {
    const busy = await fundraiser(food.organizationId, "Busy", { createdAt: daysAgo(40) });
    const warm = await fundraiser(food.organizationId, "Warm", { createdAt: daysAgo(39) });
    await fundraiser(food.organizationId, "Quiet and new", { createdAt: daysAgo(2) });
    await fundraiser(food.organizationId, "Quiet and old", { createdAt: daysAgo(60) });
    for (const d of [1, 3, 10]) await makeGift(h.db, food.organizationId, null, { fundraiserId: busy, createdAt: daysAgo(d) });
    await makeGift(h.db, food.organizationId, null, { fundraiserId: warm, createdAt: daysAgo(5) });
    // Gifts that make no momentum: too old, failed or still pending, and ticket sales.
    for (let i = 0; i < 5; i++) await makeGift(h.db, food.organizationId, null, { fundraiserId: warm, createdAt: daysAgo(FEATURED_MOMENTUM_DAYS + 1 + i) });
    await makeGift(h.db, food.organizationId, null, { fundraiserId: warm, createdAt: daysAgo(1), status: "failed" });
    await makeGift(h.db, food.organizationId, null, { fundraiserId: warm, createdAt: daysAgo(1), status: "requires_action" });
    await makeTicketPurchase(h.db, food.organizationId, null, { createdAt: daysAgo(1) });
    await makeTicketPurchase(h.db, food.organizationId, null, { createdAt: daysAgo(1) });

    const featured = await listFeaturedFundraisers({ now, provider: "sandbox" });
    expect(featured.map((f) => [f.name, f.recentGifts])).toEqual([
      ["Busy", 3],
      ["Warm", 1],
      ["Quiet and new", 0],
      ["Quiet and old", 0],
    ]);
    expect(featured[0]).toMatchObject({ story: STORY, imageUrl: "/uploads/images/cover_ABCDEFGHIJKLMNO.jpg", goalCents: 500_000, organization: { _id: food.organizationId, name: "Randolph Area Food Shelf" } });
    expect(await listFeaturedFundraisers({ now, provider: "sandbox", limit: 2 })).toHaveLength(2);
  });

  test("without recent gifts the newest fundraiser comes first; a long story is cut for the card", async () => {
    const later = new Date(now.getTime() + 60 * 86_400_000);
    // Two months on, nobody gave lately: newest first.
    expect((await listFeaturedFundraisers({ now: later, provider: "sandbox" })).map((f) => f.name)).toEqual(["Quiet and new", "Warm", "Busy", "Quiet and old"]);
    await fundraiser(food.organizationId, "Long story", { description: `${"A story worth telling. ".repeat(40)}`, createdAt: daysAgo(1) });
    const [first] = await listFeaturedFundraisers({ now: later, provider: "sandbox" });
    expect(first!.name).toBe("Long story");
    expect(first!.story.length).toBe(280);
  });
});

describe("exclusions", () => {
  test("bare test entries, missing story or image, and fundraisers that are not running", async () => {
    await fundraiser(food.organizationId, "Test $10", { goalCents: 1_000 });
    await fundraiser(food.organizationId, "Just under the floor", { goalCents: FEATURED_MIN_GOAL_CENTS - 1 });
    await fundraiser(food.organizationId, "No image", { imageUrl: null });
    await fundraiser(food.organizationId, "Blank image", { imageUrl: "  " });
    await fundraiser(food.organizationId, "No story", { description: "" });
    await fundraiser(food.organizationId, "Short story", { description: "   test   " });
    await fundraiser(food.organizationId, "Ended", { status: "ended" });
    await fundraiser(food.organizationId, "Past its end date", { endDate: "2026-06-14" });
    await fundraiser(food.organizationId, "Not started", { startDate: "2026-06-16" });
    const atFloor = await fundraiser(food.organizationId, "At the floor", { goalCents: FEATURED_MIN_GOAL_CENTS, startDate: "2026-06-15", endDate: "2026-06-15" });
    // Even recent gifts do not bring an excluded fundraiser back.
    const [test10] = await h.db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.name, "Test $10"));
    for (let i = 0; i < 4; i++) await makeGift(h.db, food.organizationId, null, { fundraiserId: test10!.id, createdAt: daysAgo(1) });

    const shown = await names({ now });
    expect(shown).toContain("At the floor");
    for (const hidden of ["Test $10", "Just under the floor", "No image", "Blank image", "No story", "Short story", "Ended", "Past its end date", "Not started"]) {
      expect(shown).not.toContain(hidden);
    }
    expect(atFloor).toBeTruthy();
  });

  test("only organizations that can receive gifts now: claimed, approved, live and connected", async () => {
    const unconnected = await makeNonprofit(h.db, "Unconnected Arts Council", { connected: false });
    await fundraiser(unconnected.organizationId, "Unconnected org");
    const hidden = await makeNonprofit(h.db, "Hidden Library");
    await h.db.update(organizations).set({ live: false }).where(eq(organizations.id, hidden.organizationId));
    await fundraiser(hidden.organizationId, "Hidden org");
    const pending = await makeNonprofit(h.db, "Pending Review Shelter");
    await h.db.update(organizations).set({ approvalStatus: "pending" }).where(eq(organizations.id, pending.organizationId));
    await fundraiser(pending.organizationId, "Pending org");
    const [unclaimed] = await h.db.insert(organizations).values({ name: "Unclaimed Directory Entry", ein: "999000111", sandboxConnectedAt: new Date() }).returning({ id: organizations.id });
    await fundraiser(unclaimed!.id, "Unclaimed org");
    const stripe = await makeNonprofit(h.db, "Stripe Connected Trust", { connected: false });
    await h.db.update(organizations).set({ stripeAccountId: "acct_123", stripeComplete: true }).where(eq(organizations.id, stripe.organizationId));
    await fundraiser(stripe.organizationId, "Stripe org");

    const sandbox = await names({ now });
    for (const hiddenName of ["Unconnected org", "Hidden org", "Pending org", "Unclaimed org"]) expect(sandbox).not.toContain(hiddenName);
    expect(sandbox).toContain("Stripe org");
    expect(sandbox).toContain("Busy");
    // With Stripe taking payments, a sandbox connection is not a payout account.
    expect(await names({ now, provider: "stripe" })).toEqual(["Stripe org"]);
    expect(await names({ now, provider: "paypal" })).toEqual([]);
  });
});
