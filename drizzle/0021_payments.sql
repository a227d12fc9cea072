-- Payments and gifts are different things. Every money movement (a gift's charge or a ticket
-- order's charge) gets a "payments" row; a gift (donations) and a paid ticket order
-- (event_ticket_orders) each reference theirs. Each existing donations row gets a payment with
-- THE SAME id, so receipt links, access tokens (an HMAC of the id) and in-flight provider
-- metadata keep resolving. This step is additive: donations.kind and
-- event_ticket_orders.donation_id stay until every reader uses the payment
-- (docs/decisions/0007-payment-model.md).
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_payment_id" text,
	"provider_charge_id" text,
	"payment_method_type" "payment_method_type" DEFAULT 'card' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" "donation_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"idempotency_key" text NOT NULL,
	"succeeded_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"effects_applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_uq" ON "payments" USING btree ("provider","provider_payment_id") WHERE "payments"."provider_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_org_created_idx" ON "payments" USING btree ("organization_id","created_at");--> statement-breakpoint
INSERT INTO "payments" ("id", "organization_id", "provider", "provider_payment_id", "provider_charge_id", "payment_method_type", "amount_cents", "fee_cents", "currency", "status", "failure_reason", "idempotency_key", "succeeded_at", "refunded_at", "effects_applied_at", "created_at", "updated_at")
SELECT "id", "organization_id", "provider", "provider_payment_id", "provider_charge_id", "payment_method_type", "amount_cents", "fee_cents", "currency", "status", "failure_reason", "idempotency_key", "succeeded_at", "refunded_at", "effects_applied_at", "created_at", "updated_at"
FROM "donations";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_id" text;--> statement-breakpoint
UPDATE "donations" SET "payment_id" = "id" WHERE "kind" = 'donation';--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ADD COLUMN "payment_id" text;--> statement-breakpoint
UPDATE "event_ticket_orders" SET "payment_id" = "donation_id" WHERE "donation_id" IN (SELECT "id" FROM "payments");--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ADD CONSTRAINT "event_ticket_orders_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ADD CONSTRAINT "event_ticket_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "payment_id" text;--> statement-breakpoint
UPDATE "payment_events" SET "payment_id" = "donation_id" WHERE "donation_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;
