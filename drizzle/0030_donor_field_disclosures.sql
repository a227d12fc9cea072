-- The sharing log: one row per read of the Donors view (list page, donor page, CSV, public API)
-- saying who read which donors' shared fields, for which organization and when, written in the
-- read's own request (one insert per request, never one per row). Donors read the rows naming
-- their donor keys on their dashboard. Keys and field names only, never the fields' values.
CREATE TABLE IF NOT EXISTS "donor_field_disclosures" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"actor_user_id" text,
	"actor_api_key_id" text,
	"channel" text NOT NULL,
	"donor_key" text,
	"donor_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donor_field_disclosures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "donor_field_disclosures_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "donor_field_disclosures_actor_api_key_id_api_keys_id_fk" FOREIGN KEY ("actor_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "donor_field_disclosures_channel_ck" CHECK ("channel" IN ('donors_view', 'donor_page', 'donors_csv', 'api'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_field_disclosures_org_created_idx" ON "donor_field_disclosures" USING btree ("organization_id","created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_field_disclosures_donor_key_idx" ON "donor_field_disclosures" USING btree ("donor_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_field_disclosures_donor_keys_idx" ON "donor_field_disclosures" USING gin ("donor_keys");
--> statement-breakpoint
-- One donor of the Donors view (donor page, the API's donor, saving a note) reads only the gifts
-- of the people who can show under its key: by the gifts' email, or by their name
-- (lib/services/donor-relationships/donors-view.ts, onlyPeopleOf), instead of every gift of the
-- organization.
CREATE INDEX IF NOT EXISTS "donations_org_email_key_idx" ON "donations" USING btree ("organization_id", lower(btrim("donor_email")));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_org_name_key_idx" ON "donations" USING btree ("organization_id", btrim("donor_name"));
