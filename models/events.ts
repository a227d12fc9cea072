/** Events of an organization, their likes and ticket types (prices in cents). */
import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
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
    quantity: integer("quantity"),
    sold: integer("sold").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("event_ticket_types_event_idx").on(t.eventId)],
);
