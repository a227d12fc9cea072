/**
 * The ticket orders of one event, for the organization that runs it (the event manager's
 * "Orders" list): who bought what, what was paid, and whether the order can be refunded from
 * the dashboard. A buyer gives their name and email to buy tickets, so the organization
 * running the event sees both (the attendee list); nothing else of the buyer is shown.
 * Amounts are integer cents; times UTC ISO 8601.
 */
import "server-only";
import { desc, eq } from "drizzle-orm";
import { authorizeEvent } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import { payments, eventTicketOrders, eventTicketTypes } from "@/models";

/** The most orders listed for one event, newest first. */
export const TICKET_ORDERS_LISTED = 500;

/** One order as the event's organization sees it. */
export type TicketOrderView = {
  id: string;
  createdAt: string;
  buyerName: string;
  buyerEmail: string;
  ticketTypeName: string;
  quantity: number;
  /** Amount of the order (quantity x price); 0 for free tickets. */
  amountCents: Cents;
  /** pending (seats held while the payment runs), confirmed, canceled. */
  status: "pending" | "confirmed" | "canceled";
  /** The payment's state for a paid order ("succeeded", "refunded", "processing", ...); null for a free one. */
  paymentStatus: string | null;
  /** A paid, confirmed order whose payment succeeded and was not refunded. */
  refundable: boolean;
};

export type ListTicketOrdersOptions = { actor: Actor | null; eventId: string };

/**
 * The orders of event `eventId`, newest first (at most TICKET_ORDERS_LISTED), for a member of
 * the event's organization (checked in the database).
 * @throws AppError(not_found) unknown event; AppError(unauthenticated|forbidden) no session, or
 *   one that does not act for the event's organization.
 */
export async function listTicketOrders({ actor, eventId }: ListTicketOrdersOptions): Promise<{ orders: TicketOrderView[]; truncated: boolean }> {
  const db = await getDb();
  await authorizeEvent(db, actor, "event.manage", eventId);
  const rows = await db
    .select({
      id: eventTicketOrders.id,
      createdAt: eventTicketOrders.createdAt,
      buyerName: eventTicketOrders.buyerName,
      buyerEmail: eventTicketOrders.buyerEmail,
      ticketTypeName: eventTicketTypes.name,
      quantity: eventTicketOrders.quantity,
      amountCents: eventTicketOrders.amountCents,
      status: eventTicketOrders.status,
      paymentStatus: payments.status,
    })
    .from(eventTicketOrders)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTicketOrders.ticketTypeId))
    .leftJoin(payments, eq(payments.id, eventTicketOrders.paymentId))
    .where(eq(eventTicketOrders.eventId, eventId))
    .orderBy(desc(eventTicketOrders.createdAt), desc(eventTicketOrders.id))
    .limit(TICKET_ORDERS_LISTED + 1);
  const orders = rows.slice(0, TICKET_ORDERS_LISTED).map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    paymentStatus: r.amountCents > 0 ? (r.paymentStatus ?? null) : null,
    refundable: r.amountCents > 0 && r.status === "confirmed" && r.paymentStatus === "succeeded",
  }));
  return { orders, truncated: rows.length > TICKET_ORDERS_LISTED };
}
