/**
 * Capture an approved PayPal order through PayPal's API (our authenticated call, so its answer
 * is trusted) and apply the result through the same exactly-once path as webhooks
 * (./apply-payment-event.ts); PayPal's own PAYMENT.CAPTURE.COMPLETED webhook later finds the
 * effect applied.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { capturePaypalOrder } from "@/lib/payments/paypal";
import { messages } from "@/lib/validations/messages";
import { payments } from "@/models";
import { applyPaymentEvent } from "./apply-payment-event";

/**
 * Capture PayPal order `orderId` of one of our payments, once: a payment no longer pending is
 * left as it is. Whoever may see the payment is the caller's to check.
 * @returns the id of the payment the order belongs to.
 * @throws AppError(not_found) no PayPal payment has that order id; AppError(unavailable) PayPal
 *   not configured.
 */
export async function capturePaypalPayment({ orderId }: { orderId: string }): Promise<{ paymentId: string }> {
  const db = await getDb();
  const [p] = await db.select({ id: payments.id, status: payments.status }).from(payments).where(and(eq(payments.provider, "paypal"), eq(payments.providerPaymentId, orderId)));
  if (!p) throw new AppError("not_found", messages.donation.notFound);
  if (p.status === "pending") {
    const capture = await capturePaypalOrder(orderId);
    const completed = capture.status === "COMPLETED";
    await applyPaymentEvent({
      provider: "paypal",
      eventId: `capture:${capture.captureId ?? orderId}:${capture.status}`,
      type: completed ? "payment.succeeded" : capture.status === "PENDING" ? "payment.processing" : "payment.failed",
      rawType: `ORDER.CAPTURE.${capture.status}`,
      providerPaymentId: orderId,
      providerChargeId: capture.captureId,
      paymentId: p.id,
      failureReason: completed ? null : "PayPal did not complete the payment.",
    });
  }
  return { paymentId: p.id };
}
