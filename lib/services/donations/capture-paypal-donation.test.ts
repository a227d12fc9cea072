/**
 * Returning from PayPal (capturePaypalDonation): the order is found by its PayPal id among
 * PayPal donations; a pending one is captured through PayPal's API before anything changes;
 * one already settled (the webhook came first) is shown as it is, without calling PayPal.
 * These tests run without PayPal credentials, so any call to PayPal fails "unavailable":
 * that is how they see whether PayPal was asked.
 */
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { makeGift, makeNonprofit, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { fundraisers, donations, paymentEvents, payments } from "@/models";
import { capturePaypalDonation } from "./capture-paypal-donation";

let h: DatabaseHandle;
let np: ClaimedNonprofit;
let fundraiserId = "";

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-paypal-0123456789", PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined });
  resetServerEnv();
  h = await createTestDatabase();
  np = await makeNonprofit(h.db, "Green Mountain Shelter");
  const [c] = await h.db.insert(fundraisers).values({ organizationId: np.organizationId, name: "Warm Beds", goalCents: 100_000 }).returning({ id: fundraisers.id });
  fundraiserId = c!.id;
});

afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
  resetServerEnv();
});

const paypalGift = (orderId: string, status: (typeof donations.$inferInsert)["status"]) =>
  makeGift(h.db, np.organizationId, null, { provider: "paypal", paymentMethodType: "paypal", providerPaymentId: orderId, fundraiserId, amountCents: 3_000, status });
const progress = async () => (await h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)))[0]!.p;
const stored = async (id: string) => (await h.db.select({ status: donations.status, effects: payments.effectsAppliedAt }).from(donations).innerJoin(payments, eq(payments.id, donations.paymentId)).where(eq(donations.id, id)))[0]!;

describe("capturing a PayPal order", () => {
  test("an order already completed by the webhook is shown as it is, without asking PayPal again", async () => {
    const id = await paypalGift("ORDER-DONE-1", "succeeded");
    const before = await progress();
    const r = await capturePaypalDonation({ actor: null, orderId: "ORDER-DONE-1" });
    expect(r).toMatchObject({ donationId: id, status: "succeeded", statusLabel: "Completed", provider: "paypal", method: "paypal", campaignName: "Warm Beds", amountCents: 3_000 });
    expect(r.receiptPath).toContain(`/api/receipts/${id}?token=`);
    expect(await progress()).toBe(before);
  });

  test("a failed order is shown with its label and stays failed", async () => {
    const id = await paypalGift("ORDER-FAILED-1", "failed");
    expect(await capturePaypalDonation({ actor: null, orderId: "ORDER-FAILED-1" })).toMatchObject({ donationId: id, statusLabel: "Failed", receiptPath: null });
    expect((await stored(id)).status).toBe("failed");
  });

  test("a pending order is captured through PayPal first: when PayPal cannot be reached nothing changes", async () => {
    const id = await paypalGift("ORDER-PENDING-1", "pending");
    const before = await progress();
    await expect(capturePaypalDonation({ actor: null, orderId: "ORDER-PENDING-1" })).rejects.toMatchObject({ code: "unavailable" });
    expect(await stored(id)).toEqual({ status: "pending", effects: null });
    expect(await progress()).toBe(before);
    expect(await h.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id))).toEqual([]);
  });

  test("an unknown order, or another provider's payment id, is not found", async () => {
    await expect(capturePaypalDonation({ actor: null, orderId: "ORDER-NOBODY" })).rejects.toMatchObject({ code: "not_found" });
    await makeGift(h.db, np.organizationId, null, { provider: "sandbox", providerPaymentId: "ORDER-SANDBOX-1" });
    await expect(capturePaypalDonation({ actor: null, orderId: "ORDER-SANDBOX-1" })).rejects.toMatchObject({ code: "not_found" });
  });
});
