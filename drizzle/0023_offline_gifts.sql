-- Gifts a nonprofit records itself, received outside the platform (cash, check, donor-advised
-- fund grant, stock, in-kind property): a donations row with no payment (payment_id stays
-- NULL, docs/decisions/0007-payment-model.md), how it was given, the facts its receipt prints
-- and the calendar day it was received. Online gifts keep offline_method NULL. An organization's
-- own changes to its gifts are recorded in organization_audit_log (admin_audit_log is the
-- platform admin's, with no organization).
CREATE TYPE "public"."offline_gift_method" AS ENUM('cash', 'check', 'daf', 'stock', 'in_kind');--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "offline_method" "offline_gift_method";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "offline_details" jsonb;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "received_on" date;--> statement-breakpoint
-- A gift recorded offline moved no money through a provider, so it never has a payment.
ALTER TABLE "donations" ADD CONSTRAINT "donations_offline_without_payment_ck" CHECK ("offline_method" IS NULL OR "payment_id" IS NULL);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "organization_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"subject_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_audit_log_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "organization_audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organization_audit_log_org_created_idx" ON "organization_audit_log" USING btree ("organization_id", "created_at");
