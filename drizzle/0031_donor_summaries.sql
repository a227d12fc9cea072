-- The Donors view reads summaries instead of aggregating every gift of the organization on
-- each request (lib/services/donor-relationships/donor-summaries.ts):
--   donor_people      one row per person (gifts linked by email, else by name, else the gift
--                     alone: gb_donor_ident) with at least one counted gift, their aggregates,
--                     the fields their latest counted gift shared and the donor key it decides;
--   donor_summaries   one row per donor key (what the Donors view lists), merged from
--                     donor_people;
--   donor_people_stale the people whose gifts changed since their row was computed. Triggers on
--                     donations and recurring_gifts add rows here in the writing statement's
--                     transaction (one insert per statement, never a read of other gifts); the
--                     next read of the Donors view recomputes those people, under a
--                     per-organization advisory lock, before it answers.
-- Amounts are integer cents; instants are timestamptz (UTC).

-- The person a gift is linked by: "e:<lower-cased email>", else "n:<name>", else "g:<gift id>".
-- Immutable and inlinable (a single SELECT), so the index below serves queries that call it.
CREATE OR REPLACE FUNCTION gb_donor_ident(email text, name text, gift_id text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce('e:' || lower(nullif(btrim(email), '')), 'n:' || nullif(btrim(name), ''), 'g:' || gift_id) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_org_ident_idx" ON "donations" USING btree ("organization_id", gb_donor_ident("donor_email", "donor_name", "id"))
  WHERE "status" IN ('succeeded', 'refunded');
--> statement-breakpoint
-- A recurring gift's status change finds the gifts it holds.
CREATE INDEX IF NOT EXISTS "donations_recurring_gift_idx" ON "donations" USING btree ("recurring_gift_id") WHERE "recurring_gift_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "donor_people" (
	"organization_id" text NOT NULL,
	"ident" text NOT NULL,
	"donor_key" text,
	"gift_count" integer NOT NULL,
	"lifetime_cents" bigint NOT NULL,
	"largest_gift_cents" bigint NOT NULL,
	"first_gift_at" timestamp with time zone NOT NULL,
	"last_gift_at" timestamp with time zone NOT NULL,
	"latest_gift_id" text NOT NULL,
	"active_monthly" boolean NOT NULL,
	"had_monthly" boolean NOT NULL,
	"name" text,
	"email" text,
	"telephone" text,
	"location" text,
	"gender" text,
	"age_range" smallint,
	CONSTRAINT "donor_people_pk" PRIMARY KEY ("organization_id", "ident"),
	CONSTRAINT "donor_people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_people_org_key_idx" ON "donor_people" USING btree ("organization_id", "donor_key");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "donor_summaries" (
	"organization_id" text NOT NULL,
	"donor_key" text NOT NULL,
	"gift_count" integer NOT NULL,
	"lifetime_cents" bigint NOT NULL,
	"largest_gift_cents" bigint NOT NULL,
	"first_gift_at" timestamp with time zone NOT NULL,
	"last_gift_at" timestamp with time zone NOT NULL,
	"active_monthly" boolean NOT NULL,
	"had_monthly" boolean NOT NULL,
	"name" text,
	"email" text,
	"telephone" text,
	"location" text,
	"gender" text,
	"age_range" smallint,
	CONSTRAINT "donor_summaries_pk" PRIMARY KEY ("organization_id", "donor_key"),
	CONSTRAINT "donor_summaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_summaries_org_lifetime_idx" ON "donor_summaries" USING btree ("organization_id", "lifetime_cents" DESC, "donor_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_summaries_org_last_gift_idx" ON "donor_summaries" USING btree ("organization_id", "last_gift_at" DESC, "donor_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_summaries_org_name_idx" ON "donor_summaries" USING btree ("organization_id", lower(coalesce("name", "email")), "donor_key");
--> statement-breakpoint
-- The Donors view's search: a part of the shared name or email, as LIKE '%…%' on trigrams.
CREATE INDEX IF NOT EXISTS "donor_summaries_search_idx" ON "donor_summaries" USING gin ((lower(coalesce("name", '') || ' ' || coalesce("email", ''))) gin_trgm_ops);
--> statement-breakpoint
-- No foreign key: an organization's deletion deletes its gifts, whose trigger adds rows here
-- in the same statement; its people and summaries go with it by cascade.
CREATE TABLE IF NOT EXISTS "donor_people_stale" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"organization_id" text NOT NULL,
	"ident" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donor_people_stale_org_idx" ON "donor_people_stale" USING btree ("organization_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gb_donor_people_stale_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_people_stale (organization_id, ident)
    SELECT DISTINCT n.organization_id, gb_donor_ident(n.donor_email, n.donor_name, n.id)
      FROM new_rows n WHERE n.status IN ('succeeded', 'refunded');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gb_donor_people_stale_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_people_stale (organization_id, ident)
    SELECT DISTINCT o.organization_id, gb_donor_ident(o.donor_email, o.donor_name, o.id)
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
     CROSS JOIN LATERAL (VALUES (o.organization_id, gb_donor_ident(o.donor_email, o.donor_name, o.id), o.status),
                                (n.organization_id, gb_donor_ident(n.donor_email, n.donor_name, n.id), n.status)) AS x(organization_id, ident, status)
     WHERE x.status IN ('succeeded', 'refunded')
       AND (o.organization_id, o.status, o.refunded_at, o.amount_cents, o.created_at, o.recurring_gift_id, o.anonymous,
            o.donor_email, o.donor_name, o.donor_telephone, o.donor_city, o.donor_state, o.donor_gender, o.donor_age_range,
            o.share_name, o.share_email, o.share_telephone, o.share_location, o.share_gender, o.share_age)
           IS DISTINCT FROM
           (n.organization_id, n.status, n.refunded_at, n.amount_cents, n.created_at, n.recurring_gift_id, n.anonymous,
            n.donor_email, n.donor_name, n.donor_telephone, n.donor_city, n.donor_state, n.donor_gender, n.donor_age_range,
            n.share_name, n.share_email, n.share_telephone, n.share_location, n.share_gender, n.share_age);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A monthly gift that is canceled, resumed or falls past due changes its donor's monthly status.
CREATE OR REPLACE FUNCTION gb_donor_people_stale_on_recurring_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO donor_people_stale (organization_id, ident)
    SELECT DISTINCT d.organization_id, gb_donor_ident(d.donor_email, d.donor_name, d.id)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN donations d ON d.recurring_gift_id = n.id
     WHERE (o.status, o.past_due_at) IS DISTINCT FROM (n.status, n.past_due_at)
       AND d.status IN ('succeeded', 'refunded');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_donor_people_insert ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_donor_people_insert AFTER INSERT ON donations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gb_donor_people_stale_on_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_donor_people_update ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_donor_people_update AFTER UPDATE ON donations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gb_donor_people_stale_on_update();
--> statement-breakpoint
DROP TRIGGER IF EXISTS donations_donor_people_delete ON donations;
--> statement-breakpoint
CREATE TRIGGER donations_donor_people_delete AFTER DELETE ON donations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gb_donor_people_stale_on_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS recurring_gifts_donor_people_update ON recurring_gifts;
--> statement-breakpoint
CREATE TRIGGER recurring_gifts_donor_people_update AFTER UPDATE ON recurring_gifts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gb_donor_people_stale_on_recurring_update();
--> statement-breakpoint
-- The gifts made before this migration: every person is stale until the first read computes them.
INSERT INTO donor_people_stale (organization_id, ident)
  SELECT DISTINCT organization_id, gb_donor_ident(donor_email, donor_name, id)
    FROM donations WHERE status IN ('succeeded', 'refunded');
