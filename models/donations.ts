/**
 * Donations, recurring gifts and pledges (spec section 3: donation record
 * createdAt, amount in cents, donorEmail, campaignID, status, reason).
 *
 * The donor's details are stored as given for this gift together with the sharing choices
 * made for it; the service layer only ever hands a nonprofit the fields shared.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, jsonb, pgEnum, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { citext } from "./_types";
import { fundraisers } from "./fundraisers";
import { supporterPages, supporterTeams } from "./supporter-pages";
import { donorImports } from "./donor-imports";
import { organizations } from "./organizations";
import { donationStatus, paymentMethodType, paymentProvider, payments } from "./payments";
import { users } from "./users";

/**
 * How a gift recorded offline was given (0023_offline_gifts): cash, a check, a donor-advised
 * fund grant, stock, or in-kind property (described, never valued: IRS Publication 1771); or,
 * for a gift imported from another platform's history (0027_donor_imports), paid through that
 * platform ("other_platform": a card or bank payment this platform never saw).
 */
export const offlineGiftMethod = pgEnum("offline_gift_method", ["cash", "check", "daf", "stock", "in_kind", "other_platform"]);
/**
 * What the receipt of a gift recorded offline prints besides the amount: the check number, the
 * donor-advised fund's name, the stock's description and number of shares (a decimal string),
 * or the in-kind property's description. Only the fields of the gift's method are present.
 */
export type OfflineGiftDetails = { checkNumber?: string; fundName?: string; description?: string; shares?: string };
/** A gift dedicated to someone (0025_tribute_gifts): "in honor of" or "in memory of" a name. */
export const tributeType = pgEnum("tribute_type", ["honor", "memory"]);
/**
 * The card of a tribute gift, emailed to `recipientEmail` at 09:00 on `sendOn` (a calendar
 * day, YYYY-MM-DD) in the donor's IANA `timeZone`; `showAmount`: the card shows the gift's
 * amount (off unless the donor allowed it).
 */
export type TributeCard = { recipientName: string; recipientEmail: string; message: string; sendOn: string; timeZone: string; showAmount: boolean };
export const recurringInterval = pgEnum("recurring_interval", ["month"]);
export const recurringStatus = pgEnum("recurring_status", ["active", "canceled"]);

/** A monthly recurring gift; each charge is its own payment and donation. */
export const recurringGifts = pgTable(
  "recurring_gifts",
  {
    id: id(),
    donorUserId: text("donor_user_id").references(() => users.id, { onDelete: "set null" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    fundraiserId: text("campaign_id").references(() => fundraisers.id, { onDelete: "set null" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    interval: recurringInterval("interval").notNull().default("month"),
    status: recurringStatus("status").notNull().default("active"),
    provider: paymentProvider("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    nextChargeAt: at("next_charge_at"),
    canceledAt: at("canceled_at"),
    /** The donor's email (lower case), for guests' gifts, duplicate checks and mail. */
    donorEmail: text("donor_email"),
    /** Day of month (1..31) the gift is charged on, clamped to short months; null: the start day. */
    chargeDay: smallint("charge_day"),
    /** No charge before this instant (the donor paused the gift); null when not paused. */
    pausedUntil: at("paused_until"),
    /**
     * The payment method later charges use, when the donor replaced the first payment's:
     * sandbox "sbpm_<last4>", Stripe "<customer id>/<payment method id>". Never card data.
     */
    paymentMethodRef: text("payment_method_ref"),
    /** What the donor sees of it, e.g. "Card ending 4242". */
    paymentMethodLabel: text("payment_method_label"),
    /** Failed attempts of the period being retried (0 when none). */
    failedAttempts: smallint("failed_attempts").notNull().default(0),
    /** The period (YYYY-MM-DD) whose charge failed and is being retried. */
    retryPeriod: text("retry_period"),
    /** When the next retry of `retryPeriod` is due; null while an attempt is out or none is left. */
    retryAt: at("retry_at"),
    /** Set when the last retry failed; the gift is canceled if still past due a week later. */
    pastDueAt: at("past_due_at"),
    /** The period (YYYY-MM-DD) whose pre-charge reminder was sent. */
    reminderPeriod: text("reminder_period"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("recurring_gifts_donor_idx").on(t.donorUserId),
    index("recurring_gifts_donor_email_idx").on(t.donorEmail),
    index("recurring_gifts_retry_idx").on(t.retryAt).where(sql`${t.retryAt} is not null`),
  ],
);

/** One row per donor email and year whose year-end statement email was queued (January job). */
export const yearEndStatementMails = pgTable(
  "year_end_statement_mails",
  {
    donorEmail: text("donor_email").notNull(),
    year: smallint("year").notNull(),
    sentAt: at("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "year_end_statement_mails_pk", columns: [t.donorEmail, t.year] })],
);


/**
 * A gift to an organization. An online gift references its payment (same id); the payment
 * holds the provider, its ids, the idempotency key and the exactly-once marker, and the gift
 * mirrors its lifecycle (status, failure reason, succeeded/refunded times) for the reports
 * that read many gifts. Ticket purchases are sales, never rows here (IRS Publication 1771).
 */
export const donations = pgTable(
  "donations",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    /** Null for a direct donation to the organization ("Direct Donation"). */
    fundraiserId: text("campaign_id").references(() => fundraisers.id, { onDelete: "set null" }),
    donorUserId: text("donor_user_id").references(() => users.id, { onDelete: "set null" }),
    recurringGiftId: text("recurring_gift_id").references(() => recurringGifts.id, { onDelete: "set null" }),
    /** The payment of this gift (the same id); null for a gift recorded offline. */
    paymentId: text("payment_id")
      .unique()
      .references(() => payments.id, { onDelete: "restrict" }),
    /** Gift amount in cents (what the donor chose to give). */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** Processing and platform fees in cents. */
    feeCents: bigint("fee_cents", { mode: "number" }).notNull().default(0),
    /** True when the donor added the fees on top of the gift. */
    coverFees: boolean("cover_fees").notNull().default(false),
    currency: text("currency").notNull().default("usd"),
    /** Mirrors the payment's status (written with it by the payment core). */
    status: donationStatus("status").notNull().default("pending"),
    failureReason: text("failure_reason"),
    /** How the donor paid (the payment's method), for receipts and reports. */
    paymentMethodType: paymentMethodType("payment_method_type").notNull().default("card"),
    /** Donor details as given for this gift. */
    donorName: text("donor_name"),
    donorEmail: text("donor_email"),
    donorTelephone: text("donor_telephone"),
    donorCity: text("donor_city"),
    donorState: text("donor_state"),
    donorGender: text("donor_gender"),
    donorAgeRange: smallint("donor_age_range"),
    /** Sharing choices made for this gift. */
    anonymous: boolean("anonymous").notNull().default(false),
    shareName: boolean("share_name").notNull().default(false),
    shareEmail: boolean("share_email").notNull().default(false),
    shareTelephone: boolean("share_telephone").notNull().default(false),
    shareLocation: boolean("share_location").notNull().default(false),
    shareGender: boolean("share_gender").notNull().default(false),
    shareAge: boolean("share_age").notNull().default(false),
    succeededAt: at("succeeded_at"),
    refundedAt: at("refunded_at"),
    /** True for rows made by the demo seed. */
    demo: boolean("demo").notNull().default(false),
    /** The gift's own facts: frequency, and for a monthly charge its period and attempt. */
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    /** How a gift recorded offline by its organization was given; null for a gift made online. */
    offlineMethod: offlineGiftMethod("offline_method"),
    /** The receipt's facts of a gift recorded offline (check number, fund, stock, property); null online. */
    offlineDetails: jsonb("offline_details").$type<OfflineGiftDetails>(),
    /** The calendar day (YYYY-MM-DD) a gift recorded offline was received; null online. */
    receivedOn: date("received_on", { mode: "string" }),
    /** The gift is dedicated "in honor of" or "in memory of" `tributeName`; null: no tribute. */
    tributeType: tributeType("tribute_type"),
    /** The honoree's name as the donor typed it (at most 100 characters); null without a tribute. */
    tributeName: text("tribute_name"),
    /** The tribute's card, when the donor asked for one; null otherwise. */
    tributeCard: jsonb("tribute_card").$type<TributeCard>(),
    /** The supporter page the gift was made on (peer-to-peer); null for the fundraiser's own page or once the page is deleted. */
    supporterPageId: text("supporter_page_id").references(() => supporterPages.id, { onDelete: "set null" }),
    /** The team of that page when the gift was made; kept when the page is deleted. */
    supporterTeamId: text("supporter_team_id").references(() => supporterTeams.id, { onDelete: "set null" }),
    /** The import that created this gift (0027_donor_imports); null for a gift recorded here. */
    importId: text("import_id").references(() => donorImports.id, { onDelete: "set null" }),
    /**
     * The imported row this gift came from, unique per organization so importing it again
     * creates nothing: "ext:<the source's transaction id>" or "row:<sha-256 of the normalized row>:<n>".
     */
    importRowKey: text("import_row_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** A gift recorded offline moved no money through a provider: it has no payment. */
    check("donations_offline_without_payment_ck", sql`${t.offlineMethod} is null or ${t.paymentId} is null`),
    /** A tribute names its honoree; a card belongs to a tribute. */
    check("donations_tribute_name_ck", sql`(${t.tributeType} is null) = (${t.tributeName} is null)`),
    check("donations_tribute_card_ck", sql`${t.tributeCard} is null or ${t.tributeType} is not null`),
    /** An imported gift is a gift recorded offline. */
    check("donations_import_offline_ck", sql`${t.importRowKey} is null or ${t.offlineMethod} is not null`),
    uniqueIndex("donations_import_row_uq")
      .on(t.organizationId, t.importRowKey)
      .where(sql`${t.importRowKey} is not null`),
    index("donations_import_idx")
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
    index("donations_org_created_idx").on(t.organizationId, t.createdAt),
    // A donor of the Donors view by key: its gifts by email or by name (0030_donor_field_disclosures).
    index("donations_org_email_key_idx").on(t.organizationId, sql`lower(btrim(${t.donorEmail}))`),
    index("donations_org_name_key_idx").on(t.organizationId, sql`btrim(${t.donorName})`),
    index("donations_campaign_idx").on(t.fundraiserId),
    index("donations_supporter_page_idx").on(t.supporterPageId).where(sql`${t.supporterPageId} is not null`),
    index("donations_supporter_team_idx").on(t.supporterTeamId).where(sql`${t.supporterTeamId} is not null`),
    index("donations_donor_idx").on(t.donorUserId, t.createdAt),
    /** A fundraiser's recent succeeded gifts: the home page's momentum (0014_featured_fundraisers). */
    index("donations_campaign_momentum_idx")
      .on(t.fundraiserId, t.createdAt)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);


export const pledgeStatus = pgEnum("pledge_status", ["open", "notified", "completed", "expired"]);

/**
 * A pledge to an organization that cannot receive gifts yet (not claimed or no payout
 * account): an amount and an email, no card, no money held. When the organization claims
 * and connects payouts, the pledger is emailed once (notified) a link that opens checkout
 * prefilled; the gift made from it is an ordinary donation (completed). Pledges lapse 90 days
 * after they are made (expired). A pledge is never money received.
 */
export const pledges = pgTable(
  "pledges",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    fundraiserId: text("campaign_id").references(() => fundraisers.id, { onDelete: "set null" }),
    donorUserId: text("donor_user_id").references(() => users.id, { onDelete: "set null" }),
    email: citext("email").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: pledgeStatus("status").notNull().default("open"),
    expiresAt: at("expires_at").notNull(),
    notifiedAt: at("notified_at"),
    /** The donation made from the pledge's link. */
    donationId: text("donation_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("pledges_org_status_idx").on(t.organizationId, t.status), index("pledges_expires_idx").on(t.expiresAt).where(sql`${t.status} in ('open', 'notified')`)],
);
