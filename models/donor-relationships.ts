/**
 * What a nonprofit keeps about its own donors (0024_donor_notes): a private note and tags per
 * donor, keyed by the organization and the key the Donors view groups gifts by
 * (lib/services/donor-relationships/donor-key.ts: "email:<lower-cased email>" or "name:<name>",
 * only ever built from what the donor shared). Notes and tags are the organization's own
 * working notes: they are never shown to the donor, sent through the public API or webhooks.
 */
import { sql } from "drizzle-orm";
import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./_columns";
import { organizations } from "./organizations";
import { users } from "./users";

export const donorNotes = pgTable(
  "donor_notes",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The Donors view's grouping key: "email:<lower-cased email>" or "name:<name>". */
    donorKey: text("donor_key").notNull(),
    note: text("note").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** The member who saved it last; null once that account is deleted. */
    updatedByUserId: text("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: "donor_notes_pk", columns: [t.organizationId, t.donorKey] })],
);

/**
 * Every donor key that has appeared among an organization's succeeded or refunded gifts
 * (0026_organization_donors). Its primary key decides, in the gift's transaction, whether a
 * gift is its donor's first (INSERT ... ON CONFLICT DO NOTHING RETURNING) for the donor.created
 * webhook; rows are added only while the organization has a webhook endpoint, so a new row is
 * then checked against the gifts made before (lib/services/donor-relationships/donors-view.ts).
 */
export const organizationDonors = pgTable(
  "organization_donors",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The Donors view's grouping key: "email:<lower-cased email>" or "name:<name>". */
    donorKey: text("donor_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "organization_donors_pk", columns: [t.organizationId, t.donorKey] })],
);
