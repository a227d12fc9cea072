CREATE TYPE "public"."donor_gender" AS ENUM('female', 'male', 'non-binary', 'other');--> statement-breakpoint
CREATE TYPE "public"."user_token_purpose" AS ENUM('password_reset', 'email_confirmation');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('individual', 'nonprofit', 'admin');--> statement-breakpoint
CREATE TYPE "public"."approval_status" AS ENUM('approved', 'pending', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."organization_link_kind" AS ENUM('wishlist', 'marketplace');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('active', 'ended');--> statement-breakpoint
CREATE TYPE "public"."donation_status" AS ENUM('pending', 'requires_action', 'processing', 'succeeded', 'failed', 'refunded', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."payment_method_type" AS ENUM('card', 'us_bank_account', 'wallet', 'paypal');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('sandbox', 'stripe', 'paypal');--> statement-breakpoint
CREATE TYPE "public"."recurring_interval" AS ENUM('month');--> statement-breakpoint
CREATE TYPE "public"."recurring_status" AS ENUM('active', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "donor_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"share_name" boolean DEFAULT false NOT NULL,
	"share_email" boolean DEFAULT false NOT NULL,
	"share_telephone" boolean DEFAULT false NOT NULL,
	"share_location" boolean DEFAULT false NOT NULL,
	"share_gender" boolean DEFAULT false NOT NULL,
	"share_age" boolean DEFAULT false NOT NULL,
	"gender" "donor_gender",
	"other_gender" text,
	"age_range" smallint,
	"city" text,
	"state" text,
	"telephone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"token_hash" text NOT NULL,
	"purpose" "user_token_purpose" NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_purpose_token_hash_pk" PRIMARY KEY("purpose","token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"type" "user_type" NOT NULL,
	"email" "citext" NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"organization_company" text DEFAULT '' NOT NULL,
	"profile_img" text,
	"telephone" text,
	"organization_id" text,
	"email_confirmed_at" timestamp with time zone,
	"newsletter" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "organization_links" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" "organization_link_kind" NOT NULL,
	"url" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"ein" text,
	"name" text NOT NULL,
	"nickname" "citext",
	"sort_name" text,
	"care_of_name" text,
	"email" "citext",
	"telephone" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"logo_url" text,
	"description" text,
	"mission" text,
	"ntee_code" text,
	"ntee_major_group" text,
	"category" text,
	"irs_subsection" text,
	"irs_affiliation" text,
	"irs_classification" text,
	"irs_group_exemption" text,
	"irs_ruling" text,
	"irs_deductibility" text,
	"irs_foundation" text,
	"irs_activity" text,
	"irs_organization" text,
	"irs_status" text,
	"irs_tax_period" text,
	"irs_asset_code" text,
	"irs_income_code" text,
	"irs_filing_requirement" text,
	"irs_pf_filing_requirement" text,
	"irs_accounting_period" text,
	"irs_asset_amount" bigint,
	"irs_income_amount" bigint,
	"irs_revenue_amount" bigint,
	"irs_row_hash" text,
	"irs_imported_at" timestamp with time zone,
	"claimed" boolean DEFAULT false NOT NULL,
	"claimed_at" timestamp with time zone,
	"approval_status" "approval_status" DEFAULT 'approved' NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"domestic" boolean DEFAULT true NOT NULL,
	"international" boolean DEFAULT false NOT NULL,
	"social_media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"impacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spotlight" jsonb,
	"stripe_account_id" text,
	"stripe_complete" boolean DEFAULT false NOT NULL,
	"paypal_merchant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_ein_unique" UNIQUE("ein"),
	CONSTRAINT "organizations_nickname_unique" UNIQUE("nickname")
);
--> statement-breakpoint
CREATE TABLE "campaign_budget_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"label" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topic" text,
	"image_url" text,
	"goal_cents" bigint NOT NULL,
	"progress_cents" bigint DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" "campaign_status" DEFAULT 'active' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_likes" (
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_likes_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"quantity" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topic" text,
	"image_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"venue" text,
	"address_line1" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"campaign_id" text,
	"donor_user_id" text,
	"recurring_gift_id" text,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"cover_fees" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" "donation_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"provider" "payment_provider" NOT NULL,
	"payment_method_type" "payment_method_type" DEFAULT 'card' NOT NULL,
	"provider_payment_id" text,
	"provider_charge_id" text,
	"idempotency_key" text NOT NULL,
	"donor_name" text,
	"donor_email" text,
	"donor_telephone" text,
	"donor_city" text,
	"donor_state" text,
	"donor_gender" text,
	"donor_age_range" smallint,
	"anonymous" boolean DEFAULT false NOT NULL,
	"share_name" boolean DEFAULT false NOT NULL,
	"share_email" boolean DEFAULT false NOT NULL,
	"share_telephone" boolean DEFAULT false NOT NULL,
	"share_location" boolean DEFAULT false NOT NULL,
	"share_gender" boolean DEFAULT false NOT NULL,
	"share_age" boolean DEFAULT false NOT NULL,
	"effects_applied_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"donation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"donor_user_id" text,
	"organization_id" text NOT NULL,
	"campaign_id" text,
	"amount_cents" bigint NOT NULL,
	"interval" "recurring_interval" DEFAULT 'month' NOT NULL,
	"status" "recurring_status" DEFAULT 'active' NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_subscription_id" text,
	"next_charge_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impact_stories" (
	"id" text PRIMARY KEY NOT NULL,
	"donor_user_id" text,
	"organization_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_hours" (
	"id" text PRIMARY KEY NOT NULL,
	"donor_user_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"description" text NOT NULL,
	"status" "review_status" DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_links" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_signups" (
	"id" text PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"email" "citext" NOT NULL,
	"contact_name" text NOT NULL,
	"city" text,
	"state" text,
	"interest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"email" "citext" NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"email" "citext" PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "update_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_preferences" ADD CONSTRAINT "donor_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_links" ADD CONSTRAINT "organization_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_budget_lines" ADD CONSTRAINT "campaign_budget_lines_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_likes" ADD CONSTRAINT "event_likes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_likes" ADD CONSTRAINT "event_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recurring_gift_id_recurring_gifts_id_fk" FOREIGN KEY ("recurring_gift_id") REFERENCES "public"."recurring_gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_gifts" ADD CONSTRAINT "recurring_gifts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_stories" ADD CONSTRAINT "impact_stories_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impact_stories" ADD CONSTRAINT "impact_stories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_links_org_idx" ON "organization_links" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_state_city_idx" ON "organizations" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "organizations_zipcode_idx" ON "organizations" USING btree ("zipcode");--> statement-breakpoint
CREATE INDEX "organizations_lat_lng_idx" ON "organizations" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "organizations_ntee_major_idx" ON "organizations" USING btree ("ntee_major_group");--> statement-breakpoint
CREATE INDEX "campaign_budget_lines_campaign_idx" ON "campaign_budget_lines" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_org_created_idx" ON "campaigns" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_org_idx" ON "events" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_provider_payment_uq" ON "donations" USING btree ("provider","provider_payment_id") WHERE "donations"."provider_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "donations_org_created_idx" ON "donations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_campaign_idx" ON "donations" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "donations_donor_idx" ON "donations" USING btree ("donor_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_uq" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "recurring_gifts_donor_idx" ON "recurring_gifts" USING btree ("donor_user_id");--> statement-breakpoint
CREATE INDEX "impact_stories_org_idx" ON "impact_stories" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "volunteer_hours_donor_idx" ON "volunteer_hours" USING btree ("donor_user_id");--> statement-breakpoint
CREATE INDEX "volunteer_hours_org_idx" ON "volunteer_hours" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "update_notices_created_idx" ON "update_notices" USING btree ("created_at");