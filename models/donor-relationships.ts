/**
 * What a nonprofit keeps about its own donors (0024_donor_notes): a private note and tags per
 * donor, keyed by the organization and the key the Donors view groups gifts by
 * (lib/services/donor-relationships/donor-key.ts: "email:<lower-cased email>" or "name:<name>",
 * only ever built from what the donor shared). Notes and tags are the organization's own
 * working notes: they are never shown to the donor, sent through the public API or webhooks.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./_columns";
import { apiKeys } from "./api-keys";
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

/** Where a Donors view read happened (0030_donor_field_disclosures). */
export const DISCLOSURE_CHANNELS = ["donors_view", "donor_page", "donors_csv", "api"] as const;
export type DisclosureChannel = (typeof DISCLOSURE_CHANNELS)[number];

/**
 * The sharing log (0030_donor_field_disclosures): one row per read of the Donors view, its CSV or
 * the public API's donors, naming who read (a member or an API key), the organization, the donor
 * keys shown and which shared fields were shown, at `created_at` (UTC). Field names only, never
 * their values. Donors read the rows naming their keys (lib/services/donor-relationships/disclosures.ts).
 */
export const donorFieldDisclosures = pgTable(
  "donor_field_disclosures",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The member who read; null for an API key, or once that account is deleted. */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The API key that read; null for a member, or once the key is deleted. */
    actorApiKeyId: text("actor_api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    channel: text("channel").$type<DisclosureChannel>().notNull(),
    /** The one donor read (donor page, API donor); null for a list. */
    donorKey: text("donor_key"),
    /** The donors a list showed (list page, CSV, API list); empty for one donor. */
    donorKeys: text("donor_keys").array().notNull().default(sql`'{}'::text[]`),
    /** The shared fields shown ("name", "email", "telephone", "location", "gender", "age"). */
    fields: text("fields").array().notNull().default(sql`'{}'::text[]`),
    /** How many donor rows were shown. */
    rows: integer("rows").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("donor_field_disclosures_org_created_idx").on(t.organizationId, t.createdAt),
    index("donor_field_disclosures_donor_key_idx").on(t.donorKey),
    index("donor_field_disclosures_donor_keys_idx").using("gin", t.donorKeys),
  ],
);

/**
 * The Donors view's summaries (0031_donor_summaries), kept by
 * lib/services/donor-relationships/donor-summaries.ts; never written by anything else.
 * The columns both tables share: aggregates over counted gifts (succeeded, not refunded) in
 * integer cents and UTC instants, the monthly-gift flags, and the contact fields only as the
 * latest counted gift shared them.
 */
const summaryColumns = () => ({
  giftCount: integer("gift_count").notNull(),
  lifetimeCents: bigint("lifetime_cents", { mode: "number" }).notNull(),
  largestGiftCents: bigint("largest_gift_cents", { mode: "number" }).notNull(),
  firstGiftAt: timestamp("first_gift_at", { withTimezone: true, mode: "date" }).notNull(),
  lastGiftAt: timestamp("last_gift_at", { withTimezone: true, mode: "date" }).notNull(),
  /** One of the donor's gifts belongs to an active monthly gift that is not past due. */
  activeMonthly: boolean("active_monthly").notNull(),
  /** One of the donor's gifts belongs to a monthly gift. */
  hadMonthly: boolean("had_monthly").notNull(),
  name: text("name"),
  email: text("email"),
  telephone: text("telephone"),
  /** "City, ST" (either part may be missing). */
  location: text("location"),
  gender: text("gender"),
  ageRange: smallint("age_range"),
});

/**
 * One person who gave to the organization: the gifts sharing the same donor key, platform gifts
 * and gifts the organization recorded apart, else the gift alone (SQL function gb_donor_person,
 * migration 0032), with at least one counted gift. `donorKey` is what those gifts share
 * ("email:…", "name:…"), null when a gift shares neither (the "Anonymous donors" line).
 */
export const donorPeople = pgTable(
  "donor_people",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    ident: text("ident").notNull(),
    donorKey: text("donor_key"),
    latestGiftId: text("latest_gift_id").notNull(),
    ...summaryColumns(),
  },
  (t) => [primaryKey({ name: "donor_people_pk", columns: [t.organizationId, t.ident] }), index("donor_people_org_key_idx").on(t.organizationId, t.donorKey)],
);

/** One row of the Donors view: the people sharing a donor key, merged. */
export const donorSummaries = pgTable(
  "donor_summaries",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    donorKey: text("donor_key").notNull(),
    ...summaryColumns(),
  },
  (t) => [primaryKey({ name: "donor_summaries_pk", columns: [t.organizationId, t.donorKey] })],
);

/** People whose gifts changed since their donor_people row was computed; added by triggers on donations and recurring_gifts. */
export const donorPeopleStale = pgTable(
  "donor_people_stale",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id").notNull(),
    ident: text("ident").notNull(),
  },
  (t) => [index("donor_people_stale_org_idx").on(t.organizationId)],
);
