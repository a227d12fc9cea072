import { feesFor } from "./fees";
import { orderRequest } from "./paypal";
import { parseStripeShapedEvent } from "./sandbox";
import { signPayload, verifySignature } from "./signature";
import { paymentIntentParams, refundParams, savedPaymentMethod } from "./stripe";
import type { ChargeRequest } from "./types";

const request: ChargeRequest = {
  paymentId: "don_1",
  chargeCents: 2_603,
  applicationFeeCents: 50,
  currency: "usd",
  method: "card",
  idempotencyKey: "6f1c3a52-8d0e-4a43-9f7e-1b9a0a2f1c11",
  destinationAccountId: "acct_123",
  description: "Donation to Vermont Foodbank",
  receiptEmail: "ada@example.org",
};

describe("fees (integer cents)", () => {
  test("card fee is 2.9% + 30¢; covering fees adds them on top, otherwise the nonprofit receives the gift less fees", () => {
    expect(feesFor(2_500, "card", false)).toEqual({ amountCents: 2_500, feeCents: 103, platformFeeCents: 0, chargeCents: 2_500, netCents: 2_397 });
    expect(feesFor(2_500, "card", true)).toMatchObject({ chargeCents: 2_603, netCents: 2_500 });
    expect(feesFor(100_000, "us_bank_account", false).feeCents).toBe(500);
    expect(feesFor(10_000, "card", false, 100).platformFeeCents).toBe(100);
  });
});

describe("request building without the network", () => {
  test("a Stripe refund of a destination charge takes the gift back from the connected account and returns the fee", () => {
    expect(refundParams({ id: "pi_1", transfer_data: { destination: "acct_123" } } as never, "don_1")).toEqual({
      payment_intent: "pi_1",
      reason: "requested_by_customer",
      metadata: { paymentId: "don_1" },
      reverse_transfer: true,
      refund_application_fee: true,
    });
    expect(refundParams({ id: "pi_2", transfer_data: null }, "don_2")).toEqual({ payment_intent: "pi_2", reason: "requested_by_customer", metadata: { paymentId: "don_2" } });
  });

  test("Stripe PaymentIntent is a destination charge with the payment id in metadata", () => {
    expect(paymentIntentParams(request)).toMatchObject({
      amount: 2_603,
      currency: "usd",
      allowed_payment_method_types: ["card"],
      metadata: { paymentId: "don_1" },
      transfer_data: { destination: "acct_123" },
      application_fee_amount: 50,
    });
    expect(paymentIntentParams({ ...request, method: "us_bank_account", destinationAccountId: null })).not.toHaveProperty("transfer_data");
  });
  test("PayPal order carries the amount in dollars and the donation id as custom_id", () => {
    const order = orderRequest(request, "MERCHANT1");
    expect(order.purchaseUnits[0]).toMatchObject({ customId: "don_1", amount: { currencyCode: "USD", value: "26.03" }, payee: { merchantId: "MERCHANT1" } });
  });
});

describe("off-session charges of monthly gifts", () => {
  test("Stripe charges again only a payment method saved for off-session use", () => {
    expect(savedPaymentMethod({ customer: "cus_1", payment_method: "pm_1", setup_future_usage: "off_session" })).toEqual({ customer: "cus_1", paymentMethod: "pm_1" });
    expect(savedPaymentMethod({ customer: null, payment_method: "pm_1", setup_future_usage: "off_session" })).toBeNull();
    expect(savedPaymentMethod({ customer: "cus_1", payment_method: "pm_1", setup_future_usage: null })).toBeNull();
    expect(savedPaymentMethod({ customer: "cus_1", payment_method: null, setup_future_usage: "off_session" })).toBeNull();
  });
});

describe("sandbox signatures", () => {
  test("verify a signed body; refuse a changed body, a wrong secret and an old timestamp", () => {
    const body = '{"id":"evt_1"}';
    const header = signPayload(body, "s".repeat(32));
    expect(verifySignature(body, header, "s".repeat(32))).toBe(true);
    expect(verifySignature(body + " ", header, "s".repeat(32))).toBe(false);
    expect(verifySignature(body, header, "t".repeat(32))).toBe(false);
    expect(verifySignature(body, signPayload(body, "s".repeat(32), Math.floor(Date.now() / 1000) - 3600), "s".repeat(32))).toBe(false);
    expect(verifySignature(body, null, "s".repeat(32))).toBe(false);
  });
});

describe("Stripe-shaped events", () => {
  const event = (metadata: Record<string, string>) => ({ id: "evt_1", type: "payment_intent.succeeded", data: { object: { id: "pi_1", object: "payment_intent", metadata } } });

  test("carry our payment id in metadata.paymentId", () => {
    expect(parseStripeShapedEvent("stripe", event({ paymentId: "pay_1" }))).toMatchObject({ providerPaymentId: "pi_1", paymentId: "pay_1", type: "payment.succeeded" });
  });

  test("whose metadata names no payment of ours are matched by the provider's intent id alone", () => {
    expect(parseStripeShapedEvent("stripe", event({ orderId: "pay_2" }))).toMatchObject({ providerPaymentId: "pi_1", paymentId: null });
  });
});
