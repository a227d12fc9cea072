-- Directory search at scale (issue 15: p95 < 50 ms at 1.8M organizations). A place typed
-- ("library cumberland"), a radius around a ZIP, a state or a cause filter narrowed the
-- full-text matches only after reading them from the table: the planner cannot estimate a
-- latitude range and a longitude range together (it took a city's 30-mile box for 11,000
-- organizations where it held 65,000), so "scholarship fund louisville" read 29,000 matches
-- of the words to keep the 600 near Louisville (24,000 table pages, 130 ms). Each
-- organization now also carries a small "search area" document: its state, its NTEE major
-- group and the half-degree cell of the latitude/longitude grid it lies in, as lexemes
-- ("st_ky", "ntee_b", "cell_276_229"; the cell numbers are floor(2 x degrees) + 200 for
-- latitude, + 400 for longitude, so never negative). A search then asks the GIN index for
-- the organizations whose words match AND whose area is one of the cells covering the box
-- (lib/search/area.ts), and reads only those rows; the exact box and radius are still tested
-- on them. One GIN index over both columns, so one index scan answers the words and the area
-- together, skipping through the longer list of rows by the shorter (two separate indexes
-- made two bitmaps of 30,000 and 70,000 rows, and the planner still read the table for the
-- words). The index also serves the words alone, as the one it replaces did.
CREATE OR REPLACE FUNCTION gb_organization_area(state text, ntee_major_group text, latitude double precision, longitude double precision) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT array_to_tsvector(array_remove(ARRAY[
      CASE WHEN coalesce(state, '') <> '' THEN 'st_' || lower(state) END,
      CASE WHEN coalesce(ntee_major_group, '') <> '' THEN 'ntee_' || lower(ntee_major_group) END,
      CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
        THEN 'cell_' || (floor(latitude * 2)::int + 200) || '_' || (floor(longitude * 2)::int + 400) END
    ]::text[], NULL))
  $$;--> statement-breakpoint
-- The name forms the relevance score compares (lib/search/relevance.ts), kept with the row
-- instead of computed for every candidate of every search (the two regular expressions cost
-- 20-30 ms per 1,200 candidates): name_key, the name without accents, the words without meaning
-- and the legal form of NAME_KEY_DROPPED, spaces and punctuation ("ST LUKE'S HEALTH SYSTEM,
-- INC" -> "stlukeshealthsystem"); name_compact, the name without accents, spaces and
-- punctuation. One ALTER TABLE, so the table is rewritten once.
ALTER TABLE "organizations"
  ADD COLUMN IF NOT EXISTS "search_area" tsvector GENERATED ALWAYS AS (gb_organization_area(state, ntee_major_group, latitude, longitude)) STORED,
  ADD COLUMN IF NOT EXISTS "name_key" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(public.gb_unaccent(lower(name)), '\m(the|of|and|a|an|for|in|at|on|to|inc|incorporated|corp|corporation|co|company|ltd|llc)\M', ' ', 'g'), '[^a-z0-9]+', '', 'g')) STORED,
  ADD COLUMN IF NOT EXISTS "name_compact" text GENERATED ALWAYS AS (regexp_replace(public.gb_unaccent(lower(name)), '[^a-z0-9]+', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_search_idx" ON "organizations" USING gin ("search_document", "search_area");--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_search_document_idx";--> statement-breakpoint
ANALYZE "organizations";
