/**
 * A nonprofit refunds a paid ticket order from its event management (the Orders dialog),
 * through the one refund path of every payment (donations/refund-payment.ts). The payment becomes Refunded only
 * through the payment-event path (apply-payment-event.ts, "payment.refunded"), exactly once;
 * the sandbox refunds at once, Stripe and PayPal confirm with their refund webhook. The order
 * keeps its seats (the spec does not release them on a refund); it shows Refunded by its payment.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { authorizeOrganization } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/can";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { refundPayment } from "@/lib/services/payments/refund-payment";
import { messages } from "@/lib/validations/messages";
import { payments, eventTicketOrders, events } from "@/models";

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
    .select({ id: eventTicketOrders.id, organizationId: events.organizationId, paymentId: eventTicketOrders.paymentId })
    .from(eventTicketOrders)
    .innerJoin(events, eq(events.id, eventTicketOrders.eventId))
    .where(eq(eventTicketOrders.id, orderId))
    .limit(1);
  // Another organization's order is not revealed; the organization's own is checked in the database.
  if (!o || !can(actor, "event.manage", { organizationId: o.organizationId })) throw new AppError("not_found", messages.refunds.ticketOrderNotFound);
  await authorizeOrganization(db, actor, "event.manage", o.organizationId);
  if (!o.paymentId) throw new AppError("conflict", messages.refunds.ticketNotPaid);
  const [p] = await db
    .select({ id: payments.id, status: payments.status, amountCents: payments.amountCents, provider: payments.provider, providerPaymentId: payments.providerPaymentId, providerChargeId: payments.providerChargeId })
    .from(payments)
    .where(eq(payments.id, o.paymentId))
    .limit(1);
  if (!p) throw new AppError("conflict", messages.refunds.ticketNotPaid);
  if (p.status === "refunded") return { orderId: o.id, status: "refunded", amountCents: p.amountCents };
  if (p.status !== "succeeded") throw new AppError("conflict", messages.refunds.ticketNotPaid);

  const status = await refundPayment({ payment: p, idempotencyKey: `ticket-order-refund-${o.id}` });
  return { orderId: o.id, status, amountCents: p.amountCents };
}
