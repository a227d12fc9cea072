/**
 * Column helpers shared by every table: opaque text ids and UTC timestamps.
 * Ids are random UUID strings kept as `text` so that a malformed id in a URL is simply
 * "not found" instead of a cast error.
 */
import { randomUUID } from "node:crypto";
import { text, timestamp } from "drizzle-orm/pg-core";

/** Primary key column: a random UUID string. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => randomUUID());

/** `created_at` in UTC, set by the database. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** `updated_at` in UTC, set on insert and on every Drizzle update. */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A nullable UTC timestamp column. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
