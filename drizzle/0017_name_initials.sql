-- Directory search (issue 15): acronyms typed for names filed in full ("camc" for CHARLESTON
-- AREA MEDICAL CENTER INC, "unlv foundation" for UNIVERSITY OF NEVADA LAS VEGAS FOUNDATION,
-- "ku endowment" for KANSAS UNIVERSITY ENDOWMENT ASSOC, "uconn foundation" for UNIVERSITY OF
-- CONNECTICUT FOUNDATION INCORPORATED). The search document gains, at weight B (as the
-- secondary name), the initials of the name's words and their beginnings of two letters or
-- more ("camc", "cam", "ca"; words without meaning and the legal form left out, as in the
-- name key of lib/search/relevance.ts), and for a name that begins "UNIVERSITY OF X", "u" and
-- the first four letters of X ("uconn"). A typed acronym is then a word of the name like any
-- other: among the organizations it matches (the literal "CAMC FOUNDATION INC" as well as the
-- hospital), prominence orders. Same document otherwise as 0015_search_stem_guard; rebuilt,
-- its words joined to search_words, the table analyzed (as in 0016_ntee_homeless).
CREATE OR REPLACE FUNCTION gb_name_initials(name text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    WITH words AS (
      SELECT w, n FROM regexp_split_to_table(
          trim(regexp_replace(replace(public.gb_unaccent(lower(coalesce(name, ''))), '''', ''), '[^a-z0-9]+', ' ', 'g')), ' ')
        WITH ORDINALITY AS t(w, n)
      WHERE w <> '' AND w !~ '^[0-9]'
        AND w NOT IN ('the', 'of', 'and', 'a', 'an', 'for', 'in', 'at', 'on', 'to', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'llc')
    ), initials AS (
      SELECT left(string_agg(left(w, 1), '' ORDER BY n), 8) AS i, count(*) AS words FROM words
    )
    SELECT CASE WHEN initials.words < 2 THEN ''::tsvector ELSE to_tsvector('english'::regconfig,
        (SELECT string_agg(left(initials.i, k), ' ') FROM generate_series(2, length(initials.i)) AS k)
        || coalesce(' u' || left(substring(lower(coalesce(name, '')) FROM '^(?:the )?university of ([a-z]{4,})'), 4), ''))
      END
    FROM initials
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION gb_organization_document(name text, sort_name text, category text, city text, state text, ntee_code text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('english'::regconfig, public.gb_stem_guard(public.gb_unaccent(coalesce(name, '')))), 'A')
        || setweight(to_tsvector('english'::regconfig, public.gb_stem_guard(public.gb_unaccent(coalesce(sort_name, '')))), 'B')
        || setweight(public.gb_name_initials(name), 'B')
        || setweight(to_tsvector('english'::regconfig, public.gb_stem_guard(coalesce(category, ''))), 'C')
        || setweight(to_tsvector('english'::regconfig, public.gb_unaccent(coalesce(city, ''))), 'C')
        || setweight(to_tsvector('simple'::regconfig, coalesce(state, '')), 'D')
        || setweight(to_tsvector('english'::regconfig, public.gb_stem_guard(coalesce(public.gb_ntee_description(ntee_code), ''))), 'D')
  $$;--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_search_document_idx";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "search_document";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (gb_organization_document(name, sort_name, category, city, state, ntee_code)) STORED;--> statement-breakpoint
CREATE INDEX "organizations_search_document_idx" ON "organizations" USING gin ("search_document");--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM organizations, unnest(tsvector_to_array(organizations.search_document)) AS w
  WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE "organizations";
