-- Peer-to-peer fundraising: supporter pages and teams of a fundraiser, the fundraiser's
-- options for them, and the attribution of a gift to the page and team it was made on.
CREATE TYPE "public"."supporter_page_status" AS ENUM('pending', 'active', 'paused', 'closed', 'hidden');
--> statement-breakpoint
CREATE TYPE "public"."supporter_gift_notice" AS ENUM('each', 'digest', 'none');
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "supporter_pages_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "supporter_pages_need_approval" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "supporter_teams_allowed" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "supporter_suggested_goal_cents" bigint;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "supporter_story" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "supporter_teams" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"goal_cents" bigint NOT NULL,
	"captain_user_id" text,
	"status" "supporter_page_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_teams_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "supporter_teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "supporter_teams_captain_user_id_users_id_fk" FOREIGN KEY ("captain_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "supporter_teams_campaign_slug_uq" ON "supporter_teams" USING btree ("campaign_id","slug");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporter_teams_org_idx" ON "supporter_teams" USING btree ("organization_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "supporter_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text,
	"team_id" text,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"goal_cents" bigint NOT NULL,
	"image_url" text,
	"status" "supporter_page_status" DEFAULT 'active' NOT NULL,
	"gift_notice" "supporter_gift_notice" DEFAULT 'each' NOT NULL,
	"share_email_with_organization" boolean DEFAULT false NOT NULL,
	"messages_opt_out" boolean DEFAULT false NOT NULL,
	"digest_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_pages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "supporter_pages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "supporter_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "supporter_pages_team_id_supporter_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."supporter_teams"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "supporter_pages_campaign_slug_uq" ON "supporter_pages" USING btree ("campaign_id","slug");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporter_pages_user_idx" ON "supporter_pages" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporter_pages_team_idx" ON "supporter_pages" USING btree ("team_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporter_pages_org_idx" ON "supporter_pages" USING btree ("organization_id");
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "supporter_page_id" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "supporter_team_id" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_supporter_page_id_supporter_pages_id_fk" FOREIGN KEY ("supporter_page_id") REFERENCES "public"."supporter_pages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_supporter_team_id_supporter_teams_id_fk" FOREIGN KEY ("supporter_team_id") REFERENCES "public"."supporter_teams"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_supporter_page_idx" ON "donations" USING btree ("supporter_page_id") WHERE "donations"."supporter_page_id" is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_supporter_team_idx" ON "donations" USING btree ("supporter_team_id") WHERE "donations"."supporter_team_id" is not null;
