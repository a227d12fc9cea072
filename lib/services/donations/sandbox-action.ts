/**
 * The sandbox's simulated outside actions, each emitted as a signed event through the
 * webhook path: the donor's verification step of a 3155 card (requires_action ->
 * succeeded), the settlement of a bank (ACH) payment (processing -> succeeded), and a refund
 * (by the organization's nonprofit user or an admin; reverses the effect once).
 */
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { sandboxDelivery } from "@/lib/payments/sandbox";
import { messages } from "@/lib/validations/messages";
import { donations } from "@/models";
import { checkDonationAccessToken, donationAccessToken } from "./access-token";
import { handleWebhook } from "./apply-payment-event";
import { getDonationResult, type DonationResult } from "./get-donation-result";

/**
 * @throws AppError(not_found) unknown donation, not a sandbox payment, or bad token;
 *   AppError(conflict) the payment is not in a state the action applies to;
 *   AppError(forbidden) refund by someone other than the organization or an admin.
 */
export async function sandboxAction(
  actor: SessionUser | null,
  input: { action: "verify" | "settle" | "refund"; donationId: string; token: string },
): Promise<DonationResult> {
  const db = await getDb();
  const [d] = await db.select().from(donations).where(eq(donations.id, input.donationId));
  if (!d || d.provider !== "sandbox" || !d.providerPaymentId) throw new AppError("not_found", messages.donation.notFound);
  if (input.action === "refund") {
    const allowed = actor && (actor.type === "admin" || (actor.type === "nonprofit" && actor.orgId === d.organizationId));
    if (!allowed) throw new AppError("forbidden", messages.auth.forbidden);
    const delivery = sandboxDelivery(d.providerPaymentId, d.id, "charge.refunded");
    await handleWebhook("sandbox", delivery.body, delivery.headers);
    return getDonationResult(d.id, donationAccessToken(d.id), actor);
  }
  if (!checkDonationAccessToken(d.id, input.token)) throw new AppError("not_found", messages.donation.notFound);
  if (input.action === "verify" && d.status !== "requires_action") {
    if (d.status === "succeeded") return getDonationResult(d.id, input.token, actor);
    throw new AppError("conflict", messages.donation.notVerifiable);
  }
  if (input.action === "settle" && d.status !== "processing") {
    if (d.status === "succeeded") return getDonationResult(d.id, input.token, actor);
    throw new AppError("conflict", messages.donation.notSettleable);
  }
  const delivery = sandboxDelivery(d.providerPaymentId, d.id, "payment_intent.succeeded");
  await handleWebhook("sandbox", delivery.body, delivery.headers);
  return getDonationResult(d.id, input.token, actor);
}
