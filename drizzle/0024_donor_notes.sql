-- A nonprofit's private note and tags per donor of the Donors view, keyed by the organization and
-- the view's grouping key ("email:<lower-cased email>" or "name:<name>", built only from what the
-- donor shared). Never shown to the donor, the public API or webhooks.
CREATE TABLE IF NOT EXISTS "donor_notes" (
	"organization_id" text NOT NULL,
	"donor_key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donor_notes_pk" PRIMARY KEY("organization_id","donor_key"),
	CONSTRAINT "donor_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "donor_notes_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
