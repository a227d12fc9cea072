-- Donor histories imported from another platform's CSV export (Givebutter, Donorbox, Little
-- Green Light, Bloomerang...). An imported gift is a gift recorded offline (a donations row with
-- no payment, status succeeded) whose offline_method may be 'other_platform' when it was paid
-- through the other platform; import_id names the import that created it and import_row_key the
-- row it came from (the source's transaction id, or a hash of the row's normalized content), unique
-- per organization so that importing the same rows again creates nothing.
ALTER TYPE "public"."offline_gift_method" ADD VALUE IF NOT EXISTS 'other_platform';--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "donor_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_by_user_id" text,
	"file_name" text NOT NULL,
	"csv_text" text NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"mapping" jsonb,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"processed_line" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"matched_donor_count" integer DEFAULT 0 NOT NULL,
	"new_donor_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donor_imports_status_ck" CHECK ("status" IN ('uploaded', 'running', 'completed')),
	CONSTRAINT "donor_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "donor_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_imports_org_created_idx" ON "donor_imports" USING btree ("organization_id", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "donor_import_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donor_import_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "donor_import_mappings_org_name_uq" ON "donor_import_mappings" USING btree ("organization_id", "name");--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "import_id" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "import_row_key" text;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_import_id_donor_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."donor_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- An imported gift is a gift recorded offline.
ALTER TABLE "donations" ADD CONSTRAINT "donations_import_offline_ck" CHECK ("import_row_key" IS NULL OR "offline_method" IS NOT NULL);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "donations_import_row_uq" ON "donations" USING btree ("organization_id", "import_row_key") WHERE "import_row_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_import_idx" ON "donations" USING btree ("import_id") WHERE "import_id" IS NOT NULL;
