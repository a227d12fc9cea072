import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZodError } from "zod";
import { AppError } from "@/lib/errors";
import { errorFacts, logger } from "@/lib/logger";
import { searchFromResultsKey } from "@/lib/cache/cached-pages";
import { searchParamsObject } from "@/lib/search/query-params";
import { runSearch } from "@/lib/search/search-engine";
import { readSearchPage } from "@/lib/search/search-page-params";
import { searchPageMetadata } from "../../_components/search-metadata";
import { SearchView } from "../../_components/search-view";
import type { InitialResults } from "../../_components/search-results";

/**
 * Served from cache, one page per search; a search's results are at most this many seconds old
 * (the directory changes with the IRS files, fundraisers' totals move on their own pages).
 */
export const revalidate = 60;

/** The page's title names its search. */
export async function generateMetadata({ params }: { params: Promise<{ key: string }> }): Promise<Metadata> {
  const found = searchFromResultsKey((await params).key);
  return searchPageMetadata(found ? readSearchPage(found).queryString : "");
}

/** No search is rendered at build time: each is rendered on its first request, then cached. */
export function generateStaticParams(): { key: string }[] {
  return [];
}

/**
 * A search's page with its first results in the HTML, so they show before any script has run.
 * The proxy rewrites /search?… here with the search's parameters as `key`
 * (lib/cache/cached-pages.ts searchResultsPath); a key that is not one is a 404. When the search
 * cannot run now (the directory is busy: lib/search/admission.ts), the page is the shell, whose
 * results load in the browser as before.
 */
export default async function SearchResultsPage({ params }: { params: Promise<{ key: string }> }) {
  const found = searchFromResultsKey((await params).key);
  if (!found) notFound();
  const search = readSearchPage(found);
  let initial: InitialResults | null = null;
  try {
    initial = { query: search.apiQuery, answer: await runSearch(searchParamsObject(new URLSearchParams(search.apiQuery))) };
  } catch (err) {
    // The browser searches again and shows the answer, or the error, as the shell does. Only a
    // refused parameter or a busy directory is expected here.
    if (!(err instanceof ZodError) && !(err instanceof AppError)) logger.error("search page: server search failed", errorFacts(err));
    initial = null;
  }
  return <SearchView search={search} initial={initial} />;
}
