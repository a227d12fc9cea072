/**
 * A nonprofit refunds a completed donation from its Manage Donations screen
 * (spec section 2; refunds belong to the organization, through its payment provider). The provider
 * is asked for the refund with one idempotency key per donation through the one refund path
 * (refund-payment.ts); the donation becomes Refunded only through the payment-event path,
 * which reverses the fundraiser's progress and the report's totals exactly once.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorizeOrganization } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { donations, payments } from "@/models";
import { refundPayment } from "@/lib/services/payments/refund-payment";

/**
 * The donation after the request: `refunded` once the provider's refund event has been
 * applied, `refund_requested` while the provider has yet to confirm it.
 */
export type RefundOutcome = { donationId: string; status: "refunded" | "refund_requested"; amountCents: number };

/**
 * Refund donation `donationId` in full, as a member of its organization.
 * Idempotent: a donation already refunded answers `refunded` and asks nothing of the provider;
 * a repeated request before the provider confirms sends the same idempotency key.
 * @throws AppError(not_found) unknown donation, or one of another organization (its existence
 *   is not revealed); AppError(forbidden) a session that no longer belongs to the organization;
 *   AppError(conflict) a ticket sale, or a donation that is not completed; AppError(unavailable)
 *   the provider refused or could not be reached (nothing changed).
 */
export async function refundDonation(options: { actor: Actor | null; donationId: string }): Promise<RefundOutcome> {
  const { actor, donationId } = options;
  const db = await getDb();
  const [d] = await db
    .select({
      id: donations.id,
      organizationId: donations.organizationId,
      donorUserId: donations.donorUserId,
      paymentId: payments.id,
      status: donations.status,
      amountCents: donations.amountCents,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      providerChargeId: payments.providerChargeId,
    })
    .from(donations)
    .leftJoin(payments, eq(payments.id, donations.paymentId))
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!d) throw new AppError("not_found", messages.donation.notFound);
  // Another organization's donation is not found rather than forbidden: its existence is not revealed.
  if (!can(actor, "donation.refund", { donorId: d.donorUserId, organizationId: d.organizationId })) throw new AppError("not_found", messages.donation.notFound);
  await authorizeOrganization(db, actor, "report.view", d.organizationId);
  // A gift recorded offline was not paid through a provider: there is nothing to refund here.
  if (!d.paymentId || !d.provider) throw new AppError("conflict", messages.refunds.onlyDonations);
  if (d.status === "refunded") return { donationId: d.id, status: "refunded", amountCents: d.amountCents };
  if (d.status !== "succeeded") throw new AppError("conflict", messages.refunds.notCompleted);

  const status = await refundPayment({ payment: { id: d.paymentId, provider: d.provider, providerPaymentId: d.providerPaymentId, providerChargeId: d.providerChargeId }, idempotencyKey: `donation-${d.id}` });
  return { donationId: d.id, status, amountCents: d.amountCents };
}
