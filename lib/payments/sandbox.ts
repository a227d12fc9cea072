/**
 * The sandbox provider: the default when no Stripe or PayPal keys are set, for demos and
 * development. It follows Stripe's test cards and emits Stripe-shaped events signed with an
 * HMAC secret, which go through the same verify-then-record webhook path as real providers:
 *
 * - 4242 4242 4242 4242 succeeds;
 * - 4000 0000 0000 0002 is declined ("Your card was declined.");
 * - 4000 0000 0000 9995 is declined ("Your card has insufficient funds.");
 * - 4000 0025 0000 3155 requires action (Pending Verification) and succeeds after the
 *   donor's verification step (`sandboxAction({ action: "verify" })`);
 * - a bank (ACH) payment stays processing until it settles (`sandboxAction({ action: "settle" })`);
 * - a monthly gift's later charges (off-session) reuse the first payment's saved test card,
 *   which succeeded (a gift whose first payment failed is never charged again), so they
 *   succeed; a saved bank account is processing until it settles, like a first ACH payment;
 * - a card saved from the manage page (sandboxSavedCard) is charged by its own outcome:
 *   4000 0000 0000 0341 saves fine but its later charges are declined, as at Stripe;
 * - a refund (the organization's, from Manage Donations) is made at once: charge.refunded.
 *
 * Event ids are derived from the payment and the event type, so a retried checkout emits the
 * same event again and the exactly-once machinery sees a duplicate.
 */
import "server-only";
import { createHash, createHmac } from "node:crypto";
import { authSecret } from "@/lib/config/signing-secret";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { signPayload, verifySignature } from "./signature";
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
  type WebhookDelivery,
} from "./types";

export const SANDBOX_SIGNATURE_HEADER = "sandbox-signature";

/** Stripe's test cards the sandbox knows, by number. */
export const SANDBOX_CARDS = {
  "4242424242424242": { outcome: "succeeded" },
  "4000056655665556": { outcome: "succeeded" },
  "5555555555554444": { outcome: "succeeded" },
  "4000000000000002": { outcome: "failed", reason: messages.donation.declined },
  "4000000000009995": { outcome: "failed", reason: messages.donation.insufficientFunds },
  "4000002500003155": { outcome: "requires_action" },
  // Attaches to a customer, but every charge is declined (Stripe's test card of that name).
  "4000000000000341": { outcome: "failed", reason: messages.donation.declined, attaches: true },
} as const;

/**
 * Save a sandbox test card for a recurring gift's later charges (the manage page's "update
 * payment method"): the reference and label kept on the gift, never the number.
 * @throws AppError(validation) for a card the sandbox does not know, or one it refuses to save.
 */
export function sandboxSavedCard(number: string): { ref: string; label: string } {
  const digits = cardDigits(number);
  const card = assertSandboxCard(digits);
  if (card.outcome === "failed" && !("attaches" in card)) {
    throw new AppError("validation", messages.recurringManage.cardRefused, { "card.number": card.reason });
  }
  const last4 = digits.slice(-4);
  return { ref: `sbpm_${last4}`, label: `Card ending ${last4}` };
}

/**
 * The sandbox's test card of `number` (spaces and dashes ignored).
 * @throws AppError(validation) for a number that is not one of SANDBOX_CARDS.
 */
export function assertSandboxCard(number: string): (typeof SANDBOX_CARDS)[keyof typeof SANDBOX_CARDS] {
  const card = SANDBOX_CARDS[cardDigits(number) as keyof typeof SANDBOX_CARDS];
  if (!card) {
    throw new AppError("validation", messages.donation.sandboxTestCard, { "card.number": messages.donation.sandboxTestCardField });
  }
  return card;
}

/** The outcome of charging a saved sandbox card off-session. */
function savedCardOutcome(ref: string): { ok: true } | { ok: false; reason: string } {
  const entry = Object.entries(SANDBOX_CARDS).find(([digits]) => `sbpm_${digits.slice(-4)}` === ref)?.[1];
  if (!entry || entry.outcome === "succeeded") return { ok: true };
  if (entry.outcome === "failed") return { ok: false, reason: entry.reason };
  return { ok: false, reason: messages.donation.declined };
}

type SandboxEventType =
  | "payment_intent.succeeded"
  | "payment_intent.payment_failed"
  | "payment_intent.requires_action"
  | "payment_intent.processing"
  | "charge.refunded";

/** The webhook signing secret: SANDBOX_WEBHOOK_SECRET, else derived from the auth secret. */
export function sandboxWebhookSecret(): string {
  return serverEnv().SANDBOX_WEBHOOK_SECRET ?? createHmac("sha256", authSecret()).update("sandbox-webhook").digest("hex");
}

/** The sandbox's payment id for our payment `paymentId` (known before the charge, so a retry finds it). */
export function sandboxPaymentId(paymentId: string): string {
  return `sbpi_${paymentId}`;
}

/** The Stripe-shaped event object the sandbox emits for a payment (its id is stable per payment and type). */
function sandboxEventObject(providerPaymentId: string, paymentId: string, type: SandboxEventType, failureReason?: string): StripeShapedEvent & { object: "event"; created: number } {
  const id = `evt_sb_${createHash("sha256").update(`${providerPaymentId}:${type}`).digest("hex").slice(0, 24)}`;
  return {
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: providerPaymentId,
        object: type.startsWith("charge") ? "charge" : "payment_intent",
        payment_intent: providerPaymentId,
        metadata: { paymentId },
        ...(failureReason ? { last_payment_error: { message: failureReason } } : {}),
      },
    },
  };
}

/**
 * The sandbox's event for a payment, as the payment core takes it: what its webhook would
 * carry once verified (the same event id, so a later delivery of it is a duplicate).
 */
export function sandboxEvent(providerPaymentId: string, paymentId: string, type: SandboxEventType, failureReason?: string): PaymentEvent {
  return parseStripeShapedEvent("sandbox", sandboxEventObject(providerPaymentId, paymentId, type, failureReason));
}

/** A signed, Stripe-shaped webhook delivery of a sandbox event, as POST /api/webhooks/sandbox receives it. */
export function sandboxDelivery(providerPaymentId: string, paymentId: string, type: SandboxEventType, failureReason?: string): WebhookDelivery {
  const body = JSON.stringify(sandboxEventObject(providerPaymentId, paymentId, type, failureReason));
  return { body, headers: { [SANDBOX_SIGNATURE_HEADER]: signPayload(body, sandboxWebhookSecret()) } };
}

/** Map a Stripe-shaped event type to the normalized one (shared with the Stripe provider). */
export function normalizeStripeType(type: string): PaymentEvent["type"] {
  switch (type) {
    case "payment_intent.succeeded":
      return "payment.succeeded";
    case "payment_intent.payment_failed":
      return "payment.failed";
    case "payment_intent.requires_action":
      return "payment.requires_action";
    case "payment_intent.processing":
      return "payment.processing";
    case "charge.refunded":
      return "payment.refunded";
    default:
      return "ignored";
  }
}

/** Only digits of a card number. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",

  async createCharge(request: ChargeRequest): Promise<ChargeResult> {
    const providerPaymentId = sandboxPaymentId(request.paymentId);
    const base = { providerPaymentId, clientSecret: null };
    if (request.method === "us_bank_account") {
      return { ...base, events: [sandboxEvent(providerPaymentId, request.paymentId, "payment_intent.processing")] };
    }
    const card = assertSandboxCard(request.card?.number ?? "");
    const type: SandboxEventType =
      card.outcome === "succeeded"
        ? "payment_intent.succeeded"
        : card.outcome === "failed"
          ? "payment_intent.payment_failed"
          : "payment_intent.requires_action";
    const reason = card.outcome === "failed" ? card.reason : undefined;
    return { ...base, events: [sandboxEvent(providerPaymentId, request.paymentId, type, reason)] };
  },

  async chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionResult> {
    const providerPaymentId = sandboxPaymentId(request.paymentId);
    if (request.savedPaymentMethodRef) {
      const outcome = savedCardOutcome(request.savedPaymentMethodRef);
      if (!outcome.ok) return { outcome: "failed", providerPaymentId, failureReason: outcome.reason };
    }
    const type: SandboxEventType = request.method === "us_bank_account" ? "payment_intent.processing" : "payment_intent.succeeded";
    return { outcome: "submitted", charge: { providerPaymentId, clientSecret: null, events: [sandboxEvent(providerPaymentId, request.paymentId, type)] } };
  },

  /** Refunds at once: the charge.refunded event (one per payment, so a repeat is a duplicate). */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const providerPaymentId = request.providerPaymentId ?? sandboxPaymentId(request.paymentId);
    return { events: [sandboxEvent(providerPaymentId, request.paymentId, "charge.refunded")] };
  },

  async verifyWebhook(rawBody, headers): Promise<PaymentEvent> {
    if (!verifySignature(rawBody, headerOf(headers, SANDBOX_SIGNATURE_HEADER), sandboxWebhookSecret())) {
      throw new AppError("bad_request", messages.donation.webhookSignature);
    }
    return parseStripeShapedEvent("sandbox", JSON.parse(rawBody));
  },
};

type StripeShapedEvent = {
  id: string;
  type: string;
  data: { object: { id: string; object?: string; payment_intent?: string | { id: string } | null; metadata?: Record<string, string> | null; last_payment_error?: { message?: string } | null } };
};

/**
 * Normalize a Stripe (or sandbox) event object: our payment id is read from its metadata
 * (`paymentId`), the provider's intent id from the object. An event whose metadata names no
 * payment still finds it by the intent id: the checkout stores that id before the browser gets
 * the client secret it needs to confirm, and a retry under the payment's idempotency key stores
 * it when the first attempt stopped in between (lib/services/payments/start-payment.ts).
 */
export function parseStripeShapedEvent(provider: "sandbox" | "stripe", event: StripeShapedEvent): PaymentEvent {
  const object = event.data.object;
  const pi = object.object === "charge" ? object.payment_intent : object.id;
  return {
    provider,
    eventId: event.id,
    type: normalizeStripeType(event.type),
    rawType: event.type,
    providerPaymentId: typeof pi === "string" ? pi : (pi?.id ?? null),
    providerChargeId: object.object === "charge" ? object.id : null,
    paymentId: object.metadata?.paymentId ?? null,
    failureReason: object.last_payment_error?.message ?? (event.type === "payment_intent.payment_failed" ? messages.donation.declined : null),
  };
}
