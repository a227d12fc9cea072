/** Paths of the app's own pages, shared by server and client components. */

export type SearchCategory = "NonProfits" | "Campaigns";

/** /search with the spec's query parameters (queryString first, then searchCategory). */
export function searchHref(queryString = "", searchCategory: SearchCategory = "NonProfits"): string {
  return `/search?queryString=${encodeURIComponent(queryString)}&searchCategory=${searchCategory}`;
}

/** Paths whose page has its own search, so the top bar hides its search box. */
export function hidesNavSearch(pathname: string): boolean {
  return pathname.startsWith("/campaigns") || pathname.startsWith("/search");
}

/**
 * Paths that render without the top bar at all (spec: /search has no top bar). A search with
 * its results is rendered at /search/results/{key} (lib/cache/cached-pages.ts), which the server
 * may see as the path.
 */
export function hidesTopBar(pathname: string): boolean {
  return pathname === "/search" || pathname === "/search/" || pathname.startsWith("/search/results/");
}
