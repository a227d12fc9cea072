import { makeGift, giftsWithKey, storedPayment } from "@/lib/testing/service-fixtures";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { nonprofitNotificationMail } from "@/lib/mail/templates/donation";
import { sandboxDelivery } from "@/lib/payments/sandbox";
import { stripeProvider } from "@/lib/payments/stripe";
import { checkoutSchema, type CheckoutInput } from "@/lib/validations/donation";
import { fundraisers, donations, organizations, paymentEvents } from "@/models";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { applyPaymentEvent, handleWebhook } from "@/lib/services/payments/apply-payment-event";
import { donationMailFacts } from "./donation-mail";
import { sandboxAction } from "./sandbox-action";
import { getDonationResult } from "./get-donation-result";
import { startCheckout } from "./start-checkout";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-donations-"));
let h: DatabaseHandle;
let organizationId = "";
let fundraiserId = "";
let pendingOrganizationId = "";

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir });
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-donations-0123456789" });
  resetServerEnv();
  h = await createTestDatabase();
  // As at server start: the queue runs before any transaction enqueues into it.
  await startMailWorker({ pollingIntervalSeconds: 30 });
  const [org] = await h.db
    .insert(organizations)
    .values({ name: "Vermont Foodbank", ein: "030277440", email: "gifts@vtfoodbank.example", city: "Barre", state: "VT", irsDeductibility: "1", claimed: true, sandboxConnectedAt: new Date() })
    .returning({ id: organizations.id });
  organizationId = org!.id;
  const [c] = await h.db.insert(fundraisers).values({ organizationId, name: "Winter Meals", goalCents: 1_000_000 }).returning({ id: fundraisers.id });
  fundraiserId = c!.id;
  const [p] = await h.db
    .insert(organizations)
    .values({ name: "Pending Friends of Nowhere", approvalStatus: "pending" })
    .returning({ id: organizations.id });
  pendingOrganizationId = p!.id;
});

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined });
  resetServerEnv();
});

function checkout(over: Partial<Record<string, unknown>> = {}): CheckoutInput {
  return checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId,
    campaignId: fundraiserId,
    amountCents: 2_500,
    name: "Ada Guest",
    email: "ada@example.org",
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    ...over,
  });
}

const progress = async () => (await h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)))[0]!.p;
const mailJobs = async () => {
  const r = (await h.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mail'`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
};

describe("checkout and exactly-once effects", () => {
  test("a 4242 card succeeds: progress moves once and receipt, notification and platform copy are queued", async () => {
    const before = await progress();
    const jobsBefore = await mailJobs();
    const res = await startCheckout({ actor: null, input: checkout() });
    expect(res.status).toBe("succeeded");
    expect(res.statusLabel).toBe("Completed");
    expect(await progress()).toBe(before + 2_500);
    // Receipt, notification and platform copy; the organization's thank-you is written by its own queue's worker (lib/services/thank-you).
    expect((await mailJobs()) - jobsBefore).toBe(3);
    const [d] = await h.db.select().from(donations).where(eq(donations.id, res.donationId));
    expect((await storedPayment(h.db, res.donationId))!.effectsAppliedAt).not.toBeNull();
    expect(d!.feeCents).toBe(Math.round(2_500 * 0.029) + 30);
  });

  test("a declined card records and returns its reason; nothing moves", async () => {
    const before = await progress();
    const res = await startCheckout({ actor: null, input: checkout({ card: { number: "4000000000000002", expiry: "12/34", cvc: "123" } }) });
    expect(res.status).toBe("failed");
    expect(res.failureReason).toBe("Your card was declined.");
    const [d] = await h.db.select().from(donations).where(eq(donations.id, res.donationId));
    expect(d!.failureReason).toBe("Your card was declined.");
    expect(await progress()).toBe(before);
  });

  test("the checkout answers with the donation's result exactly as the result page reads it", async () => {
    const [legal] = await h.db
      .insert(organizations)
      .values({ name: "BARRE COMMUNITY MEALS", legalName: "BARRE COMMUNITY MEALS INC", claimed: true, sandboxConnectedAt: new Date() })
      .returning({ id: organizations.id });
    const cases = [
      checkout(), // succeeded, to a fundraiser
      checkout({ card: { number: "4000000000000002", expiry: "12/34", cvc: "123" } }), // declined
      checkout({ card: { number: "4000002500003155", expiry: "12/34", cvc: "123" } }), // waits for the donor
      checkout({ organizationId: legal!.id, campaignId: null, coverFees: true }), // direct, legal name shown
    ];
    const statuses: string[] = [];
    for (const input of cases) {
      const answer = await startCheckout({ actor: null, input });
      statuses.push(answer.status);
      const result = await getDonationResult({ actor: null, donationId: answer.donationId, token: answer.accessToken });
      expect(answer).toEqual({ ...result, clientSecret: answer.clientSecret, redirectUrl: answer.redirectUrl });
    }
    expect(statuses).toEqual(["succeeded", "failed", "requires_action", "succeeded"]);
  });

  test("the same webhook event delivered 100 times, half concurrently, makes one donation effect and one progress change", async () => {
    const pending = await startCheckout({ actor: null, input: checkout({ amountCents: 1_234, card: { number: "4000002500003155", expiry: "12/34", cvc: "123" } }) });
    expect(pending.statusLabel).toBe("Pending Verification");
    const before = await progress();
    const jobsBefore = await mailJobs();
    const delivery = sandboxDelivery(pending.providerPaymentId!, pending.donationId, "payment_intent.succeeded");
    const outcomes = [];
    for (let i = 0; i < 50; i++) outcomes.push(await handleWebhook({ provider: "sandbox", rawBody: delivery.body, headers: delivery.headers }));
    outcomes.push(...(await Promise.all(Array.from({ length: 50 }, () => handleWebhook({ provider: "sandbox", rawBody: delivery.body, headers: delivery.headers })))));
    expect(outcomes.filter((o) => o.recorded)).toHaveLength(1);
    expect(outcomes.filter((o) => o.effect === "applied")).toHaveLength(1);
    expect(await progress()).toBe(before + 1_234);
    // Receipt, notification and platform copy; the organization's thank-you is written by its own queue's worker (lib/services/thank-you).
    expect((await mailJobs()) - jobsBefore).toBe(3);
    const events = await h.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, pending.donationId));
    expect(events.filter((e) => e.type === "payment_intent.succeeded")).toHaveLength(1);
  });

  test("events out of order: a late requires_action after success changes nothing; a refund reverses once", async () => {
    const res = await startCheckout({ actor: null, input: checkout({ amountCents: 777 }) });
    const before = await progress();
    const late = sandboxDelivery(res.providerPaymentId!, res.donationId, "payment_intent.requires_action");
    await handleWebhook({ provider: "sandbox", rawBody: late.body, headers: late.headers });
    expect((await h.db.select().from(donations).where(eq(donations.id, res.donationId)))[0]!.status).toBe("succeeded");
    const refund = sandboxDelivery(res.providerPaymentId!, res.donationId, "charge.refunded");
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => handleWebhook({ provider: "sandbox", rawBody: refund.body, headers: refund.headers })));
    expect(outcomes.filter((o) => o.effect === "reversed")).toHaveLength(1);
    expect(await progress()).toBe(before - 777);
    // A refund recorded under a different event id (a provider retry with a new id) still reverses nothing twice.
    const again = await applyPaymentEvent({ provider: "sandbox", eventId: `evt_other_${randomUUID()}`, type: "payment.refunded", rawType: "charge.refunded", providerPaymentId: res.providerPaymentId, paymentId: res.donationId });
    expect(again.effect).toBe("none");
    // And a success arriving after the refund does not apply the effect again.
    const success = await applyPaymentEvent({ provider: "sandbox", eventId: `evt_late_${randomUUID()}`, type: "payment.succeeded", rawType: "payment_intent.succeeded", providerPaymentId: res.providerPaymentId, paymentId: res.donationId });
    expect(success.effect).toBe("none");
    expect(await progress()).toBe(before - 777);
  });

  test("a checkout retried with the same idempotency key makes one donation, also concurrently", async () => {
    const before = await progress();
    const input = checkout({ amountCents: 4_200 });
    const first = await startCheckout({ actor: null, input });
    const retries = await Promise.all(Array.from({ length: 10 }, () => startCheckout({ actor: null, input })));
    for (const r of retries) expect(r.donationId).toBe(first.donationId);
    const rows = await giftsWithKey(h.db, input.idempotencyKey);
    expect(rows).toHaveLength(1);
    expect(await progress()).toBe(before + 4_200);
  });

  test("a checkout whose first attempt died after the insert (before the provider answered) completes once on retry", async () => {
    const before = await progress();
    const input = checkout({ amountCents: 3_100 });
    // The first attempt: the payment and its gift committed, then the process died.
    const id = randomUUID();
    await makeGift(h.db, organizationId, null, { id, fundraiserId, amountCents: 3_100, status: "pending", providerPaymentId: `sbpi_${id}`, idempotencyKey: input.idempotencyKey, donorName: "Ada Guest", donorEmail: "ada@example.org" });
    // A transaction that died midway (event recorded, effect half applied) leaves nothing behind.
    await expect(
      h.db.transaction(async (tx) => {
        await tx.insert(paymentEvents).values({ provider: "sandbox", eventId: "evt_aborted", type: "payment_intent.succeeded", paymentId: id });
        await tx.update(fundraisers).set({ progressCents: sql`${fundraisers.progressCents} + 3100` }).where(eq(fundraisers.id, fundraiserId));
        throw new Error("killed");
      }),
    ).rejects.toThrow("killed");
    expect(await progress()).toBe(before);
    const retried = await startCheckout({ actor: null, input });
    const again = await startCheckout({ actor: null, input });
    expect(retried.donationId).toBe(id);
    expect(again.donationId).toBe(id);
    expect(retried.status).toBe("succeeded");
    expect(await giftsWithKey(h.db, input.idempotencyKey)).toHaveLength(1);
    expect(await progress()).toBe(before + 3_100);
  });

  test("a reused key with different details is refused", async () => {
    const input = checkout({ amountCents: 1_000 });
    await startCheckout({ actor: null, input });
    await expect(startCheckout({ actor: null, input: { ...input, amountCents: 9_000 } })).rejects.toMatchObject({ code: "conflict" });
  });

  test("a tampered or unsigned webhook is refused before any write", async () => {
    const res = await startCheckout({ actor: null, input: checkout({ amountCents: 1_500, card: { number: "4000002500003155", expiry: "12/34", cvc: "123" } }) });
    const before = await progress();
    const eventsBefore = (await h.db.select().from(paymentEvents)).length;
    const good = sandboxDelivery(res.providerPaymentId!, res.donationId, "payment_intent.succeeded");
    const tampered = good.body.replace(res.donationId, randomUUID());
    await expect(handleWebhook({ provider: "sandbox", rawBody: tampered, headers: good.headers })).rejects.toMatchObject({ code: "bad_request" });
    await expect(handleWebhook({ provider: "sandbox", rawBody: good.body, headers: {} })).rejects.toMatchObject({ code: "bad_request" });
    await expect(handleWebhook({ provider: "sandbox", rawBody: good.body, headers: { "sandbox-signature": "t=1,v1=" + "0".repeat(64) } })).rejects.toMatchObject({ code: "bad_request" });
    expect((await h.db.select().from(paymentEvents)).length).toBe(eventsBefore);
    expect(await progress()).toBe(before);
  });

  test("3155 requires action, then succeeds after the donor's verification step; ACH settles later", async () => {
    const res = await startCheckout({ actor: null, input: checkout({ amountCents: 2_000, card: { number: "4000 0025 0000 3155", expiry: "12/34", cvc: "123" } }) });
    expect(res.status).toBe("requires_action");
    const before = await progress();
    const done = await sandboxAction({ action: "verify", donationId: res.donationId, token: res.accessToken });
    expect(done.status).toBe("succeeded");
    expect(await progress()).toBe(before + 2_000);
    await expect(sandboxAction({ action: "verify", donationId: res.donationId, token: "wrong" })).rejects.toMatchObject({ code: "not_found" });

    const ach = await startCheckout({ actor: null, input: checkout({ amountCents: 5_000, method: "us_bank_account", card: undefined }) });
    expect(ach.status).toBe("processing");
    expect(await progress()).toBe(before + 2_000);
    const settled = await sandboxAction({ action: "settle", donationId: ach.donationId, token: donationAccessToken(ach.donationId) });
    expect(settled.status).toBe("succeeded");
    expect(await progress()).toBe(before + 7_000);
  });

  test("a pending organization refuses gifts with a clear 4xx; amounts outside $1..max are refused", async () => {
    const err = await startCheckout({ actor: null, input: checkout({ organizationId: pendingOrganizationId, campaignId: null }) }).catch((e) => e);
    expect(isAppError(err) && err.status).toBe(409);
    expect(err.message).toBe("This organization is not accepting donations yet.");
    expect(checkoutSchema().safeParse({ ...checkout(), amountCents: 99 }).error?.issues[0]?.message).toBe("The smallest gift is $1.00.");
    expect(checkoutSchema(2_500_000).safeParse({ ...checkout(), amountCents: 2_500_001 }).error?.issues[0]?.message).toBe(
      "The largest gift we can take online is $25,000.00.",
    );
  });

  test("a guest must give name and email", async () => {
    await expect(startCheckout({ actor: null, input: checkout({ email: "" }) })).rejects.toMatchObject({ code: "validation" });
  });
});

describe("privacy of the nonprofit notification", () => {
  test("contains only the donor fields shared for the gift", async () => {
    const res = await startCheckout({ actor: null, input: checkout({ name: "Secret Sam", email: "sam.secret@example.org", share: { name: false, email: false } }) });
    const [d] = await h.db.select().from(donations).where(eq(donations.id, res.donationId));
    await h.db.update(donations).set({ donorTelephone: "8025550199", donorCity: "Montpelier" }).where(eq(donations.id, d!.id));
    const [row] = await h.db.select().from(donations).where(eq(donations.id, d!.id));
    const hidden = nonprofitNotificationMail(await donationMailFacts({ tx: h.db, donation: row! }))!;
    expect(hidden.to).toBe("gifts@vtfoodbank.example");
    expect(hidden.text).not.toContain("Secret Sam");
    expect(hidden.text).not.toContain("sam.secret@example.org");
    expect(hidden.text).not.toContain("8025550199");
    expect(hidden.text).not.toContain("Montpelier");
    await h.db.update(donations).set({ shareName: true, shareLocation: true }).where(eq(donations.id, d!.id));
    const [shared] = await h.db.select().from(donations).where(eq(donations.id, d!.id));
    const shown = nonprofitNotificationMail(await donationMailFacts({ tx: h.db, donation: shared! }))!;
    expect(shown.text).toContain("Secret Sam");
    expect(shown.text).toContain("Montpelier");
    expect(shown.text).not.toContain("sam.secret@example.org");
    expect(shown.text).not.toContain("8025550199");
    await h.db.update(donations).set({ anonymous: true }).where(eq(donations.id, d!.id));
    const [anon] = await h.db.select().from(donations).where(eq(donations.id, d!.id));
    expect(nonprofitNotificationMail(await donationMailFacts({ tx: h.db, donation: anon! }))!.text).not.toContain("Secret Sam");
  });
});

describe("Stripe webhook verification (local, no network)", () => {
  afterEach(() => {
    setEnvForTests({ STRIPE_WEBHOOK_SECRET: undefined });
    resetServerEnv();
  });
  test("accepts a correctly signed event on the raw body and refuses a tampered one", async () => {
    setEnvForTests({ STRIPE_WEBHOOK_SECRET: "whsec_test_secret" });
    resetServerEnv();
    const payload = JSON.stringify({
      id: "evt_test_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_123", object: "payment_intent", metadata: { paymentId: "d1" } } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_test_secret" });
    const event = await stripeProvider.verifyWebhook(payload, { "stripe-signature": header });
    expect(event).toMatchObject({ provider: "stripe", eventId: "evt_test_1", type: "payment.succeeded", providerPaymentId: "pi_123", paymentId: "d1" });
    await expect(stripeProvider.verifyWebhook(payload.replace("pi_123", "pi_999"), { "stripe-signature": header })).rejects.toMatchObject({ code: "bad_request" });
    await expect(stripeProvider.verifyWebhook(payload, {})).rejects.toMatchObject({ code: "bad_request" });
  });
});
