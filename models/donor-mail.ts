/**
 * What an organization emails its donors in its own name (0028_thank_you_emails): its thank-you
 * emails (a master switch and one template per variant) and its bulk year-end statements. The
 * platform's receipt is separate and unchanged (lib/mail/templates/donation.ts). The same
 * migration indexes donations on (organization_id, lower(donor_email)) for the first-gift check
 * and the statements (lib/services/thank-you).
 */
import { sql } from "drizzle-orm";
import { boolean, check, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, updatedAt } from "./_columns";
import { donations } from "./donations";
import { organizations } from "./organizations";

/** The organization's master switch of its thank-you emails; no row: on. */
export const thankYouSettings = pgTable("thank_you_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * One thank-you template of an organization per variant ("default", "first", "monthly",
 * "tribute"): a plain-text subject and body with merge fields (lib/validations/thank-you.ts).
 * No row: the built-in default of that variant, enabled.
 */
export const thankYouTemplates = pgTable(
  "thank_you_templates",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("thank_you_templates_org_variant_uq").on(t.organizationId, t.variant),
    check("thank_you_templates_variant_ck", sql`${t.variant} IN ('default', 'first', 'monthly', 'tribute')`),
  ],
);

/** One row per gift whose thank-you was queued: at most one thank-you per gift. */
export const thankYouMails = pgTable("thank_you_mails", {
  donationId: text("donation_id")
    .primaryKey()
    .references(() => donations.id, { onDelete: "cascade" }),
  variant: text("variant").notNull(),
  queuedAt: at("queued_at").notNull().defaultNow(),
});

/** One row per organization, donor email (lower case) and year whose statement the organization emailed in bulk. */
export const organizationStatementMails = pgTable(
  "organization_statement_mails",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    donorEmail: text("donor_email").notNull(),
    year: smallint("year").notNull(),
    /** The mail job's id (delivery progress). */
    jobId: text("job_id"),
    queuedAt: at("queued_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "organization_statement_mails_pk", columns: [t.organizationId, t.donorEmail, t.year] })],
);
