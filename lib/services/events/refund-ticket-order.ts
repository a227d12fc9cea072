/**
 * A nonprofit refunds a paid ticket order from its event management, through the same payment
 * provider interface as donation refunds (refund-donation.ts). The payment becomes Refunded only
 * through the payment-event path (apply-payment-event.ts, "payment.refunded"), exactly once;
 * the sandbox refunds at once, Stripe and PayPal confirm with their refund webhook. The order
 * keeps its seats (the spec does not release them on a refund); it shows Refunded by its payment.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { requireActsForOrganization } from "@/lib/auth/access";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError, isAppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { providerByName } from "@/lib/payments";
import { applyPaymentEvent } from "@/lib/services/donations/apply-payment-event";
import { messages } from "@/lib/validations/messages";
import { donations, eventTicketOrders, events } from "@/models";

/** The order's payment after the request: refunded, or asked of the provider and not yet confirmed. */
export type TicketRefundOutcome = { orderId: string; status: "refunded" | "refund_requested"; amountCents: number };

/**
 * Refund ticket order `orderId` in full (amount in cents), as a member of the event's
 * organization (checked in the database before anything is written). Idempotent: an order
 * already refunded answers `refunded` and asks nothing of the provider.
 * @throws AppError(not_found) unknown order, or one of another organization's event;
 *   AppError(unauthenticated|forbidden) no session, or one that does not act for the
 *   organization; AppError(conflict) a free order or an unpaid one; AppError(unavailable) the
 *   provider refused or could not be reached (nothing changed).
 */
export async function refundTicketOrder(options: { actor: Actor | null; orderId: string }): Promise<TicketRefundOutcome> {
  const { actor, orderId } = options;
  const db = await getDb();
  const [o] = await db
    .select({ id: eventTicketOrders.id, organizationId: events.organizationId, paymentId: eventTicketOrders.donationId })
    .from(eventTicketOrders)
    .innerJoin(events, eq(events.id, eventTicketOrders.eventId))
    .where(eq(eventTicketOrders.id, orderId))
    .limit(1);
  if (!o || !actor || actor.organizationId !== o.organizationId) throw new AppError("not_found", messages.refunds.ticketOrderNotFound);
  await requireActsForOrganization(db, actor, o.organizationId);
  if (!o.paymentId) throw new AppError("conflict", messages.refunds.ticketNotPaid);
  const [p] = await db
    .select({ id: donations.id, status: donations.status, amountCents: donations.amountCents, provider: donations.provider, providerPaymentId: donations.providerPaymentId, providerChargeId: donations.providerChargeId })
    .from(donations)
    .where(eq(donations.id, o.paymentId))
    .limit(1);
  if (!p) throw new AppError("conflict", messages.refunds.ticketNotPaid);
  if (p.status === "refunded") return { orderId: o.id, status: "refunded", amountCents: p.amountCents };
  if (p.status !== "succeeded") throw new AppError("conflict", messages.refunds.ticketNotPaid);

  let providerEvents;
  try {
    ({ events: providerEvents } = await providerByName(p.provider).refund({
      donationId: p.id,
      providerPaymentId: p.providerPaymentId,
      providerChargeId: p.providerChargeId,
      idempotencyKey: `ticket-order-refund-${o.id}`,
    }));
  } catch (err) {
    if (isAppError(err)) throw err;
    logger.error("ticket refund refused by the provider", { provider: p.provider, name: (err as Error)?.name });
    throw new AppError("unavailable", messages.refunds.providerFailed);
  }
  for (const event of providerEvents) await applyPaymentEvent(event);
  const [after] = await db.select({ status: donations.status }).from(donations).where(eq(donations.id, p.id));
  return { orderId: o.id, status: after?.status === "refunded" ? "refunded" : "refund_requested", amountCents: p.amountCents };
}
