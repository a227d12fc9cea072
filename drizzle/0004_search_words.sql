-- Every distinct lexeme of the organizations' search documents, with a trigram index: the
-- spelling-correction dictionary of directory search ("hospitl" -> "hospit", "nort" -> "north").
-- A small table (tens of thousands of words) is far cheaper to search by similarity (GiST KNN) than every
-- organization name. Kept up to date by statement-level triggers, so a batch insert of the
-- directory import adds its new words in one statement.
CREATE TABLE IF NOT EXISTS search_words (word text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION gb_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM changed, unnest(tsvector_to_array(changed.search_document)) AS w
    WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_search_words_insert ON organizations;--> statement-breakpoint
CREATE TRIGGER organizations_search_words_insert AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION gb_collect_search_words();--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_search_words_update ON organizations;--> statement-breakpoint
CREATE TRIGGER organizations_search_words_update AFTER UPDATE ON organizations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION gb_collect_search_words();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM organizations, unnest(tsvector_to_array(organizations.search_document)) AS w
  WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
