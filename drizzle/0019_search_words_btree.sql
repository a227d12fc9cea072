-- Directory search at scale (issue 15). The dictionary of indexed words (search_words,
-- migration 0004) had two trigram indexes: the GiST one of 0004 and the GIN one of 0006. The
-- planner costed the GiST index the same as the primary key for `word = ...`, so every check
-- that a spelling is a known word (lib/search/relevance.ts lookupLexicon, the corrections of
-- lib/search/nonprofits.ts) walked trigram signatures: 1.2-1.8 ms per word instead of
-- 0.05 ms on the primary key, 450-600 ms for the ~500 spellings one edit away from
-- "educatino". Its similarity search (`word % ...`) was also slower on GiST than on the GIN
-- index (50 ms against 12 ms for "educatino" over 199,000 words). The GIN index answers `%`,
-- the primary key answers `=`; the GiST index is dropped.
DROP INDEX IF EXISTS search_words_trgm_idx;
