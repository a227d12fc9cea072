/**
 * The Stripe provider (official SDK): PaymentIntents for card, US bank account (ACH) and
 * wallets (Apple Pay / Google Pay through the Payment Element), as destination charges to
 * the nonprofit's connected Express account; webhook events verified with
 * stripe.webhooks.constructEvent on the raw body. Card data never reaches our server.
 *
 * Monthly gifts: the first payment is made for a Customer with setup_future_usage
 * "off_session", so Stripe keeps its payment method; each later month is an off-session
 * PaymentIntent (confirm: true, off_session: true) for that customer and payment method, with
 * the period's idempotency key. A first payment made without a saved payment method (an
 * older gift) cannot be charged again: that period is recorded as failed with a reason.
 * Stripe Subscriptions are not used, so one schedule (lib/services/recurring) drives every
 * provider and each period is an ordinary donation with the same exactly-once effects.
 */
import "server-only";
import Stripe from "stripe";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { parseStripeShapedEvent } from "./sandbox";
import {
  headerOf,
  type ChargeRequest,
  type ChargeResult,
  type OffSessionChargeRequest,
  type OffSessionResult,
  type PaymentEvent,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
} from "./types";

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
export function paymentIntentParams(request: Omit<ChargeRequest, "card">): Stripe.PaymentIntentCreateParams {
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
    metadata: { paymentId: request.paymentId },
    ...(request.destinationAccountId
      ? { transfer_data: { destination: request.destinationAccountId }, application_fee_amount: request.applicationFeeCents || undefined }
      : {}),
  };
}

export const stripeProvider: PaymentProvider = {
  name: "stripe",

  async createCharge(request: ChargeRequest): Promise<ChargeResult> {
    const stripe = stripeClient();
    let saved: Pick<Stripe.PaymentIntentCreateParams, "customer" | "setup_future_usage"> = {};
    if (request.saveForRecurring) {
      const customer = await stripe.customers.create(
        { email: request.receiptEmail ?? undefined, metadata: { paymentId: request.paymentId } },
        { idempotencyKey: `customer-${request.idempotencyKey}` },
      );
      saved = { customer: customer.id, setup_future_usage: "off_session" };
    }
    const intent = await stripe.paymentIntents.create(
      { ...paymentIntentParams(request), ...saved },
      { idempotencyKey: `donation-${request.idempotencyKey}` },
    );
    return { providerPaymentId: intent.id, clientSecret: intent.client_secret, events: [] };
  },

  async chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionResult> {
    const stripe = stripeClient();
    const [customer, paymentMethod] = request.savedPaymentMethodRef?.split("/") ?? [];
    const original = !paymentMethod && request.originalPaymentId ? await stripe.paymentIntents.retrieve(request.originalPaymentId) : null;
    const saved = customer && paymentMethod ? { customer, paymentMethod } : original ? savedPaymentMethod(original) : null;
    if (!saved) return { outcome: "failed", providerPaymentId: null, failureReason: messages.recurringGifts.noSavedPaymentMethod };
    try {
      const intent = await stripe.paymentIntents.create(
        { ...paymentIntentParams(request), customer: saved.customer, payment_method: saved.paymentMethod, off_session: true, confirm: true },
        { idempotencyKey: `donation-${request.idempotencyKey}` },
      );
      return { outcome: "submitted", charge: { providerPaymentId: intent.id, clientSecret: null, events: [] } };
    } catch (err) {
      // A decline or a payment that needs the donor (authentication_required) is a failed
      // period; anything else (network, rate limit) is thrown so the job retries with the same key.
      if (err instanceof Stripe.errors.StripeCardError) {
        return { outcome: "failed", providerPaymentId: err.payment_intent?.id ?? null, failureReason: err.message || messages.donation.declined };
      }
      throw err;
    }
  },

  /**
   * refunds.create on the PaymentIntent with the request's idempotency key. A destination
   * charge (the nonprofit's connected account) also takes the money back from that account and
   * returns the platform's fee (refundParams). Stripe's charge.refunded event marks the donation.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.providerPaymentId) throw new AppError("conflict", messages.refunds.notRefundable);
    const stripe = stripeClient();
    const intent = await stripe.paymentIntents.retrieve(request.providerPaymentId);
    await stripe.refunds.create(refundParams(intent, request.paymentId), { idempotencyKey: `refund-${request.idempotencyKey}` });
    return { events: [] };
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

/**
 * The refund parameters of a whole PaymentIntent (pure: unit-tested without the network). A
 * destination charge reverses its transfer and refunds the application fee, so the connected
 * account, not the platform, returns the gift.
 */
export function refundParams(intent: Pick<Stripe.PaymentIntent, "id" | "transfer_data">, paymentId: string): Stripe.RefundCreateParams {
  const destination = Boolean(intent.transfer_data?.destination);
  return {
    payment_intent: intent.id,
    reason: "requested_by_customer",
    metadata: { paymentId },
    ...(destination ? { reverse_transfer: true, refund_application_fee: true } : {}),
  };
}

/** The customer and payment method a PaymentIntent saved for off-session use, if it did. */
export function savedPaymentMethod(intent: Pick<Stripe.PaymentIntent, "customer" | "payment_method" | "setup_future_usage">): { customer: string; paymentMethod: string } | null {
  const customer = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
  const paymentMethod = typeof intent.payment_method === "string" ? intent.payment_method : (intent.payment_method?.id ?? null);
  if (!customer || !paymentMethod || intent.setup_future_usage !== "off_session") return null;
  return { customer, paymentMethod };
}

/**
 * Start replacing a recurring gift's payment method (the manage page): a SetupIntent for
 * off-session use on the donor's Stripe customer (the one of `savedRef`, else of the first
 * payment, else a new one). The browser confirms it with Stripe's form and returns its id.
 * @returns the SetupIntent's client secret.
 */
export async function startStripeSetup(options: { giftIds: string[]; savedRef: string | null; originalPaymentId: string | null; email: string | null }): Promise<{ clientSecret: string }> {
  const stripe = stripeClient();
  let customer = options.savedRef?.split("/")[0] || null;
  if (!customer && options.originalPaymentId) {
    const original = await stripe.paymentIntents.retrieve(options.originalPaymentId);
    customer = typeof original.customer === "string" ? original.customer : (original.customer?.id ?? null);
  }
  if (!customer) customer = (await stripe.customers.create({ email: options.email ?? undefined })).id;
  const intent = await stripe.setupIntents.create({
    customer,
    usage: "off_session",
    allowed_payment_method_types: ["card"],
    metadata: { recurringGiftIds: options.giftIds.join(",").slice(0, 500) },
  });
  if (!intent.client_secret) throw new AppError("unavailable", messages.recurringManage.setupIncomplete);
  return { clientSecret: intent.client_secret };
}

/**
 * The payment method a confirmed SetupIntent saved, as the gift's reference and label.
 * @throws AppError(conflict) when the SetupIntent did not succeed or was made for other gifts.
 */
export async function finishStripeSetup(setupIntentId: string, giftIds: string[]): Promise<{ ref: string; label: string }> {
  const stripe = stripeClient();
  const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ["payment_method"] });
  const forGifts = (intent.metadata?.recurringGiftIds ?? "").split(",");
  const customer = typeof intent.customer === "string" ? intent.customer : (intent.customer?.id ?? null);
  const pm = intent.payment_method;
  if (intent.status !== "succeeded" || !customer || !pm || !giftIds.every((id) => forGifts.includes(id))) {
    throw new AppError("conflict", messages.recurringManage.setupIncomplete);
  }
  const pmId = typeof pm === "string" ? pm : pm.id;
  const last4 = typeof pm === "string" ? null : (pm.card?.last4 ?? null);
  return { ref: `${customer}/${pmId}`, label: last4 ? `Card ending ${last4}` : "Saved card" };
}
