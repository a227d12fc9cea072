/**
 * The one refund path of every payment (a gift's or a ticket order's): ask the payment's
 * provider for a full refund under one idempotency key, then apply whatever refund event the
 * provider answers with through the payment core (apply-payment-event.ts, "payment.refunded"),
 * which marks the payment Refunded and reverses its effects exactly once. The sandbox refunds
 * at once; Stripe and PayPal confirm later with their refund webhook. Callers check access and
 * what may be refunded first.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError, isAppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { providerByName } from "@/lib/payments";
import type { ProviderName } from "@/lib/payments/types";
import { messages } from "@/lib/validations/messages";
import { payments } from "@/models";
import { applyPaymentEvent } from "./apply-payment-event";

/** The payment to refund: its id, provider and the provider's ids for it. */
export type RefundablePayment = { id: string; provider: ProviderName; providerPaymentId: string | null; providerChargeId: string | null };

export type RefundPaymentOptions = {
  payment: RefundablePayment;
  /** One key per payment, so a repeated request never refunds twice at the provider. */
  idempotencyKey: string;
  /** The provider refused or could not be reached (nothing changed): the caller's message. */
  failureMessage?: string;
};

/**
 * Refund `payment` in full.
 * @returns "refunded" once the provider's refund event has been applied, "refund_requested"
 *   while the provider has yet to confirm it.
 * @throws AppError(unavailable) the provider refused or could not be reached (nothing changed);
 *   an AppError of the provider's (not configured) as it is.
 */
export async function refundPayment({ payment, idempotencyKey, failureMessage = messages.refunds.providerFailed }: RefundPaymentOptions): Promise<"refunded" | "refund_requested"> {
  let events;
  try {
    ({ events } = await providerByName(payment.provider).refund({
      paymentId: payment.id,
      providerPaymentId: payment.providerPaymentId,
      providerChargeId: payment.providerChargeId,
      idempotencyKey,
    }));
  } catch (err) {
    if (isAppError(err)) throw err;
    logger.error("refund refused by the provider", { provider: payment.provider, name: (err as Error)?.name });
    throw new AppError("unavailable", failureMessage);
  }
  for (const event of events) await applyPaymentEvent(event);
  const db = await getDb();
  const [after] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
  return after?.status === "refunded" ? "refunded" : "refund_requested";
}
