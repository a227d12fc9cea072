/**
 * The link between a paid ticket order and its payment. A paid order's donation carries
 * metadata { kind: "ticket", ticketOrderId }; when the payment succeeds the pending order is
 * confirmed, when it fails the order is canceled and its seats go back to the ticket type.
 * Both run inside the payment event's transaction and change the order only while it is
 * pending (UPDATE ... WHERE status = 'pending'), so each happens exactly once however often
 * the provider's events are delivered.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { eventTicketOrders, eventTicketTypes, type donations } from "@/models";

/** Donation metadata kind of a ticket payment. */
export const TICKET_PAYMENT_KIND = "ticket";

/** The donation metadata that ties a payment to ticket order `orderId`. */
export const ticketPaymentMetadata = (orderId: string): Record<string, string> => ({ kind: TICKET_PAYMENT_KIND, ticketOrderId: orderId });

/** The donation idempotency key of ticket order `orderId` (one payment per order attempt). */
export const ticketPaymentKey = (orderId: string) => `ticket-order-${orderId}`;

type DonationRow = typeof donations.$inferSelect;

/**
 * Apply a payment outcome to the ticket order of donation `d` (no-op for other donations).
 * @returns "confirmed" or "canceled" when the order changed now, "none" otherwise.
 */
export async function applyTicketPaymentOutcome(tx: Executor, d: DonationRow, outcome: "succeeded" | "failed"): Promise<"confirmed" | "canceled" | "none"> {
  const meta = d.metadata ?? {};
  if (meta.kind !== TICKET_PAYMENT_KIND || !meta.ticketOrderId) return "none";
  const belongs = and(
    eq(eventTicketOrders.id, meta.ticketOrderId),
    eq(eventTicketOrders.status, "pending"),
    eq(eventTicketOrders.amountCents, d.amountCents),
    or(isNull(eventTicketOrders.donationId), eq(eventTicketOrders.donationId, d.id)),
  );
  if (outcome === "succeeded") {
    const confirmed = await tx
      .update(eventTicketOrders)
      .set({ status: "confirmed", donationId: d.id })
      .where(belongs)
      .returning({ id: eventTicketOrders.id });
    if (confirmed.length === 0) {
      const [order] = await tx.select({ status: eventTicketOrders.status }).from(eventTicketOrders).where(eq(eventTicketOrders.id, meta.ticketOrderId));
      if (order?.status === "canceled") logger.warn("payment succeeded for a canceled ticket order", { donationId: d.id });
      return "none";
    }
    return "confirmed";
  }
  const canceled = await tx
    .update(eventTicketOrders)
    .set({ status: "canceled", donationId: d.id })
    .where(belongs)
    .returning({ ticketTypeId: eventTicketOrders.ticketTypeId, quantity: eventTicketOrders.quantity });
  if (canceled.length === 0) return "none";
  await releaseSeats(tx, canceled[0]!.ticketTypeId, canceled[0]!.quantity);
  return "canceled";
}

/** Give `quantity` seats back to a ticket type (never below zero). */
export async function releaseSeats(tx: Executor, ticketTypeId: string, quantity: number): Promise<void> {
  await tx
    .update(eventTicketTypes)
    .set({ sold: sql`greatest(0, ${eventTicketTypes.sold} - ${quantity})` })
    .where(eq(eventTicketTypes.id, ticketTypeId));
}
