/**
 * Refunds belong to the nonprofit's own dashboard, through
 * the payment provider. Only a member of the donation's organization refunds, only completed
 * donations (not ticket sales); the donation becomes Refunded through the payment-event path,
 * so the fundraiser's progress and the report's totals go back exactly once, however often
 * the refund is asked for.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { makeGift, makeTwoNonprofitsAndADonor, testCheckoutClient, type ClaimedNonprofit, makeTicketPurchase } from "@/lib/testing/service-fixtures";
import { getDonationReportTotals } from "@/lib/services/reports/donation-report";
import { checkoutSchema } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, paymentEvents, users } from "@/models";
import { POST as refundRoute } from "@/app/api/(app)/donations/[id]/refund/route";
import { checkoutGift } from "./start-checkout";
import { refundDonation } from "./refund-donation";

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
let donor: Actor;
let fundraiserId = "";

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-refunds-0123456789", CHECKOUT_CHALLENGE: "off" });
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Refund Valley Food Shelf", "Other Hill Library"], "refund.donor@example.org"));
  const [c] = await h.db.insert(fundraisers).values({ organizationId: a.organizationId, name: "Winter Meals", goalCents: 500_000 }).returning({ id: fundraisers.id });
  fundraiserId = c!.id;
}, 120_000);
afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_CHALLENGE: undefined });
});

/** A $40 sandbox card gift of the donor to A's fundraiser, through the real checkout. */
async function give(amountCents = 4_000): Promise<string> {
  const input = checkoutSchema().parse({ idempotencyKey: randomUUID(), organizationId: a.organizationId, campaignId: fundraiserId, amountCents, card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" } });
  const result = await checkoutGift({ actor: donor, input, client: testCheckoutClient() });
  expect(result.status).toBe("succeeded");
  return result.donationId;
}

const progress = async () => (await h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)))[0]!.p;
const statusOf = async (id: string) => (await h.db.select({ s: donations.status }).from(donations).where(eq(donations.id, id)))[0]!.s;
const completedCents = async () => (await getDonationReportTotals({ actor: a.user, organizationId: a.organizationId, query: { duration: "yearToDate", fundraiser: "all" } })).completedCents;
const failure = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

test("another organization, the donor and a guest cannot refund: 404, nothing changes", async () => {
  const id = await give();
  const before = { progress: await progress(), completed: await completedCents() };
  for (const actor of [b.user, donor, null]) {
    expect(await failure(refundDonation({ actor, donationId: id }))).toMatchObject({ status: 404, message: messages.donation.notFound });
  }
  expect(await statusOf(id)).toBe("succeeded");
  expect({ progress: await progress(), completed: await completedCents() }).toEqual(before);
});

test("the organization's refund goes through the provider's event: Refunded, progress and totals back once; again is a no-op", async () => {
  const id = await give(4_000);
  const before = { progress: await progress(), completed: await completedCents() };
  const first = await refundDonation({ actor: a.user, donationId: id });
  expect(first).toEqual({ donationId: id, status: "refunded", amountCents: 4_000 });
  expect(await statusOf(id)).toBe("refunded");
  expect(await progress()).toBe(before.progress - 4_000);
  expect(await completedCents()).toBe(before.completed - 4_000);
  // The refund event of the payment was recorded once, on this donation.
  const events = await h.db.select({ type: paymentEvents.type }).from(paymentEvents).where(eq(paymentEvents.paymentId, id));
  expect(events.map((e) => e.type).sort()).toEqual(["charge.refunded", "payment_intent.succeeded"]);

  // Asked again, one after the other and twice at once: nothing more is reversed.
  expect(await refundDonation({ actor: a.user, donationId: id })).toMatchObject({ status: "refunded" });
  const id2 = await give(1_500);
  const mid = await progress();
  const both = await Promise.all([refundDonation({ actor: a.user, donationId: id2 }), refundDonation({ actor: a.user, donationId: id2 })]);
  expect(both.map((r) => r.status)).toEqual(["refunded", "refunded"]);
  expect(await progress()).toBe(mid - 1_500);
  expect(await progress()).toBe(before.progress - 4_000);
  expect(await completedCents()).toBe(before.completed - 4_000);
});

test("only completed donations are refunded, and never a ticket sale", async () => {
  const pending = await makeGift(h.db, a.organizationId, donor.id, { status: "pending" });
  const failed = await makeGift(h.db, a.organizationId, donor.id, { status: "failed" });
  const { paymentId: ticket } = await makeTicketPurchase(h.db, a.organizationId, donor.id);
  for (const id of [pending, failed]) expect(await failure(refundDonation({ actor: a.user, donationId: id }))).toMatchObject({ status: 409, message: messages.refunds.notCompleted });
  // A ticket sale's payment is no donation: refunded from the event's orders, not here.
  expect(await failure(refundDonation({ actor: a.user, donationId: ticket }))).toMatchObject({ status: 404 });
  expect(await failure(refundDonation({ actor: a.user, donationId: "no-such-donation" }))).toMatchObject({ status: 404 });
});

test("a session of an account deleted since is refused", async () => {
  const id = await give();
  await h.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, a.user.id));
  try {
    expect(await failure(refundDonation({ actor: a.user, donationId: id }))).toMatchObject({ status: 403 });
    expect(await statusOf(id)).toBe("succeeded");
  } finally {
    await h.db.update(users).set({ deletedAt: null }).where(eq(users.id, a.user.id));
  }
});

test("POST /api/donations/{id}/refund: the organization's own origin only; a donor gets 403", async () => {
  const id = await give();
  const foreign = await call(refundRoute, { method: "POST", url: `/api/donations/${id}/refund`, params: { id }, user: a.user, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
  expect(foreign.status).toBe(403);
  const asDonor = await call(refundRoute, { method: "POST", url: `/api/donations/${id}/refund`, params: { id }, user: donor });
  expect(asDonor.status).toBe(403);
  expect(await statusOf(id)).toBe("succeeded");
  const ok = await call(refundRoute, { method: "POST", url: `/api/donations/${id}/refund`, params: { id }, user: a.user });
  expect(ok.status).toBe(200);
  expect(await ok.json()).toMatchObject({ donationId: id, status: "refunded" });
  expect(await statusOf(id)).toBe("refunded");
});
