"use client";

import { SlidersHorizontal } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { readSearchPage, searchPageTitle, type SearchPageRequest } from "@/lib/search/search-page-params";
import { AdvancedFilters } from "./advanced-filters";
import { SearchHeader } from "./search-header";
import { SearchResults, SearchResultsLoading, type InitialResults } from "./search-results";

/**
 * The search page's shell as the URL describes it (lib/search/search-page-params.ts), read in
 * the browser: a search whose address is too long for a cached page of its own
 * (lib/cache/cached-pages.ts searchResultsPath) loads its results from GET /api/search.
 */
export function SearchScreen() {
  const search = readSearchPage(useSearchParams());
  return (
    <>
      {/* React places the title in the document's head: the cached shell's own title names no search. */}
      <title>{searchPageTitle(search.queryString)}</title>
      <SearchView search={search} initial={null} />
    </>
  );
}

/**
 * The search page of `search`: its header with the query, the advanced filters and the
 * results. `initial` is the first page of results as the server found them (the cached page of
 * one search, app/(public)/search/results/[key]); without it the results load in the browser.
 */
export function SearchView({ search, initial }: { search: SearchPageRequest; initial: InitialResults | null }) {
  return (
    <>
      <SearchHeader queryString={search.queryString} searchCategory={search.searchCategory} />
      <div className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="sr-only">Search results</h1>
        <AdvancedFilters key={`${search.searchCategory}:${JSON.stringify(search.values)}`} category={search.searchCategory} queryString={search.queryString} values={search.values} showAll={search.showAll} />
        <SearchResults search={search} initial={initial} />
      </div>
    </>
  );
}

/**
 * What the shell shows before the browser has read the URL: the header, the closed advanced
 * filters' bar (inert; the same height as the real one, so the page does not shift when it
 * replaces it) and a loading list.
 */
export function SearchScreenLoading() {
  return (
    <>
      <SearchHeader queryString="" searchCategory="NonProfits" />
      <div className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="sr-only">Search results</h1>
        <div aria-hidden="true" className="flex min-h-11 items-center gap-2 rounded-card border border-slate-200 bg-white px-4 py-2 font-semibold text-ink-muted">
          <SlidersHorizontal className="size-4" />
          Advanced filters
        </div>
        <SearchResultsLoading />
      </div>
    </>
  );
}
