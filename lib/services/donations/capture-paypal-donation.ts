/**
 * capturePaypalOrder (spec section 7): the donor is back from approving a gift at PayPal; the
 * payment is captured (lib/services/payments/capture-paypal.ts) and the donor sees the gift's
 * result.
 */
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { capturePaypalPayment } from "@/lib/services/payments/capture-paypal";
import { getDonationResult, type DonationResult } from "./get-donation-result";

/**
 * Capture PayPal order `orderId` and return its gift's result (amounts in cents).
 * @throws AppError(not_found) unknown order; AppError(unavailable) PayPal not configured.
 */
export async function capturePaypalDonation({ actor, orderId }: { actor: Actor | null; orderId: string }): Promise<DonationResult> {
  const { paymentId } = await capturePaypalPayment({ orderId });
  return getDonationResult({ actor, donationId: paymentId, token: donationAccessToken(paymentId) });
}
