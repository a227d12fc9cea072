CREATE TYPE "public"."ticket_order_status" AS ENUM('pending', 'confirmed', 'canceled');--> statement-breakpoint
CREATE TABLE "event_ticket_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"ticket_type_id" text NOT NULL,
	"buyer_user_id" text,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"donation_id" text,
	"status" "ticket_order_status" DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ticket_orders_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "budget_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ADD CONSTRAINT "event_ticket_orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ADD CONSTRAINT "event_ticket_orders_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_orders" ADD CONSTRAINT "event_ticket_orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_ticket_orders_event_idx" ON "event_ticket_orders" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_ticket_orders_buyer_idx" ON "event_ticket_orders" USING btree ("buyer_user_id");