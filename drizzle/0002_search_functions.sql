-- Search helpers. unaccent() is only STABLE (it reads a dictionary by name), so it cannot be
-- used in a generated column or an index; this wrapper names the dictionary explicitly and
-- is declared IMMUTABLE, the usual way to index accent-insensitive text.
CREATE OR REPLACE FUNCTION gb_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;--> statement-breakpoint
-- The full-text document of an organization: its name (weight A), secondary name (B), NTEE
-- category name (C) and city (C) with English stemming; the two-letter state code with the
-- simple configuration (state codes such as IN, ME and OR are English stop words).
CREATE OR REPLACE FUNCTION gb_organization_document(name text, sort_name text, category text, city text, state text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('english'::regconfig, public.gb_unaccent(coalesce(name, ''))), 'A')
        || setweight(to_tsvector('english'::regconfig, public.gb_unaccent(coalesce(sort_name, ''))), 'B')
        || setweight(to_tsvector('english'::regconfig, coalesce(category, '')), 'C')
        || setweight(to_tsvector('english'::regconfig, public.gb_unaccent(coalesce(city, ''))), 'C')
        || setweight(to_tsvector('simple'::regconfig, coalesce(state, '')), 'D')
  $$;
