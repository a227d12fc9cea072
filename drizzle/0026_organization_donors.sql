-- Every donor key ("email:<lower-cased email>" or "name:<name>", built only from what a gift
-- shared, as the Donors view groups gifts) that has appeared among an organization's succeeded
-- or refunded gifts. The primary key makes "the first gift of this donor" one
-- INSERT ... ON CONFLICT DO NOTHING RETURNING in the gift's transaction, so donor.created is sent
-- once per donor per organization even when two first gifts commit at once. Rows are added
-- when an organization has a webhook endpoint; the keys of the gifts already made are filled in here.
CREATE TABLE IF NOT EXISTS "organization_donors" (
	"organization_id" text NOT NULL,
	"donor_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_donors_pk" PRIMARY KEY("organization_id","donor_key"),
	CONSTRAINT "organization_donors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
INSERT INTO "organization_donors" ("organization_id", "donor_key")
SELECT DISTINCT d.organization_id,
       CASE WHEN d.share_email AND nullif(btrim(d.donor_email), '') IS NOT NULL THEN 'email:' || lower(btrim(d.donor_email))
            ELSE 'name:' || btrim(d.donor_name) END
  FROM "donations" d
 WHERE d.status IN ('succeeded', 'refunded') AND NOT d.anonymous
   AND ((d.share_email AND nullif(btrim(d.donor_email), '') IS NOT NULL) OR (d.share_name AND nullif(btrim(d.donor_name), '') IS NOT NULL))
ON CONFLICT DO NOTHING;
