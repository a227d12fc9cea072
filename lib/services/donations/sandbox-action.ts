/**
 * The sandbox's simulated outside actions, each applied as the sandbox's event through the
 * payment core, as a verified webhook's event is: the donor's verification step of a 3155 card (requires_action ->
 * succeeded) and the settlement of a bank (ACH) payment (processing -> succeeded).
 * Only the holder of the donation's access token (its result page) may act, and the answer
 * carries nothing but the new status: no donor field, no token. Refunds are not simulated
 * here: they belong to the organization, through its payment provider.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { sandboxEvent } from "@/lib/payments/sandbox";
import { messages } from "@/lib/validations/messages";
import { payments } from "@/models";
import { checkDonationAccessToken } from "@/lib/auth/donation-access-token";
import { applyPaymentEvent } from "@/lib/services/payments/apply-payment-event";

/** What the result page needs after an action: the donation's status. */
export type SandboxActionResult = { donationId: string; status: string };

/**
 * @throws AppError(not_found) without the donation's access token (whoever is signed in),
 *   for an unknown donation or one not paid through the sandbox;
 *   AppError(conflict) the payment is not in a state the action applies to.
 */
export async function sandboxAction(input: { action: "verify" | "settle"; donationId: string; token: string }): Promise<SandboxActionResult> {
  if (!checkDonationAccessToken(input.donationId, input.token)) throw new AppError("not_found", messages.donation.notFound);
  const db = await getDb();
  const [d] = await db
    .select({ id: payments.id, status: payments.status, provider: payments.provider, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.id, input.donationId));
  if (!d || d.provider !== "sandbox" || !d.providerPaymentId) throw new AppError("not_found", messages.donation.notFound);
  const expected = input.action === "verify" ? "requires_action" : "processing";
  if (d.status !== expected) {
    if (d.status === "succeeded") return { donationId: d.id, status: d.status };
    throw new AppError("conflict", input.action === "verify" ? messages.donation.notVerifiable : messages.donation.notSettleable);
  }
  const event = sandboxEvent(d.providerPaymentId, d.id, "payment_intent.succeeded");
  await applyPaymentEvent(event);
  const [after] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, d.id));
  return { donationId: d.id, status: after?.status ?? d.status };
}
