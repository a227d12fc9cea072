-- Directory search (issue 15): words the English stemmer folds into a different word keep their
-- own lexeme. "humane" (humane society) stems to "human" (human services), "hospitality" to
-- "hospit" (hospital), "universal" to "univers" (university): gb_stem_guard appends an "e" to
-- each such word, a spelling whose stem is the word itself ("humanee" -> "humane"). The search
-- query does the same to a typed word (lib/search/text.ts, STEM_GUARDED_WORDS: keep both lists
-- equal). The search document is rebuilt with the guard, then its new words join search_words.
CREATE OR REPLACE FUNCTION gb_stem_guard(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(value, '\m(humane|humanity|humanities|hospitality|organic|universal)\M', '\1e', 'gi') $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION gb_organization_document(name text, sort_name text, category text, city text, state text, ntee_code text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('english'::regconfig, public.gb_stem_guard(public.gb_unaccent(coalesce(name, '')))), 'A')
        || setweight(to_tsvector('english'::regconfig, public.gb_stem_guard(public.gb_unaccent(coalesce(sort_name, '')))), 'B')
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
ON CONFLICT DO NOTHING;
