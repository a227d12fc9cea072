-- Directory search at scale (issue 15). Broad text (every word one of the directory's most
-- common words: "american legion", "united church") takes its most prominent matches with
-- the others. Neither way the planner had was right for every such text: walking the
-- prominence index tested 52,000 organizations to find 30 that are "united" and "church" at
-- 1.8M rows (150 ms), and reading every match to sort it read 24,000 American Legion posts
-- (40 ms). The search area (0018_search_area) now also carries "prom_a" for an organization
-- whose prominence is at least 0.5 (about 6% of the directory) and "prom_b" for one of at
-- least 0.33 (both for the first): the tops of the order the most prominent matches are taken
-- in. One GIN scan finds the matches among the first; the second tier is read only when they
-- are fewer than wanted, and the whole order only when the second has too few as well
-- (lib/search/area.ts PROMINENT_TIERS, lib/search/nonprofits.ts). Same area otherwise; the
-- column is recomputed and its index rebuilt.
CREATE OR REPLACE FUNCTION gb_organization_area(state text, ntee_major_group text, latitude double precision, longitude double precision, prominence real) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT array_to_tsvector(array_remove(ARRAY[
      CASE WHEN coalesce(state, '') <> '' THEN 'st_' || lower(state) END,
      CASE WHEN coalesce(ntee_major_group, '') <> '' THEN 'ntee_' || lower(ntee_major_group) END,
      CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
        THEN 'cell_' || (floor(latitude * 2)::int + 200) || '_' || (floor(longitude * 2)::int + 400) END,
      CASE WHEN prominence >= 0.5 THEN 'prom_a' END,
      CASE WHEN prominence >= 0.33 THEN 'prom_b' END
    ]::text[], NULL))
  $$;--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_search_idx";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN IF EXISTS "search_area";--> statement-breakpoint
ALTER TABLE "organizations"
  ADD COLUMN "search_area" tsvector GENERATED ALWAYS AS (gb_organization_area(state, ntee_major_group, latitude, longitude, gb_prominence(irs_revenue_amount, irs_income_amount, irs_asset_amount))) STORED;--> statement-breakpoint
DROP FUNCTION IF EXISTS gb_organization_area(text, text, double precision, double precision);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_search_idx" ON "organizations" USING gin ("search_document", "search_area");--> statement-breakpoint
ANALYZE "organizations";
