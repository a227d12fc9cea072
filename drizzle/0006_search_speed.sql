-- Directory search speed. Partial indexes cover only what search returns (live, approved
-- organizations), matching the WHERE clauses of lib/search/nonprofits.ts:
-- * city + state listing, already in name order (no sort of a whole city's organizations);
-- * location as a point, for the bounding box (<@) and nearest-first (<->, GiST KNN) of a
--   distance search;
-- * trigram GIN on the spelling dictionary, for the similarity operator (%) of typo correction.
CREATE INDEX IF NOT EXISTS organizations_city_name_idx ON organizations (upper(city), state, name, id)
  WHERE live = true AND approval_status = 'approved';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS organizations_location_idx ON organizations USING gist (point(longitude, latitude))
  WHERE live = true AND approval_status = 'approved';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_trgm_gin_idx ON search_words USING gin (word gin_trgm_ops);
