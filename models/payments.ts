/**
 * Payments: every money movement (a gift's charge, a ticket order's) and the verified provider
 * events recorded against them, once per (provider, event id). Amounts in integer cents, times
 * UTC (docs/decisions/0007-payment-model.md).
 */
import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { organizations } from "./organizations";

/** A payment's lifecycle; a gift mirrors its payment's (models/donations.ts). */
export const donationStatus = pgEnum("donation_status", [
  "pending",
  "requires_action",
  "processing",
  "succeeded",
  "failed",
  "refunded",
  "canceled",
]);
export const paymentProvider = pgEnum("payment_provider", ["sandbox", "stripe", "paypal"]);
export const paymentMethodType = pgEnum("payment_method_type", ["card", "us_bank_account", "wallet", "paypal"]);

/**
 * A money movement: the charge of a gift (a `donations` row names it) or of a paid ticket
 * order (an `event_ticket_orders` row names it), with its provider, amounts in integer cents,
 * lifecycle (UTC timestamps) and the exactly-once marker of its effects. The payment is the
 * authority on the lifecycle; a gift's own status/failure_reason/succeeded_at/refunded_at
 * mirror it, written in the same transaction (docs/decisions/0007-payment-model.md). A gift
 * and its payment share one id (0021_payments kept the old donation ids).
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    provider: paymentProvider("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    providerChargeId: text("provider_charge_id"),
    paymentMethodType: paymentMethodType("payment_method_type").notNull().default("card"),
    /** What the payment pays for, in cents: the gift's amount or the ticket order's (fees apart). */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** Processing and platform fees in cents. */
    feeCents: bigint("fee_cents", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    status: donationStatus("status").notNull().default("pending"),
    failureReason: text("failure_reason"),
    /** Client idempotency key of the checkout that created this payment. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    succeededAt: at("succeeded_at"),
    refundedAt: at("refunded_at"),
    /** When the succeeded effect (progress, totals, receipts, seats) was applied; set exactly once. */
    effectsAppliedAt: at("effects_applied_at"),
    /**
     * What the checkout recorded for later (never card data or an address): the keyed
     * digests of its limit keys (`checkoutLimits`, lib/services/payments/checkout-defences.ts).
     */
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_payment_uq")
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    index("payments_org_created_idx").on(t.organizationId, t.createdAt),
  ],
);

/** Verified provider webhook events, recorded once per (provider, event id). */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: paymentProvider("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The payment this event is about. */
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_events_uq").on(t.provider, t.eventId)],
);
