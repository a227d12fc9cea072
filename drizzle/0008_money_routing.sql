CREATE TYPE "public"."payment_kind" AS ENUM('donation', 'ticket');--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "kind" "payment_kind" DEFAULT 'donation' NOT NULL;--> statement-breakpoint
UPDATE "donations" SET "kind" = 'ticket' WHERE "metadata"->>'kind' = 'ticket';--> statement-breakpoint
CREATE INDEX "donations_org_kind_created_idx" ON "donations" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD COLUMN "fair_market_value_cents" bigint;--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ADD COLUMN "goods_value_cents" bigint;--> statement-breakpoint
UPDATE "event_ticket_orders" SET "goods_value_cents" = "amount_cents";--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ALTER COLUMN "goods_value_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "event_ticket_orders" SET "hold_expires_at" = "created_at" + interval '30 minutes' WHERE "status" = 'pending' AND "amount_cents" > 0;--> statement-breakpoint
CREATE INDEX "event_ticket_orders_hold_idx" ON "event_ticket_orders" USING btree ("hold_expires_at") WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sandbox_connected_at" timestamp with time zone;--> statement-breakpoint
CREATE TYPE "public"."pledge_status" AS ENUM('open', 'notified', 'completed', 'expired');--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"campaign_id" text,
	"donor_user_id" text,
	"email" "citext" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" "pledge_status" DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"donation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledges_org_status_idx" ON "pledges" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "pledges_expires_idx" ON "pledges" USING btree ("expires_at") WHERE "status" IN ('open', 'notified');
