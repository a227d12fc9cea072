/**
 * Event tickets (/event/tickets, GET /api/events/{id}/tickets, POST /api/events/{id}/orders).
 * Anyone may buy, signed in or as a guest. Seats are taken with one guarded UPDATE
 *   UPDATE event_ticket_types SET sold = sold + q
 *   WHERE id = ? AND (quantity IS NULL OR sold + q <= quantity) RETURNING ...
 * so concurrent buyers can never oversell. Free orders are confirmed at once; paid orders stay
 * pending and are paid through startPayment with the order as its purpose, behind the
 * card-testing defences (challenge, velocity limits, the whole request checked before the
 * seats are taken), as a payment (a sale, not a donation) that the order names: the payment's
 * succeeded event confirms the order and a failed one cancels it and frees its seats (see
 * ./ticket-payments.ts), each exactly once. A pending paid order holds
 * its seats for TICKET_HOLD_MINUTES; then releaseExpiredTicketHolds frees them, once.
 * Each order attempt carries a client idempotency key: a retried request is the same order.
 */
import { displayOrganizationName } from "@/lib/directory/display-name";
import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { refreshEventPages } from "@/lib/cache/public-pages";
import { getDb } from "@/lib/db/client";
import { AppError, isAppError } from "@/lib/errors";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import type { CheckoutClient } from "@/lib/services/payments/checkout-defences";
import { startPayment } from "@/lib/services/payments/start-payment";
import { releaseSeats } from "./ticket-payments";
import { ticketBuyerSchema, type TicketOrderInput } from "@/lib/validations/event";
import { messages } from "@/lib/validations/messages";
import { eventTimeZone } from "@/lib/time/organization-time-zone";
import { eventTicketOrders, eventTicketTypes, events, organizations, payments } from "@/models";
import { toTicketTypeView, type TicketTypeView } from "./manage-events";
import { TICKET_HOLD_MINUTES } from "./ticket-holds";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";

/** The ticket page of one public event. Dates are ISO 8601 in UTC. */
export type TicketPage = {
  event: {
    _id: string;
    name: string;
    startsAt: string;
    endsAt: string | null;
    venue: string | null;
    city: string | null;
    state: string | null;
    imageUrl: string | null;
    organization: { _id: string; name: string };
    /** IANA zone the event's times are shown in (the organization's). */
    timeZone: string;
  };
  /** True once the event has ended: nothing is sold any more. */
  ended: boolean;
  ticketTypes: TicketTypeView[];
};

/** What a buyer sees after ordering. Amounts in cents. */
export type TicketOrderResult = {
  order: {
    _id: string;
    status: "pending" | "confirmed" | "canceled";
    eventId: string;
    eventName: string;
    ticketTypeName: string;
    quantity: number;
    unitPriceCents: number;
    amountCents: number;
    buyerName: string;
    buyerEmail: string;
    createdAt: string;
  };
  /** The payment of a paid order; null for free tickets. */
  payment: { donationId: string; accessToken: string; status: string; failureReason: string | null } | null;
};

/** Rolls back a seat hold whose idempotency key another request has just used. */
class DuplicateOrder extends Error {}

const notFound = () => new AppError("not_found", messages.events.notFound);

async function loadPublicEvent(eventId: string) {
  const id = eventId.trim();
  if (!id || id.length > 64) throw notFound();
  const db = await getDb();
  const [row] = await db
    .select({ event: events, orgName: organizations.name, orgLegalName: organizations.legalName, orgState: organizations.state, orgZipcode: organizations.zipcode })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(and(eq(events.id, id), eq(organizations.live, true), eq(organizations.approvalStatus, "approved")))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

const hasEnded = (e: typeof events.$inferSelect, now = Date.now()) => (e.endsAt ?? e.startsAt).getTime() < now;

/**
 * The event `eventId` and its ticket types with remaining seats and sold-out state.
 * @throws AppError(not_found) unknown event or its organization is not public.
 */
export async function getTicketPage({ eventId }: { eventId: string }): Promise<TicketPage> {
  const { event: e, orgName, orgLegalName, orgState, orgZipcode } = await loadPublicEvent(eventId);
  const db = await getDb();
  const types = await db.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, e.id)).orderBy(asc(eventTicketTypes.createdAt), asc(eventTicketTypes.id));
  return {
    event: {
      _id: e.id,
      name: e.name,
      startsAt: e.startsAt.toISOString(),
      endsAt: e.endsAt ? e.endsAt.toISOString() : null,
      venue: e.venue,
      city: e.city,
      state: e.state,
      imageUrl: e.imageUrl,
      organization: { _id: e.organizationId, name: displayOrganizationName(orgName, orgLegalName) },
      timeZone: eventTimeZone({ state: orgState, zipcode: orgZipcode }, e),
    },
    ended: hasEnded(e),
    ticketTypes: types.map(toTicketTypeView),
  };
}

function buyerOf(actor: Actor | null, input: TicketOrderInput): { name: string; email: string } {
  const parsed = ticketBuyerSchema.safeParse({
    name: input.name || (actor ? `${actor.firstName} ${actor.lastName}`.trim() || actor.organizationName : ""),
    email: input.email || actor?.email || "",
  });
  if (!parsed.success) {
    const fields = zodFieldErrors(parsed.error, topField);
    throw new AppError("validation", Object.values(fields)[0]!, fields);
  }
  return { name: parsed.data.name, email: parsed.data.email.toLowerCase() };
}

/** A ticket order request: the event, the order, who buys, and the request's checkout client. */
export type CreateTicketOrderOptions = {
  eventId: string;
  input: TicketOrderInput;
  /** The signed-in buyer, or null for a guest (who must give name and email). */
  actor: Actor | null;
  /** Address, device and challenge of the request (lib/http/checkout-client.ts). */
  client: CheckoutClient;
};

/**
 * Order `input.quantity` tickets of one type of event `eventId`. Free tickets are confirmed at
 * once. A paid order goes through the same card-testing defences as a donation
 * (startPayment; OWASP ASVS 5.0 2.4): the guest's challenge, the velocity limits and
 * the check of the whole checkout come first, and only then are its seats taken and the
 * payment recorded.
 * @returns the order (confirmed for free tickets; for paid ones confirmed, canceled or still
 *   pending as the payment went) and the payment's result.
 * @throws AppError(not_found) unknown event or ticket type; AppError(conflict) the event has
 *   ended, too few seats are left (soldOut / onlyLeft, nothing reserved), the price changed, or
 *   the idempotency key was used for a different order; AppError(validation) buyer details,
 *   card or challenge; AppError(rate_limited) too many checkout attempts; AppError(unavailable)
 *   payments not configured. On a refused payment start the order is canceled and its seats freed.
 */
export async function createTicketOrder({ eventId, input, actor, client }: CreateTicketOrderOptions): Promise<TicketOrderResult> {
  const { event: ev } = await loadPublicEvent(eventId);
  const buyer = buyerOf(actor, input);
  const existing = await orderByKey(input.idempotencyKey);
  const orderId = existing ? await resumeOrder({ existing, ev, input, actor, client }) : await placeNewOrder({ ev, input, buyer, actor, client });
  // Seats held or sold: the cached event page shows what is left.
  refreshEventPages(ev.id);
  return ticketOrderResult(orderId, ev);
}

type PublicEvent = typeof events.$inferSelect;
type TicketOrderRow = typeof eventTicketOrders.$inferSelect;

/** The order made with this idempotency key, if any. */
async function orderByKey(idempotencyKey: string): Promise<TicketOrderRow | undefined> {
  const db = await getDb();
  const [order] = await db.select().from(eventTicketOrders).where(eq(eventTicketOrders.idempotencyKey, idempotencyKey)).limit(1);
  return order;
}

/**
 * A retried request: the same order, if it asks for the same tickets. A paid order whose
 * payment has not been settled resumes the same payment.
 * @throws AppError(conflict) the key was used for a different order.
 */
async function resumeOrder(o: { existing: TicketOrderRow; ev: PublicEvent; input: TicketOrderInput; actor: Actor | null; client: CheckoutClient }): Promise<string> {
  const { existing, ev, input } = o;
  if (existing.eventId !== ev.id || existing.ticketTypeId !== input.ticketTypeId || existing.quantity !== input.quantity) {
    throw new AppError("conflict", messages.events.orderMismatch);
  }
  if (existing.amountCents > 0 && existing.status === "pending") await payForOrder({ actor: o.actor, client: o.client, ev, order: existing, card: input.card });
  return existing.id;
}

/**
 * A new order: free tickets take their seats at once; paid ones go through payForOrder, which
 * takes the seats once the attempt is admitted. When the same key arrives twice at once, the
 * other request's order is the answer.
 * @throws AppError(conflict) the event has ended, seats or price as in holdSeats, or the key's
 *   order is a different one; AppError(not_found) unknown ticket type; payForOrder's errors.
 */
async function placeNewOrder(o: { ev: PublicEvent; input: TicketOrderInput; buyer: { name: string; email: string }; actor: Actor | null; client: CheckoutClient }): Promise<string> {
  const { ev, input, buyer, actor } = o;
  if (hasEnded(ev)) throw new AppError("conflict", messages.events.ended);
  const db = await getDb();
  const [type] = await db
    .select({ id: eventTicketTypes.id, priceCents: eventTicketTypes.priceCents })
    .from(eventTicketTypes)
    .where(and(eq(eventTicketTypes.id, input.ticketTypeId), eq(eventTicketTypes.eventId, ev.id)))
    .limit(1);
  if (!type) throw new AppError("not_found", messages.events.ticketTypeNotFound);
  const seats: SeatRequest = { orderId: randomUUID(), eventId: ev.id, ticketTypeId: type.id, unitPriceCents: type.priceCents, input, buyer, actor };
  try {
    if (type.priceCents === 0) await holdSeats(seats);
    else {
      const order = { id: seats.orderId, quantity: input.quantity, amountCents: type.priceCents * input.quantity, buyerName: buyer.name, buyerEmail: buyer.email };
      await payForOrder({ actor, client: o.client, ev, order, card: input.card, hold: () => holdSeats(seats) });
    }
    return seats.orderId;
  } catch (err) {
    if (!(err instanceof DuplicateOrder)) throw err;
    // The same key arrived twice at once: the other request made the order (and pays for it).
    const other = await orderByKey(input.idempotencyKey);
    if (!other || other.ticketTypeId !== input.ticketTypeId || other.quantity !== input.quantity) throw new AppError("conflict", messages.events.orderMismatch);
    return other.id;
  }
}

/** The buyer's view of order `orderId` of event `ev` as it stands now, with its payment. */
async function ticketOrderResult(orderId: string, ev: PublicEvent): Promise<TicketOrderResult> {
  const db = await getDb();
  const [order] = await db.select().from(eventTicketOrders).where(eq(eventTicketOrders.id, orderId));
  if (!order) throw notFound();
  const payment = order.paymentId ? await paymentOf(order.paymentId) : null;
  const [type] = await db.select({ name: eventTicketTypes.name }).from(eventTicketTypes).where(eq(eventTicketTypes.id, order.ticketTypeId));
  return {
    order: {
      _id: order.id,
      status: order.status,
      eventId: ev.id,
      eventName: ev.name,
      ticketTypeName: type?.name ?? "",
      quantity: order.quantity,
      unitPriceCents: Math.round(order.amountCents / order.quantity),
      amountCents: order.amountCents,
      buyerName: order.buyerName,
      buyerEmail: order.buyerEmail,
      createdAt: order.createdAt.toISOString(),
    },
    payment,
  };
}

/** What holdSeats needs: the new order's id and details, and the unit price the buyer saw. */
type SeatRequest = {
  orderId: string;
  eventId: string;
  ticketTypeId: string;
  unitPriceCents: number;
  input: TicketOrderInput;
  buyer: { name: string; email: string };
  actor: Actor | null;
};

/**
 * Take the seats and record order `orderId` in one transaction (free: confirmed; paid: pending,
 * held for TICKET_HOLD_MINUTES).
 * @throws AppError(conflict) too few seats left or the price changed since it was read;
 *   DuplicateOrder when another request has just used the idempotency key (nothing is kept).
 */
async function holdSeats(r: SeatRequest): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const q = r.input.quantity;
    const taken = await tx
      .update(eventTicketTypes)
      .set({ sold: sql`${eventTicketTypes.sold} + ${q}` })
      .where(and(eq(eventTicketTypes.id, r.ticketTypeId), sql`(${eventTicketTypes.quantity} is null or ${eventTicketTypes.sold} + ${q} <= ${eventTicketTypes.quantity})`))
      .returning({ priceCents: eventTicketTypes.priceCents, fairMarketValueCents: eventTicketTypes.fairMarketValueCents });
    if (taken.length === 0) {
      const [now] = await tx.select({ quantity: eventTicketTypes.quantity, sold: eventTicketTypes.sold }).from(eventTicketTypes).where(eq(eventTicketTypes.id, r.ticketTypeId));
      const left = Math.max(0, (now?.quantity ?? 0) - (now?.sold ?? 0));
      const message = left === 0 ? messages.events.soldOut : messages.events.onlyLeft(left);
      throw new AppError("conflict", message, { quantity: message });
    }
    const price = taken[0]!.priceCents;
    // The payment was checked for the price read before; a new price needs a new look.
    if (price !== r.unitPriceCents) throw new AppError("conflict", messages.events.priceChanged);
    // Fair market value of what the buyer receives; by default the whole price (IRS Pub. 1771).
    const value = Math.min(price, taken[0]!.fairMarketValueCents ?? price);
    const inserted = await tx
      .insert(eventTicketOrders)
      .values({
        id: r.orderId,
        eventId: r.eventId,
        ticketTypeId: r.ticketTypeId,
        buyerUserId: r.actor?.id ?? null,
        buyerName: r.buyer.name,
        buyerEmail: r.buyer.email,
        quantity: q,
        amountCents: price * q,
        goodsValueCents: value * q,
        status: price === 0 ? "confirmed" : "pending",
        holdExpiresAt: price === 0 ? null : new Date(Date.now() + TICKET_HOLD_MINUTES * 60_000),
        idempotencyKey: r.input.idempotencyKey,
      })
      .onConflictDoNothing({ target: eventTicketOrders.idempotencyKey })
      .returning({ id: eventTicketOrders.id });
    // The same key arrived twice at once: the other request made the order; undo this hold.
    if (inserted.length === 0) throw new DuplicateOrder();
  });
}

/**
 * Pay for a paid ticket order through startPayment, with the order as its purpose (a payment
 * the order names: event_ticket_orders.payment_id, ./pay-ticket-order.ts); `hold` (a new
 * order's seats) runs once the attempt is admitted and checked.
 * A payment refused before it started (card details, limits, challenge, provider) cancels the
 * order, if it was made, and frees its seats: the buyer tries again with a new key.
 */
async function payForOrder(o: {
  actor: Actor | null;
  client: CheckoutClient;
  ev: PublicEvent;
  order: { id: string; quantity: number; amountCents: number; buyerName: string; buyerEmail: string };
  card: TicketOrderInput["card"];
  hold?: () => Promise<void>;
}): Promise<void> {
  const { order } = o;
  try {
    await startPayment({
      actor: o.actor,
      client: o.client,
      amountCents: order.amountCents,
      method: "card",
      card: o.card,
      purpose: {
        type: "ticket_order",
        orderId: order.id,
        organizationId: o.ev.organizationId,
        buyerEmail: order.buyerEmail,
        description: `${order.quantity} ticket(s) for ${o.ev.name}`,
        hold: o.hold,
      },
    });
  } catch (err) {
    if (isAppError(err)) await cancelUnpaidOrder(order.id);
    throw err;
  }
}

async function paymentOf(paymentId: string): Promise<TicketOrderResult["payment"]> {
  const db = await getDb();
  const [d] = await db.select({ id: payments.id, status: payments.status, failureReason: payments.failureReason }).from(payments).where(eq(payments.id, paymentId));
  return d ? { donationId: d.id, accessToken: donationAccessToken(d.id), status: d.status, failureReason: d.failureReason } : null;
}

/** Cancel a pending order whose payment never started, freeing its seats once. */
async function cancelUnpaidOrder(orderId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const canceled = await tx
      .update(eventTicketOrders)
      .set({ status: "canceled" })
      .where(and(eq(eventTicketOrders.id, orderId), eq(eventTicketOrders.status, "pending"), isNull(eventTicketOrders.paymentId)))
      .returning({ ticketTypeId: eventTicketOrders.ticketTypeId, quantity: eventTicketOrders.quantity });
    if (canceled[0]) await releaseSeats({ tx, ticketTypeId: canceled[0].ticketTypeId, quantity: canceled[0].quantity });
  });
}
