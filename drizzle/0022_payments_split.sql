-- Step 2 of the payment model (docs/decisions/0007-payment-model.md): payments are the ledger
-- of every money movement, donations hold gifts only, and a paid ticket order references its
-- payment. Lossless: every row written between 0021 and this migration first gets its payment
-- (same statement as 0021's copy, for rows still without one); ticket rows leave donations only
-- after their payment and their order's link are in place. Ids are kept, so receipt numbers,
-- receipt links and access tokens (an HMAC of the id) keep resolving.
ALTER TABLE "payments" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
INSERT INTO "payments" ("id", "organization_id", "provider", "provider_payment_id", "provider_charge_id", "payment_method_type", "amount_cents", "fee_cents", "currency", "status", "failure_reason", "idempotency_key", "succeeded_at", "refunded_at", "effects_applied_at", "created_at", "updated_at")
SELECT d."id", d."organization_id", d."provider", d."provider_payment_id", d."provider_charge_id", d."payment_method_type", d."amount_cents", d."fee_cents", d."currency", d."status", d."failure_reason", d."idempotency_key", d."succeeded_at", d."refunded_at", d."effects_applied_at", d."created_at", d."updated_at"
FROM "donations" d WHERE NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."id" = d."id");--> statement-breakpoint
-- The payment's own record is the donations row's latest state (a row changed after 0021 copied it).
UPDATE "payments" p SET "provider_payment_id" = d."provider_payment_id", "provider_charge_id" = d."provider_charge_id", "status" = d."status", "failure_reason" = d."failure_reason", "succeeded_at" = d."succeeded_at", "refunded_at" = d."refunded_at", "effects_applied_at" = d."effects_applied_at", "updated_at" = d."updated_at"
FROM "donations" d WHERE d."id" = p."id";--> statement-breakpoint
-- The card-testing points a payment gives back when it succeeds (checkout-defences.ts) travel with the payment.
UPDATE "payments" p SET "metadata" = jsonb_build_object('checkoutLimits', d."metadata"->>'checkoutLimits')
FROM "donations" d WHERE d."id" = p."id" AND d."metadata" ? 'checkoutLimits';--> statement-breakpoint
UPDATE "donations" SET "payment_id" = "id" WHERE "kind" = 'donation' AND "payment_id" IS NULL;--> statement-breakpoint
UPDATE "event_ticket_orders" o SET "payment_id" = d."id"
FROM "donations" d
WHERE o."payment_id" IS NULL AND d."kind" = 'ticket' AND (d."id" = o."donation_id" OR d."metadata"->>'ticketOrderId' = o."id");--> statement-breakpoint
UPDATE "payment_events" SET "payment_id" = "donation_id" WHERE "payment_id" IS NULL AND "donation_id" IS NOT NULL;--> statement-breakpoint
UPDATE "pledges" SET "donation_id" = NULL WHERE "donation_id" IN (SELECT "id" FROM "donations" WHERE "kind" = 'ticket');--> statement-breakpoint
DELETE FROM "donations" WHERE "kind" = 'ticket';--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_donation_id_donations_id_fk";--> statement-breakpoint
ALTER TABLE "payment_events" DROP COLUMN "donation_id";--> statement-breakpoint
ALTER TABLE "event_ticket_orders" DROP COLUMN "donation_id";--> statement-breakpoint
DROP INDEX "donations_campaign_momentum_idx";--> statement-breakpoint
DROP INDEX "donations_org_kind_created_idx";--> statement-breakpoint
DROP INDEX "donations_provider_payment_uq";--> statement-breakpoint
ALTER TABLE "donations" DROP CONSTRAINT "donations_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "donations" DROP COLUMN "kind";--> statement-breakpoint
ALTER TABLE "donations" DROP COLUMN "provider";--> statement-breakpoint
ALTER TABLE "donations" DROP COLUMN "provider_payment_id";--> statement-breakpoint
ALTER TABLE "donations" DROP COLUMN "provider_charge_id";--> statement-breakpoint
ALTER TABLE "donations" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "donations" DROP COLUMN "effects_applied_at";--> statement-breakpoint
DROP TYPE "payment_kind";--> statement-breakpoint
CREATE INDEX "donations_campaign_momentum_idx" ON "donations" USING btree ("campaign_id","created_at") WHERE "donations"."status" = 'succeeded';
