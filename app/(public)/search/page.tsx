import type { Metadata } from "next";
import { Suspense } from "react";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { SearchScreen, SearchScreenLoading } from "./_components/search-screen";

export const metadata: Metadata = publicPageMetadata({
  title: "Search nonprofits, fundraisers and events",
  description: "Search every US tax-exempt organization by cause, name, city, state or ZIP code, and find fundraisers and events to support.",
  path: "/search?queryString=&searchCategory=NonProfits",
});

/**
 * /search — the search page's shell (its header, the advanced filters, a results area), the
 * same for everyone; the browser reads the search from the URL (queryString, searchCategory
 * NonProfits/Campaigns/Events, the section 3 advanced filters, showAll, limit,
 * currentDisplayRecords) and loads the results from GET /api/search. /search with neither
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
