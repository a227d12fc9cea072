-- An organization's own thank-you emails: a master switch per organization and, per variant
-- (default, first gift, first charge of a monthly gift, tribute gift), an enabled flag, a
-- subject and a plain-text body with merge fields. An organization without rows uses the
-- built-in defaults (lib/validations/thank-you.ts), switched on.
CREATE TABLE IF NOT EXISTS "thank_you_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thank_you_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "thank_you_templates" (
	"organization_id" text NOT NULL,
	"variant" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thank_you_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "thank_you_templates_variant_ck" CHECK ("variant" IN ('default', 'first', 'monthly', 'tribute'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "thank_you_templates_org_variant_uq" ON "thank_you_templates" USING btree ("organization_id","variant");
--> statement-breakpoint
-- One row per gift whose thank-you was queued: the primary key makes the send at most once per
-- gift (INSERT ... ON CONFLICT DO NOTHING in the gift's transaction).
CREATE TABLE IF NOT EXISTS "thank_you_mails" (
	"donation_id" text PRIMARY KEY NOT NULL,
	"variant" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thank_you_mails_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
-- One row per organization, donor email (lower case) and year whose year-end statement the
-- organization emailed in bulk: a second run sends nothing twice. `job_id` is the mail job,
-- to report delivery progress.
CREATE TABLE IF NOT EXISTS "organization_statement_mails" (
	"organization_id" text NOT NULL,
	"donor_email" text NOT NULL,
	"year" smallint NOT NULL,
	"job_id" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_statement_mails_pk" PRIMARY KEY("organization_id","donor_email","year"),
	CONSTRAINT "organization_statement_mails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
-- A donor's gifts to one organization by email, case-insensitive: whether a gift is the donor's
-- first to it (the "first gift" thank-you, on every succeeded gift) and a donor's statement.
CREATE INDEX IF NOT EXISTS "donations_org_donor_email_idx" ON "donations" USING btree ("organization_id", lower("donor_email"));
