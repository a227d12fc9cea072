/**
 * Directory search results served from memory, so search holds up under load.
 *
 * A directory search is the same for every visitor (it shows public organizations only, and
 * nothing of who asks), and on a busy day many people type the same few names and causes. So
 * the results of searchNonprofits are kept per process, in an LRU (lru-cache) keyed by the
 * normalized search:
 *   - at most SEARCH_CACHE_ENTRIES searches, each for SEARCH_CACHE_TTL_MS (60 s, the public
 *     pages' revalidate interval);
 *   - searches asked at the same time share one database query (lru-cache's fetch), so a burst
 *     of identical searches costs one query, not a queue of them on the embedded database;
 *   - forgetSearchResults() empties it; lib/cache/public-pages.ts calls it on every change of
 *     public content (a profile edit, an approval, a claim...). A change made by another process
 *     or outside a request (an IRS import) shows within the 60 s, as on the cached pages.
 * Errors (an unknown ZIP or category: AppError bad_request) are not kept. forgetSearchResults
 * also forgets what is kept of single words (lib/search/word-cache.ts).
 * A search the cache cannot answer waits for its turn on the database (./admission.ts): a
 * burst of different searches is answered 503 "busy" rather than queued until the pool times out.
 */
import { LRUCache } from "lru-cache";
import { admitSearch } from "./admission";
import { normalizeSearchText } from "./text";
import { searchNonprofits, type NonprofitSearchInput, type NonprofitSearchResult } from "./nonprofits";
import { forgetKeptWords } from "./word-cache";

/** How many different searches are kept (a page of 10 hits is about 4 KB, 100 hits 40 KB). */
export const SEARCH_CACHE_ENTRIES = 500;
/** How long a result is served before it is searched again, in milliseconds. */
export const SEARCH_CACHE_TTL_MS = 60_000;

/** Counters since the process started (or the last forgetSearchResults): for tests and operations. */
export type SearchCacheStats = { hits: number; searches: number; entries: number };

let searches = 0;
let hits = 0;
/**
 * Bumped by forgetSearchResults and part of every key: a search that was running when public
 * content changed still answers its own caller, but is kept under the old generation's key,
 * which no later search asks for.
 */
let generation = 0;

/** A search being asked for: how many callers wait for it, and whether one will wait whatever happens. */
type Interest = { askers: number; staying: boolean; gone: AbortController };

/**
 * The searches in flight by key. Callers of one search share one database query, so the query
 * is dropped from the admission queue (admitSearch's signal) only when every caller has gone:
 * each gave a signal and each aborted. A caller who arrives after that shares the dropped
 * search's busy answer.
 */
const interests = new Map<string, Interest>();

const cache = new LRUCache<string, NonprofitSearchResult, { input: NonprofitSearchInput; gone: AbortSignal }>({
  max: SEARCH_CACHE_ENTRIES,
  ttl: SEARCH_CACHE_TTL_MS,
  // clear() aborts searches in flight; their callers still get their result (see generation).
  ignoreFetchAbort: true,
  fetchMethod: async (_key, _stale, { context }) => {
    searches++;
    return admitSearch(() => searchNonprofits(context.input), undefined, context.gone);
  },
});

/** Count one caller of the search `key` until it settles; its `signal` aborting takes it away. */
function askFor(key: string, signal: AbortSignal | undefined): { interest: Interest; done: () => void } {
  let interest = interests.get(key);
  if (!interest) {
    interest = { askers: 0, staying: false, gone: new AbortController() };
    interests.set(key, interest);
  }
  const current = interest;
  current.askers++;
  if (!signal) current.staying = true;
  const leave = () => {
    current.askers--;
    if (current.askers === 0 && !current.staying) current.gone.abort();
  };
  signal?.addEventListener("abort", leave, { once: true });
  return {
    interest: current,
    done: () => {
      signal?.removeEventListener("abort", leave);
      if (interests.get(key) === current) interests.delete(key);
    },
  };
}

/**
 * The cache key of a search: the normalized text (case, accents, spacing), the page and the
 * filters with their keys sorted and empty values left out, so equal searches share an entry.
 */
export function searchCacheKey(input: NonprofitSearchInput): string {
  const filters = Object.entries(input.filters ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([normalizeSearchText(input.query), input.limit, input.offset, filters]);
}

/**
 * searchNonprofits through the cache (same input, result and errors).
 * @param signal the caller's request signal: when it aborts, and every other caller of the same
 *   search has gone too, the search leaves the admission queue without running. Without one
 *   the search is kept in the queue until its turn.
 * @throws AppError(bad_request) as searchNonprofits does; AppError(unavailable) when too many
 *   searches already wait for the database (admitSearch) or everyone who asked has gone; a
 *   failed search is not kept.
 */
export async function cachedSearchNonprofits(input: NonprofitSearchInput, signal?: AbortSignal): Promise<NonprofitSearchResult> {
  const key = `${generation}:${searchCacheKey(input)}`;
  if (cache.has(key)) hits++;
  const { interest, done } = askFor(key, signal);
  try {
    const result = await cache.fetch(key, { context: { input, gone: interest.gone.signal } });
    if (!result) throw new Error("search cache: no result"); // fetchMethod always returns one
    return result;
  } finally {
    done();
  }
}

/** Forget every kept search (after a change of public content); resets the counters. */
export function forgetSearchResults(): void {
  // The change may have added words to the dictionary of indexed words (a new or renamed organization).
  forgetKeptWords();
  generation++;
  cache.clear();
  searches = 0;
  hits = 0;
}

/** What the cache did since the last forgetSearchResults. */
export function searchCacheStats(): SearchCacheStats {
  return { hits, searches, entries: cache.size };
}
