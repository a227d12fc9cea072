-- Who a donor of the Donors view is comes only from what each gift itself shares
-- (docs/decisions/0014-donor-identity-from-what-each-gift-shares.md):
--   * a gift made on the platform joins the person "p:email:<lower-cased email>" only when it
--     shares that email and is not anonymous, else "p:name:<name>" when it shares the name,
--     else it stands alone ("g:<gift id>", counted in the "Anonymous donors" line);
--   * a gift the organization recorded itself (offline_method set: offline gifts and imported
--     history) forms its own people, "r:email:…" or "r:name:…", never linked to the platform's
--     gifts, so what an organization enters never merges into, reveals or re-keys a platform
--     gift that did not share that field. People with the same donor key are still one row of
--     the view (donor_summaries), which is only reached through a field the gift shared.
-- Replaces gb_donor_ident of 0031_donor_summaries, which linked gifts by the stored email
-- whether or not it was shared.

-- The person a gift belongs to. Immutable and inlinable (a single SELECT), so the index below
-- serves the queries that call it.
CREATE OR REPLACE FUNCTION gb_donor_person(email text, name text, gift_id text, anonymous boolean,
                                           share_email boolean, share_name boolean, recorded boolean) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(
          CASE WHEN recorded THEN 'r:' ELSE 'p:' END
            || CASE WHEN NOT anonymous AND share_email AND nullif(btrim(email), '') IS NOT NULL THEN 'email:' || lower(btrim(email))
                    WHEN NOT anonymous AND share_name AND nullif(btrim(name), '') IS NOT NULL THEN 'name:' || btrim(name)
               END,
          'g:' || gift_id) $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "donations_org_ident_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_org_person_idx" ON "donations" USING btree
  ("organization_id", gb_donor_person("donor_email", "donor_name", "id", "anonymous", "share_email", "share_name", "offline_method" IS NOT NULL))
  WHERE "status" IN ('succeeded', 'refunded');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gb_donor_people_stale_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_people_stale (organization_id, ident)
    SELECT DISTINCT n.organization_id, gb_donor_person(n.donor_email, n.donor_name, n.id, n.anonymous, n.share_email, n.share_name, n.offline_method IS NOT NULL)
      FROM new_rows n WHERE n.status IN ('succeeded', 'refunded');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gb_donor_people_stale_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_people_stale (organization_id, ident)
    SELECT DISTINCT o.organization_id, gb_donor_person(o.donor_email, o.donor_name, o.id, o.anonymous, o.share_email, o.share_name, o.offline_method IS NOT NULL)
      FROM old_rows o WHERE o.status IN ('succeeded', 'refunded');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a change of what the Donors view reads makes a person stale: both the person the gift
-- belonged to and the one it belongs to now.
CREATE OR REPLACE FUNCTION gb_donor_people_stale_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_people_stale (organization_id, ident)
    SELECT DISTINCT x.organization_id, x.ident
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES (o.organization_id, gb_donor_person(o.donor_email, o.donor_name, o.id, o.anonymous, o.share_email, o.share_name, o.offline_method IS NOT NULL), o.status),
                                (n.organization_id, gb_donor_person(n.donor_email, n.donor_name, n.id, n.anonymous, n.share_email, n.share_name, n.offline_method IS NOT NULL), n.status)) AS x(organization_id, ident, status)
     WHERE x.status IN ('succeeded', 'refunded')
       AND (o.organization_id, o.status, o.refunded_at, o.amount_cents, o.created_at, o.recurring_gift_id, o.anonymous, o.offline_method,
            o.donor_email, o.donor_name, o.donor_telephone, o.donor_city, o.donor_state, o.donor_gender, o.donor_age_range,
            o.share_name, o.share_email, o.share_telephone, o.share_location, o.share_gender, o.share_age)
           IS DISTINCT FROM
           (n.organization_id, n.status, n.refunded_at, n.amount_cents, n.created_at, n.recurring_gift_id, n.anonymous, n.offline_method,
            n.donor_email, n.donor_name, n.donor_telephone, n.donor_city, n.donor_state, n.donor_gender, n.donor_age_range,
            n.share_name, n.share_email, n.share_telephone, n.share_location, n.share_gender, n.share_age);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gb_donor_people_stale_on_recurring_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_people_stale (organization_id, ident)
    SELECT DISTINCT d.organization_id, gb_donor_person(d.donor_email, d.donor_name, d.id, d.anonymous, d.share_email, d.share_name, d.offline_method IS NOT NULL)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN donations d ON d.recurring_gift_id = n.id
     WHERE (o.status, o.past_due_at) IS DISTINCT FROM (n.status, n.past_due_at)
       AND d.status IN ('succeeded', 'refunded');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS gb_donor_ident(text, text, text);
--> statement-breakpoint
-- Every person computed under the old linking goes; every gift's person is stale until the
-- next read (or the periodic job) computes it under the rule above.
DELETE FROM donor_summaries;
--> statement-breakpoint
DELETE FROM donor_people;
--> statement-breakpoint
DELETE FROM donor_people_stale;
--> statement-breakpoint
INSERT INTO donor_people_stale (organization_id, ident)
  SELECT DISTINCT organization_id, gb_donor_person(donor_email, donor_name, id, anonymous, share_email, share_name, offline_method IS NOT NULL)
    FROM donations WHERE status IN ('succeeded', 'refunded');
