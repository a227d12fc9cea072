/**
 * capturePaypalOrder: capture the approved order through PayPal's API (our authenticated
 * call, so its answer is trusted) and apply the result through the same exactly-once path as
 * webhooks; PayPal's own PAYMENT.CAPTURE.COMPLETED webhook later finds the effect applied.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { capturePaypalOrder } from "@/lib/payments/paypal";
import { messages } from "@/lib/validations/messages";
import { payments } from "@/models";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { applyPaymentEvent } from "./apply-payment-event";
import { getDonationResult, type DonationResult } from "./get-donation-result";

/** @throws AppError(not_found) unknown order; AppError(unavailable) PayPal not configured. */
export async function capturePaypalDonation({ actor, orderId }: { actor: Actor | null; orderId: string }): Promise<DonationResult> {
  const db = await getDb();
  const [d] = await db.select({ id: payments.id, status: payments.status }).from(payments).where(and(eq(payments.provider, "paypal"), eq(payments.providerPaymentId, orderId)));
  if (!d) throw new AppError("not_found", messages.donation.notFound);
  if (d.status === "pending") {
    const capture = await capturePaypalOrder(orderId);
    const completed = capture.status === "COMPLETED";
    await applyPaymentEvent({
      provider: "paypal",
      eventId: `capture:${capture.captureId ?? orderId}:${capture.status}`,
      type: completed ? "payment.succeeded" : capture.status === "PENDING" ? "payment.processing" : "payment.failed",
      rawType: `ORDER.CAPTURE.${capture.status}`,
      providerPaymentId: orderId,
      providerChargeId: capture.captureId,
      paymentId: d.id,
      failureReason: completed ? null : "PayPal did not complete the payment.",
    });
  }
  return getDonationResult({ actor, donationId: d.id, token: donationAccessToken(d.id) });
}
