/**
 * The payment provider interface. Every provider (sandbox, Stripe, PayPal) creates charges
 * and turns its signed webhook deliveries into one normalized PaymentEvent; the donation
 * services never look at a provider's own objects. Money is integer cents (spec section 9).
 */
import type { Cents } from "@/lib/money";

export type ProviderName = "sandbox" | "stripe" | "paypal";
export type PaymentMethod = "card" | "us_bank_account" | "wallet" | "paypal";

/** Normalized event types; `ignored` events are recorded but change nothing. */
export type PaymentEventType =
  | "payment.requires_action"
  | "payment.processing"
  | "payment.succeeded"
  | "payment.failed"
  | "payment.refunded"
  | "ignored";

/** A verified webhook event in provider-neutral form. */
export type PaymentEvent = {
  provider: ProviderName;
  /** The provider's event id: recorded under a unique (provider, event id) constraint. */
  eventId: string;
  type: PaymentEventType;
  /** The provider's own event type, e.g. "payment_intent.succeeded". */
  rawType: string;
  /** The provider's payment id (PaymentIntent id, PayPal order id, sandbox payment id). */
  providerPaymentId: string | null;
  /** Our payment id when the provider echoes it back (metadata `paymentId` / custom_id). */
  paymentId: string | null;
  providerChargeId?: string | null;
  /** Failure reason shown to the donor and the nonprofit (payment.failed). */
  failureReason?: string | null;
};

/** Card details for the sandbox provider only; real providers never see card data on our server. */
export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };

/** What a checkout asks the provider to charge. */
export type ChargeRequest = {
  /** Our payment's id, echoed back by the provider (metadata `paymentId`, PayPal custom_id). */
  paymentId: string;
  /** Total charged to the donor in cents (the gift plus fees when the donor covers them). */
  chargeCents: Cents;
  /** The platform's share kept from the charge, in cents (Stripe application fee). */
  applicationFeeCents: Cents;
  currency: "usd";
  method: PaymentMethod;
  /** The checkout's idempotency key, passed on to the provider. */
  idempotencyKey: string;
  /** Connected account receiving the funds (Stripe destination charge), if any. */
  destinationAccountId: string | null;
  description: string;
  receiptEmail: string | null;
  card?: SandboxCard;
  /**
   * True for the first payment of a monthly gift: the provider keeps the payment method for
   * later off-session charges (Stripe: a Customer and setup_future_usage "off_session").
   */
  saveForRecurring?: boolean;
};

/**
 * A later charge of a monthly recurring gift, made without the donor present. The saved
 * payment method is the one of the gift's first payment (`originalPaymentId`).
 */
export type OffSessionChargeRequest = Omit<ChargeRequest, "card" | "saveForRecurring"> & {
  /** The provider's payment id of the gift's first (succeeded) payment. */
  originalPaymentId: string | null;
  /**
   * The payment method the donor saved later from the manage page (sandbox "sbpm_<last4>",
   * Stripe "<customer id>/<payment method id>"); when set it is charged instead of the first
   * payment's.
   */
  savedPaymentMethodRef?: string | null;
};

/**
 * The provider's answer to an off-session charge: `submitted` when the payment was created
 * (its outcome arrives as events, exactly like a checkout), `failed` when the provider
 * refused it or cannot charge without the donor (the reason is recorded on the donation).
 */
export type OffSessionResult =
  | { outcome: "submitted"; charge: ChargeResult }
  | { outcome: "failed"; providerPaymentId: string | null; failureReason: string };

/** A refund of the whole of one payment (a gift's or a ticket order's), asked by its organization. */
export type RefundRequest = {
  paymentId: string;
  /** The provider's payment id (PaymentIntent id, PayPal order id, sandbox payment id). */
  providerPaymentId: string | null;
  /** The provider's charge id (PayPal capture id), when known. */
  providerChargeId: string | null;
  /** Passed on to the provider, so a repeated request makes one refund. */
  idempotencyKey: string;
};

/**
 * The provider's answer to a refund: it accepted it. The donation becomes Refunded when the
 * provider's refund event arrives through the webhook path (the sandbox returns its event here).
 */
export type RefundResult = {
  /** Sandbox only: the refund event it emits, applied by the caller through the payment core. */
  events: PaymentEvent[];
};

/** A signed webhook delivery as the provider would send it over HTTP. */
export type WebhookDelivery = { body: string; headers: Record<string, string> };

/** The provider's answer to a charge request. */
export type ChargeResult = {
  providerPaymentId: string;
  /** Secret the browser uses to confirm or look up the payment (Stripe client_secret). */
  clientSecret: string | null;
  /** Where the donor goes to approve the payment (PayPal approval link), if anywhere. */
  redirectUrl?: string | null;
  /** Sandbox only: the events it emits, applied by the caller through the payment core as a verified webhook's are. */
  events: PaymentEvent[];
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Create (or, with the same idempotency key, find again) the provider's payment. */
  createCharge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Charge a monthly gift again with the saved payment method, without the donor present.
   * Idempotent per `request.idempotencyKey` (a retry never charges twice). Never throws for a
   * refusal by the provider: that is `{ outcome: "failed" }`.
   */
  chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionResult>;
  /**
   * Refund a donation's whole payment, idempotently per `request.idempotencyKey`.
   * @throws AppError(conflict) when the payment cannot be refunded by this provider; the
   *   provider's own error for a refusal or a network failure.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Verify a webhook delivery on its raw body and normalize it.
   * @throws AppError(bad_request) when the signature is missing or invalid — before any write.
   */
  verifyWebhook(rawBody: string, headers: Headers | Record<string, string>): Promise<PaymentEvent>;
}

/** Read a header from a Headers object or a plain record, case-insensitively. */
export function headerOf(headers: Headers | Record<string, string>, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers as Record<string, string>)) if (k.toLowerCase() === lower) return v;
  return null;
}
