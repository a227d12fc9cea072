/**
 * The link between a paid ticket order and its payment. A paid order names its payment
 * (event_ticket_orders.payment_id, set when the payment is created, in the same transaction);
 * when the payment succeeds the pending order is confirmed, when it fails
 * the order is canceled and its seats go back to the ticket type. Both run inside the payment
 * event's transaction and change the order only while it is pending (UPDATE ... WHERE status
 * = 'pending'), so each happens exactly once however often the provider's events arrive.
 * They are subscribers of the payment core's ticket_order.paid and ticket_order.failed
 * (./subscribers.ts): the core never calls into the events services.
 */
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { eventTicketOrders, eventTicketTypes, events, type payments } from "@/models";

type PaymentRow = typeof payments.$inferSelect;

/** The payment idempotency key of ticket order `orderId` (one payment per order attempt). */
export const ticketPaymentKey = (orderId: string) => `ticket-order-${orderId}`;

export type ApplyTicketPaymentOutcomeOptions = {
  tx: Executor;
  /** The order's payment (its id and amount in cents). */
  payment: Pick<PaymentRow, "id" | "amountCents">;
  orderId: string;
  outcome: "succeeded" | "failed";
};

/**
 * Apply a payment `outcome` to ticket order `orderId`, paid by `payment`.
 * @returns "confirmed" or "canceled" when the order changed now, "none" otherwise.
 */
export async function applyTicketPaymentOutcome({ tx, payment, orderId, outcome }: ApplyTicketPaymentOutcomeOptions): Promise<"confirmed" | "canceled" | "none"> {
  const belongs = and(
    eq(eventTicketOrders.id, orderId),
    eq(eventTicketOrders.status, "pending"),
    eq(eventTicketOrders.amountCents, payment.amountCents),
    eq(eventTicketOrders.paymentId, payment.id),
  );
  if (outcome === "succeeded") {
    const confirmed = await tx
      .update(eventTicketOrders)
      .set({ status: "confirmed", holdExpiresAt: null })
      .where(belongs)
      .returning({ id: eventTicketOrders.id });
    if (confirmed.length === 0) {
      const [order] = await tx.select({ status: eventTicketOrders.status }).from(eventTicketOrders).where(eq(eventTicketOrders.id, orderId));
      if (order?.status === "canceled") logger.warn("payment succeeded for a canceled ticket order", { paymentId: payment.id });
      return "none";
    }
    return "confirmed";
  }
  const canceled = await tx
    .update(eventTicketOrders)
    .set({ status: "canceled" })
    .where(belongs)
    .returning({ ticketTypeId: eventTicketOrders.ticketTypeId, quantity: eventTicketOrders.quantity });
  if (canceled.length === 0) return "none";
  await releaseSeats({ tx, ticketTypeId: canceled[0]!.ticketTypeId, quantity: canceled[0]!.quantity });
  return "canceled";
}

export type ReleaseSeatsOptions = { tx: Executor; ticketTypeId: string; quantity: number };

/** Give `quantity` seats back to ticket type `ticketTypeId` (its sold count never goes below zero). */
export async function releaseSeats({ tx, ticketTypeId, quantity }: ReleaseSeatsOptions): Promise<void> {
  await tx
    .update(eventTicketTypes)
    .set({ sold: sql`greatest(0, ${eventTicketTypes.sold} - ${quantity})` })
    .where(eq(eventTicketTypes.id, ticketTypeId));
}

/** What a ticket confirmation (email, PDF, statement) says about the order. Cents. */
export type TicketSaleFacts = {
  orderId: string;
  /** The buyer's email, as given with the order. */
  buyerEmail: string;
  eventId: string;
  eventName: string;
  eventStartsAt: Date;
  ticketTypeId: string;
  ticketTypeName: string;
  quantity: number;
  /** Amount paid for the tickets. */
  amountCents: number;
  /** Good-faith estimate of the goods and services received (quantity x fair market value). */
  goodsValueCents: number;
  /** The part that may be deductible: amount paid minus the goods' value, never below 0. */
  deductibleCents: number;
};

/** Ticket order `orderId` with its event and ticket type, read in `tx`; null when there is none. */
export async function ticketSaleFacts({ tx, orderId }: { tx: Executor; orderId: string }): Promise<TicketSaleFacts | null> {
  const [row] = await tx
    .select({ order: eventTicketOrders, eventName: events.name, startsAt: events.startsAt, typeName: eventTicketTypes.name })
    .from(eventTicketOrders)
    .innerJoin(events, eq(events.id, eventTicketOrders.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTicketOrders.ticketTypeId))
    .where(eq(eventTicketOrders.id, orderId));
  if (!row) return null;
  return {
    orderId: row.order.id,
    buyerEmail: row.order.buyerEmail,
    eventId: row.order.eventId,
    eventName: row.eventName,
    eventStartsAt: row.startsAt,
    ticketTypeId: row.order.ticketTypeId,
    ticketTypeName: row.typeName,
    quantity: row.order.quantity,
    amountCents: row.order.amountCents,
    goodsValueCents: row.order.goodsValueCents,
    deductibleCents: deductiblePart({ amountCents: row.order.amountCents, goodsValueCents: row.order.goodsValueCents }),
  };
}

/** `amountCents` paid minus `goodsValueCents`, the value of what was received, never below 0 (IRS Publication 1771). Cents. */
export const deductiblePart = ({ amountCents, goodsValueCents }: { amountCents: number; goodsValueCents: number }) => Math.max(0, amountCents - goodsValueCents);
