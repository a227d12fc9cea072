/**
 * The Stripe provider (official SDK): PaymentIntents for card, US bank account (ACH) and
 * wallets (Apple Pay / Google Pay through the Payment Element), as destination charges to
 * the nonprofit's connected Express account; webhook events verified with
 * stripe.webhooks.constructEvent on the raw body. Card data never reaches our server.
 */
import Stripe from "stripe";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { parseStripeShapedEvent } from "./sandbox";
import { headerOf, type ChargeRequest, type ChargeResult, type PaymentEvent, type PaymentProvider } from "./types";

let client: { key: string; stripe: Stripe } | undefined;

/**
 * The Stripe client for STRIPE_SECRET_KEY.
 * @throws AppError(unavailable) when no key is configured.
 */
export function stripeClient(): Stripe {
  const key = serverEnv().STRIPE_SECRET_KEY;
  if (!key) throw new AppError("unavailable", messages.donation.providerUnavailable("Stripe"));
  if (!client || client.key !== key) client = { key, stripe: new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000 }) };
  return client.stripe;
}

/** True when Stripe keys are configured. */
export function stripeConfigured(): boolean {
  return Boolean(serverEnv().STRIPE_SECRET_KEY);
}

/** The PaymentIntent parameters of a charge request (pure: unit-tested without the network). */
export function paymentIntentParams(request: ChargeRequest): Stripe.PaymentIntentCreateParams {
  // Apple Pay and Google Pay are card payments in Stripe's model (Express Checkout Element).
  const types: Record<ChargeRequest["method"], Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType[]> = {
    card: ["card"],
    us_bank_account: ["us_bank_account"],
    wallet: ["card"],
    paypal: ["card"],
  };
  return {
    amount: request.chargeCents,
    currency: request.currency,
    allowed_payment_method_types: types[request.method],
    description: request.description,
    receipt_email: request.receiptEmail ?? undefined,
    metadata: { donationId: request.donationId },
    ...(request.destinationAccountId
      ? { transfer_data: { destination: request.destinationAccountId }, application_fee_amount: request.applicationFeeCents || undefined }
      : {}),
  };
}

export const stripeProvider: PaymentProvider = {
  name: "stripe",

  async createCharge(request: ChargeRequest): Promise<ChargeResult> {
    const intent = await stripeClient().paymentIntents.create(paymentIntentParams(request), {
      idempotencyKey: `donation-${request.idempotencyKey}`,
    });
    return { providerPaymentId: intent.id, clientSecret: intent.client_secret, deliveries: [] };
  },

  async verifyWebhook(rawBody, headers): Promise<PaymentEvent> {
    const secret = serverEnv().STRIPE_WEBHOOK_SECRET;
    const signature = headerOf(headers, "stripe-signature");
    if (!secret || !signature) throw new AppError("bad_request", messages.donation.webhookSignature);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new AppError("bad_request", messages.donation.webhookSignature);
    }
    return parseStripeShapedEvent("stripe", event as unknown as Parameters<typeof parseStripeShapedEvent>[1]);
  },
};
