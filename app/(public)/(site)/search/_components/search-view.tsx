import { EMPTY_SEARCH_PATH, searchHrefWith, type SearchPageRequest } from "@/lib/search/search-page-params";
import { messages } from "@/lib/validations/messages";
import { AdvancedFilters } from "./advanced-filters";
import { SearchHeader } from "./search-header";
import { SearchResults, type InitialResults, type ResultLinks } from "./search-results";

/** The links of `search`'s results to other searches, built with its own parameters. */
function resultLinks({ linkParams, offset, pageSize, showAll }: SearchPageRequest): ResultLinks {
  return {
    previous: searchHrefWith(linkParams, { currentDisplayRecords: String(Math.max(0, offset - pageSize)) }),
    next: searchHrefWith(linkParams, { currentDisplayRecords: String(offset + pageSize) }),
    showAll: searchHrefWith(linkParams, { showAll: showAll ? "false" : "true", currentDisplayRecords: "0" }),
    browseAll: EMPTY_SEARCH_PATH,
  };
}

/**
 * The search page of `search`: its header with the query, the advanced filters and the
 * results. `initial` is the first page of results as the server found them (the cached page of
 * one search, app/(public)/(site)/search/results/[key]); without it the results load in the browser.
 * Not a client module: on the cached page of a search it renders on the server, so the URL's
 * parser (zod and the search schemas) and the message catalogue stay out of that page's
 * JavaScript; only the filters and the results are hydrated. The shell (./search-screen.tsx),
 * which reads the search from the URL in the browser, renders it as part of its client code.
 */
export function SearchView({ search, initial }: { search: SearchPageRequest; initial: InitialResults | null }) {
  return (
    <>
      <SearchHeader queryString={search.queryString} searchCategory={search.searchCategory} />
      <div className="mx-auto w-full max-w-5xl px-4 py-6">
        <h1 className="sr-only">Search results</h1>
        <AdvancedFilters key={`${search.searchCategory}:${JSON.stringify(search.values)}`} category={search.searchCategory} queryString={search.queryString} values={search.values} showAll={search.showAll} />
        <SearchResults search={search} links={resultLinks(search)} failedMessage={messages.generic.server} initial={initial} />
      </div>
    </>
  );
}
