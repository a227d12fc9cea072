/**
 * Which public pages are served from Next's cache, and how signed-in visitors are kept out of
 * that cache (docs/decisions/0006-public-pages-from-cache.md).
 *
 * - Cached for every visitor, signed in or not (app/(public)): home, /about, /search,
 *   /nonprofit/{id or nickname}, /fundraiser/{id}, its supporter pages /fundraiser/{id}/p/{slug}
 *   and team pages /fundraiser/{id}/t/{slug}, /event/{id}, and the donate page
 *   /donation/{organization id}/{fundraiser id or "direct"}. Their HTML is the same for everyone
 *   and holds nothing of a session. Also /performance-floor (PERFORMANCE_FLOOR_PATH), the
 *   root layout with a paragraph: the reference page that bench:pages measures beside them.
 * - What a signed-in visitor sees beyond it loads in the browser: the top bar's account area
 *   (components/layout/browser-session.ts) and, on a profile or an event, the view rendered for
 *   that visitor (lib/cache/visitor-views.ts: the owner's editors, their like, their unpublished event),
 *   and on the donate page who is giving, with their sharing defaults and a pledge link's prefill
 *   (components/payments/checkout-visitor.tsx).
 * - A search (/search with its parameters) is rendered with its first results under
 *   SEARCH_RESULTS_PREFIX, one cached page per search (searchResultsPath), for every visitor.
 * - SEARCH_RESULTS_PREFIX is not a public address: the proxy answers it 404.
 * Pure functions of the path, shared by the proxy, the page refresh (public-pages.ts) and the tests.
 */
import { FILTER_KEYS } from "@/lib/search/filter-keys";
import { NOT_AN_ID } from "./visitor-views";

/**
 * The internal address under which one search's page is rendered with its results
 * (app/(public)/(site)/search/results/[key]): the key is the search's parameters (searchResultsPath).
 */
export const SEARCH_RESULTS_PREFIX = "/search/results";

/**
 * The /search parameters that make up a search (lib/search/search-page-params.ts), in the
 * order they take in a key; anything else (Next's "_rsc", a campaign tracker) is left out, so it
 * neither changes the results nor makes a new cached page.
 */
const SEARCH_KEYS: readonly string[] = [
  ...new Set(["queryString", "searchCategory", "limit", "currentDisplayRecords", "showAll", ...Object.values(FILTER_KEYS).flat()]),
];

/**
 * The reference page of the page benchmark (scripts/bench-pages.mjs): the root layout's shell and
 * a paragraph, built and served from cache as the public pages are, so its blocking time and
 * paint are the framework's floor on the same machine (docs/decisions/0006-public-pages-from-cache.md).
 */
export const PERFORMANCE_FLOOR_PATH = "/performance-floor";

/** The longest search key (characters) given its own cached page; a longer search gets the page's shell, which searches from the browser. */
export const MAX_SEARCH_KEY_LENGTH = 1_024;

/** True when `pathname` (no query string) is one of the cached public pages. */
export function isCachedPublicPage(pathname: string): boolean {
  if (pathname === "/" || pathname === "/about" || pathname === "/search" || pathname === PERFORMANCE_FLOOR_PATH) return true;
  // A fundraiser's supporter page (/p/{slug}) and team page (/t/{slug}).
  if (/^\/fundraiser\/[^/]+\/[pt]\/[^/]+$/.test(pathname)) return true;
  // The donate page of an organization: a fundraiser's or a direct gift's.
  if (/^\/donation\/[^/]+\/[^/]+$/.test(pathname)) return true;
  const m = /^\/(fundraiser|event|nonprofit)\/([^/]+)$/.exec(pathname);
  if (!m) return false;
  return !NOT_AN_ID[m[1]!]?.has(m[2]!);
}

/** True when `pathname` is an internal address (a search's results page), answered 404 when asked for directly. */
export function isInternalPath(pathname: string): boolean {
  return pathname === SEARCH_RESULTS_PREFIX || pathname.startsWith(`${SEARCH_RESULTS_PREFIX}/`);
}

/**
 * Where the search of a /search address is rendered with its results: SEARCH_RESULTS_PREFIX
 * and the search's own parameters (the first value of each name in SEARCH_KEYS, in that order)
 * as a base64url key; null when the key would be longer than MAX_SEARCH_KEY_LENGTH.
 * Two addresses of the same search (parameters in another order, extra ones) share the path.
 */
export function searchResultsPath(params: URLSearchParams): string | null {
  const kept = new URLSearchParams();
  for (const name of SEARCH_KEYS) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const key = Buffer.from(kept.toString(), "utf8").toString("base64url");
  return key.length > MAX_SEARCH_KEY_LENGTH ? null : `${SEARCH_RESULTS_PREFIX}/${key}`;
}

/** The search parameters of a key made by searchResultsPath; null when `key` is not one. */
export function searchFromResultsKey(key: string): URLSearchParams | null {
  if (!/^[A-Za-z0-9_-]*$/.test(key) || key.length > MAX_SEARCH_KEY_LENGTH) return null;
  const params = new URLSearchParams(Buffer.from(key, "base64url").toString("utf8"));
  return [...params.keys()].every((name) => SEARCH_KEYS.includes(name)) ? params : null;
}
