"use client";

import { SlidersHorizontal } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { readSearchPage, searchPageTitle } from "@/lib/search/search-page-params";
import { SearchHeader } from "./search-header";
import { SearchResultsLoading } from "./search-results";
import { SearchView } from "./search-view";

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
