import type { Metadata } from "next";
import { Suspense } from "react";
import { searchPageMetadata } from "./_components/search-metadata";
import { SearchScreen, SearchScreenLoading } from "./_components/search-screen";

export const metadata: Metadata = searchPageMetadata();

/**
 * /search — the search page's shell (its header, the advanced filters, a results area), the
 * same for everyone. A search is served from its own cached page with its first results
 * (./results/[key], to which the proxy rewrites it); this shell is for a search whose address
 * is too long for that (lib/cache/cached-pages.ts). The browser reads the search from the URL
 * (queryString, searchCategory NonProfits/Campaigns/Events, the section 3 advanced filters,
 * showAll, limit, currentDisplayRecords) and loads the results from GET /api/search. /search with neither
 * queryString nor searchCategory is redirected by the proxy to the empty NonProfits search.
 * No top bar here: the page has its own search header. The page reads nothing of the request,
 * so Next renders it once at build time and serves it from cache; it must not be marked
 * force-static, which would render SearchScreen with empty parameters into the HTML (and the
 * browser's first render of another search would not match it) instead of its loading state.
 */
export default function SearchPage() {
  return (
    <Suspense fallback={<SearchScreenLoading />}>
      <SearchScreen />
    </Suspense>
  );
}
