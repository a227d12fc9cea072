/**
 * What directory search learns about single typed words from the dictionary of indexed words
 * (search_words) and the planner's statistics, kept per process and per database handle so a
 * search whose words were seen lately does not ask again: each word's stem and whether the
 * dictionary knows it (lib/search/relevance.ts lookupLexicon), and a word's spelling corrections
 * (lib/search/nonprofits.ts). A word's facts depend only on the word and the directory, not on
 * the other words typed.
 *
 * The dictionary gains words when an organization is added or renamed, so a word is kept
 * WORD_CACHE_TTL_MS (5 minutes, as the common stems of relevance.ts) at most, and everything
 * kept is forgotten at once after a change of public content in this process (with the search
 * results, lib/search/cache.ts) and after an import (with the common stems).
 */
import { LRUCache } from "lru-cache";

/** Words kept per kind and database handle. */
export const WORD_CACHE_ENTRIES = 20_000;
/** How long a word is kept, in milliseconds. */
export const WORD_CACHE_TTL_MS = 5 * 60_000;

let caches = new WeakMap<object, Map<string, LRUCache<string, object>>>();

/**
 * The words of one kind ("facts", "corrections") kept for this database handle, created empty
 * on first use: an LRU of WORD_CACHE_ENTRIES words, each kept WORD_CACHE_TTL_MS.
 */
export function keptWords<V extends object>(db: object, kind: string): LRUCache<string, V> {
  let byKind = caches.get(db);
  if (!byKind) {
    byKind = new Map();
    caches.set(db, byKind);
  }
  let kept = byKind.get(kind);
  if (!kept) {
    kept = new LRUCache<string, object>({ max: WORD_CACHE_ENTRIES, ttl: WORD_CACHE_TTL_MS });
    byKind.set(kind, kept);
  }
  return kept as unknown as LRUCache<string, V>;
}

/** Forget every word kept for this database handle, or for every handle without one. */
export function forgetKeptWords(db?: object): void {
  if (db) caches.delete(db);
  else caches = new WeakMap();
}
