/**
 * The checkout and webhook routes built by checkoutRoute() and webhookRoute(), called through
 * their route files: each checkout call charges with the method it stands for (createDonation
 * with the body's), and each webhook route verifies deliveries as its own provider.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { sandboxDelivery } from "@/lib/payments/sandbox";
import { makeNonprofit } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { donations } from "@/models";
import { POST as createDonation } from "@/app/api/(spec)/createDonation/route";
import { POST as createPaymentIntent } from "@/app/api/(spec)/createPaymentIntent/route";
import { POST as createPaymentIntentACH } from "@/app/api/(spec)/createPaymentIntentACH/route";
import { POST as paypalWebhook } from "@/app/api/(providers)/webhooks/paypal/route";
import { POST as sandboxWebhook } from "@/app/api/(providers)/webhooks/sandbox/route";
import { POST as stripeWebhook } from "@/app/api/(providers)/webhooks/stripe/route";
import { DEVICE_COOKIE } from "./checkout-client";
import { call } from "./testing";

const STRIPE_SECRET = "whsec_payment_routes_test";
let h: DatabaseHandle;
let organizationId = "";

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-payment-routes-0123456789", CHECKOUT_CHALLENGE: "off", STRIPE_WEBHOOK_SECRET: STRIPE_SECRET });
  h = await createTestDatabase();
  organizationId = (await makeNonprofit(h.db, "Route Hill Food Shelf")).organizationId;
}, 120_000);
afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_CHALLENGE: undefined, STRIPE_WEBHOOK_SECRET: undefined });
});

/** A guest's $25 sandbox gift asking for `method` in the body. */
const gift = (method: string) => ({
  idempotencyKey: randomUUID(),
  organizationId,
  amountCents: 2_500,
  method,
  name: "Ada Guest",
  email: "ada@example.org",
  card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
});

async function checkout(handler: unknown, url: string, method: string) {
  const res = await call(handler, { method: "POST", url, json: gift(method) });
  const body = (await res.json()) as { donationId: string; status: string; providerPaymentId: string | null };
  const [row] = await h.db.select({ method: donations.paymentMethodType, amount: donations.amountCents }).from(donations).where(eq(donations.id, body.donationId));
  return { res, body, row };
}

describe("checkoutRoute(method)", () => {
  test("a checkout call charges with its own method, whatever the body asks", async () => {
    const ach = await checkout(createPaymentIntentACH, "/api/createPaymentIntentACH", "card");
    expect(ach.res.status).toBe(200);
    expect(ach.row).toEqual({ method: "us_bank_account", amount: 2_500 });
    expect(ach.body.status).toBe("processing");

    const card = await checkout(createPaymentIntent, "/api/createPaymentIntent", "us_bank_account");
    expect(card.row?.method).toBe("card");
    expect(card.body.status).toBe("succeeded");
  });

  test("createDonation keeps the body's method", async () => {
    expect((await checkout(createDonation, "/api/createDonation", "us_bank_account")).row?.method).toBe("us_bank_account");
    expect((await checkout(createDonation, "/api/createDonation", "card")).row?.method).toBe("card");
  });

  test("a browser without the device cookie gets one; bad input is a 400 with the field's message", async () => {
    const { res } = await checkout(createPaymentIntent, "/api/createPaymentIntent", "card");
    expect(res.headers.get("set-cookie")).toContain(`${DEVICE_COOKIE}=`);
    // One donor's answer (it carries the access token): never cached, and not worth gzipping.
    expect(res.headers.get("cache-control")).toBe("private, no-store, no-transform");
    const bad = await call(createPaymentIntent, { method: "POST", url: "/api/createPaymentIntent", json: { ...gift("card"), amountCents: 0 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.amountCents).toBeTruthy();
  });
});

describe("webhookRoute(provider)", () => {
  test("the sandbox route applies a signed sandbox event once, from any origin; the other providers refuse it", async () => {
    const { body } = await checkout(createPaymentIntentACH, "/api/createPaymentIntentACH", "card");
    const delivery = sandboxDelivery(body.providerPaymentId!, body.donationId, "payment_intent.succeeded");
    const send = (handler: unknown, url: string) =>
      call(handler, { method: "POST", url, body: delivery.body, headers: { ...delivery.headers, origin: "https://provider.example", "content-type": "application/json" } });

    for (const [handler, url] of [[stripeWebhook, "/api/webhooks/stripe"], [paypalWebhook, "/api/webhooks/paypal"]] as const) {
      const refused = await send(handler, url);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(messages.donation.webhookSignature);
    }
    const first = await send(sandboxWebhook, "/api/webhooks/sandbox");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect(await (await send(sandboxWebhook, "/api/webhooks/sandbox")).json()).toEqual({ received: true, duplicate: true });
    const [row] = await h.db.select({ status: donations.status }).from(donations).where(eq(donations.id, body.donationId));
    expect(row?.status).toBe("succeeded");
  });

  test("the Stripe route verifies with the Stripe webhook secret", async () => {
    const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", type: "payment_intent.succeeded", data: { object: { id: "pi_unknown", object: "payment_intent", metadata: {} } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
    const headers = { "stripe-signature": signature, "content-type": "application/json" };
    const res = await call(stripeWebhook, { method: "POST", url: "/api/webhooks/stripe", body: payload, headers });
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect((await call(sandboxWebhook, { method: "POST", url: "/api/webhooks/sandbox", body: payload, headers })).status).toBe(400);
  });
});
