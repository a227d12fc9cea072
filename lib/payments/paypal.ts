/**
 * The PayPal provider (@paypal/paypal-server-sdk): Orders v2 create and capture, with the
 * nonprofit's merchant id as payee and our donation id as custom_id; captures refunded through
 * the Payments API; webhooks verified with
 * PayPal's verify-webhook-signature call; partner referrals for onboarding nonprofits.
 */
import "server-only";
import { CheckoutPaymentIntent, Client, Environment, OrdersController, PaymentsController, type OrderRequest } from "@paypal/paypal-server-sdk";
import { baseUrl, serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { centsToDecimalString } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import { headerOf, type ChargeRequest, type ChargeResult, type OffSessionResult, type PaymentEvent, type PaymentProvider, type RefundRequest, type RefundResult } from "./types";

/** True when PayPal keys are configured. */
export function paypalConfigured(): boolean {
  const env = serverEnv();
  return Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET);
}

function credentials(): { id: string; secret: string } {
  const env = serverEnv();
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) throw new AppError("unavailable", messages.donation.paypalRequired);
  return { id: env.PAYPAL_CLIENT_ID, secret: env.PAYPAL_CLIENT_SECRET };
}

/** PayPal's REST base URL for PAYPAL_ENVIRONMENT. */
export function paypalApiBase(): string {
  return serverEnv().PAYPAL_ENVIRONMENT === "production" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com";
}

let sdk: { key: string; orders: OrdersController; payments: PaymentsController } | undefined;

function paypalSdk() {
  const { id, secret } = credentials();
  if (!sdk || sdk.key !== id) {
    const client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: id, oAuthClientSecret: secret },
      environment: serverEnv().PAYPAL_ENVIRONMENT === "production" ? Environment.Production : Environment.Sandbox,
      timeout: 20_000,
    });
    sdk = { key: id, orders: new OrdersController(client), payments: new PaymentsController(client) };
  }
  return sdk;
}

/** @throws AppError(unavailable) when PayPal is not configured. */
export function paypalOrders(): OrdersController {
  return paypalSdk().orders;
}

/** The Orders v2 request of a charge (pure: unit-tested without the network). */
export function orderRequest(request: ChargeRequest, payeeMerchantId: string | null): OrderRequest {
  return {
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [
      {
        referenceId: request.paymentId,
        customId: request.paymentId,
        description: request.description.slice(0, 127),
        amount: { currencyCode: "USD", value: centsToDecimalString(request.chargeCents) },
        ...(payeeMerchantId ? { payee: { merchantId: payeeMerchantId } } : {}),
      },
    ],
    applicationContext: {
      returnUrl: `${baseUrl()}/complete-paypal-donation`,
      cancelUrl: `${baseUrl()}/cancle-paypal-donation`,
      brandName: "Givebridge",
    },
  } as OrderRequest;
}

/** An OAuth access token for PayPal's REST calls the SDK does not cover. */
export async function paypalAccessToken(): Promise<string> {
  const { id, secret } = credentials();
  const res = await fetch(`${paypalApiBase()}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new AppError("unavailable", messages.donation.paypalRequired);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Capture an approved order; returns its status ("COMPLETED", ...). */
export async function capturePaypalOrder(orderId: string): Promise<{ status: string; captureId: string | null }> {
  const { result } = await paypalOrders().captureOrder({ id: orderId, prefer: "return=representation" });
  const capture = result.purchaseUnits?.[0]?.payments?.captures?.[0];
  return { status: String(result.status ?? ""), captureId: capture?.id ?? null };
}

type PaypalWebhook = {
  id: string;
  event_type: string;
  resource: { id: string; custom_id?: string; status?: string; supplementary_data?: { related_ids?: { order_id?: string } }; status_details?: { reason?: string } };
};

/** Normalize a verified PayPal webhook event. */
export function parsePaypalEvent(event: PaypalWebhook): PaymentEvent {
  const map: Record<string, PaymentEvent["type"]> = {
    "PAYMENT.CAPTURE.COMPLETED": "payment.succeeded",
    "PAYMENT.CAPTURE.DENIED": "payment.failed",
    "PAYMENT.CAPTURE.DECLINED": "payment.failed",
    "PAYMENT.CAPTURE.PENDING": "payment.processing",
    "PAYMENT.CAPTURE.REFUNDED": "payment.refunded",
  };
  return {
    provider: "paypal",
    eventId: event.id,
    type: map[event.event_type] ?? "ignored",
    rawType: event.event_type,
    providerPaymentId: event.resource.supplementary_data?.related_ids?.order_id ?? null,
    providerChargeId: event.resource.id,
    paymentId: event.resource.custom_id ?? null,
    failureReason: event.resource.status_details?.reason ?? (map[event.event_type] === "payment.failed" ? "PayPal declined the payment." : null),
  };
}

export const paypalProvider: PaymentProvider = {
  name: "paypal",

  async createCharge(request: ChargeRequest): Promise<ChargeResult> {
    const { result } = await paypalOrders().createOrder({ body: orderRequest(request, null), paypalRequestId: request.idempotencyKey });
    const approve = result.links?.find((l) => l.rel === "approve" || l.rel === "payer-action")?.href ?? null;
    return { providerPaymentId: String(result.id), clientSecret: null, redirectUrl: approve, events: [] };
  },

  /**
   * A PayPal order needs the payer's approval each time; charging without the donor would need
   * a vaulted payment method (billing agreement), which this integration does not set up. A
   * monthly PayPal gift's later periods are therefore recorded as failed with this reason.
   */
  async chargeOffSession(): Promise<OffSessionResult> {
    return { outcome: "failed", providerPaymentId: null, failureReason: messages.recurringGifts.paypalNotSupported };
  },

  /**
   * Refund the order's capture (captures refund, with the request's idempotency key as
   * PayPal-Request-Id). PayPal's PAYMENT.CAPTURE.REFUNDED event marks the donation.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.providerChargeId) throw new AppError("conflict", messages.refunds.notRefundable);
    await paypalSdk().payments.refundCapturedPayment({ captureId: request.providerChargeId, paypalRequestId: `refund-${request.idempotencyKey}`, prefer: "return=minimal", body: { noteToPayer: "Refunded by the nonprofit." } });
    return { events: [] };
  },

  async verifyWebhook(rawBody, headers): Promise<PaymentEvent> {
    const webhookId = serverEnv().PAYPAL_WEBHOOK_ID;
    const h = (n: string) => headerOf(headers, n);
    if (!webhookId || !h("paypal-transmission-sig") || !h("paypal-transmission-id")) {
      throw new AppError("bad_request", messages.donation.webhookSignature);
    }
    let event: PaypalWebhook;
    try {
      event = JSON.parse(rawBody) as PaypalWebhook;
    } catch {
      throw new AppError("bad_request", messages.donation.webhookSignature);
    }
    const res = await fetch(`${paypalApiBase()}/v1/notifications/verify-webhook-signature`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await paypalAccessToken()}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        auth_algo: h("paypal-auth-algo"),
        cert_url: h("paypal-cert-url"),
        transmission_id: h("paypal-transmission-id"),
        transmission_sig: h("paypal-transmission-sig"),
        transmission_time: h("paypal-transmission-time"),
        webhook_id: webhookId,
        webhook_event: event,
      }),
    });
    const verdict = res.ok ? ((await res.json()) as { verification_status?: string }).verification_status : undefined;
    if (verdict !== "SUCCESS") throw new AppError("bad_request", messages.donation.webhookSignature);
    return parsePaypalEvent(event);
  },
};
