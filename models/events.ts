/** Events of an organization, their likes and ticket types (prices in cents). */
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgEnum, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { payments } from "./payments";
import { organizations } from "./organizations";
import { users } from "./users";

export const events = pgTable(
  "events",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    topic: text("topic"),
    imageUrl: text("image_url"),
    startsAt: at("starts_at").notNull(),
    endsAt: at("ends_at"),
    venue: text("venue"),
    addressLine1: text("address_line1"),
    city: text("city"),
    state: text("state"),
    zipcode: text("zipcode"),
    likesCount: integer("likes_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("events_org_idx").on(t.organizationId, t.startsAt), index("events_starts_idx").on(t.startsAt)],
);

export const eventLikes = pgTable(
  "event_likes",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** A ticket type: free when priceCents is 0; quantity null means unlimited. */
export const eventTicketTypes = pgTable(
  "event_ticket_types",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: bigint("price_cents", { mode: "number" }).notNull().default(0),
    /**
     * Fair market value of what one ticket gives the buyer (meal, entertainment...), cents;
     * null means the whole price (nothing deductible). IRS Publication 1771.
     */
    fairMarketValueCents: bigint("fair_market_value_cents", { mode: "number" }),
    quantity: integer("quantity"),
    sold: integer("sold").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("event_ticket_types_event_idx").on(t.eventId)],
);

export const ticketOrderStatus = pgEnum("ticket_order_status", ["pending", "confirmed", "canceled"]);

/**
 * An order of tickets of one type. Free tickets are confirmed at once; paid ones are
 * confirmed when their payment (a donations row of kind "ticket") succeeds.
 * `sold` on the ticket type counts pending and confirmed orders, so a quantity limit holds
 * while a payment is in flight.
 */
export const eventTicketOrders = pgTable(
  "event_ticket_orders",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    ticketTypeId: text("ticket_type_id")
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: "cascade" }),
    buyerUserId: text("buyer_user_id").references(() => users.id, { onDelete: "set null" }),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    quantity: integer("quantity").notNull(),
    /** quantity x price, in cents; 0 for free tickets. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull().default(0),
    /** Good-faith estimate of the goods and services received (quantity x fair market value), cents. */
    goodsValueCents: bigint("goods_value_cents", { mode: "number" }).notNull(),
    /** A pending paid order holds its seats until then; after it, the seats are released. */
    holdExpiresAt: at("hold_expires_at"),
    /** The payment of a paid order (payments.id); null for free tickets. */
    paymentId: text("payment_id")
      .unique()
      .references(() => payments.id, { onDelete: "restrict" }),
    status: ticketOrderStatus("status").notNull().default("pending"),
    /** Client idempotency key: a retried order is the same order. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_ticket_orders_event_idx").on(t.eventId),
    index("event_ticket_orders_buyer_idx").on(t.buyerUserId),
    index("event_ticket_orders_hold_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
  ],
);
