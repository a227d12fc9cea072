/**
 * What a /search address asks for (spec section 3), read the same way in the browser (the
 * search page's shell) and in tests: the text, the category, paging, and the category's
 * advanced filters. Invalid values do not stop the search: they are reported in `problem` (the
 * first message, word for word from the shared schemas) and left out, as the page always did.
 * Pure: no I/O.
 */
import "@/lib/validations/zod-setup";
import { filterKeys, type FilterValues } from "@/lib/search/filter-keys";
import { fundraiserFiltersSchema, eventFiltersSchema, nonprofitFiltersSchema, searchPageSchema, type SearchCategory } from "@/lib/validations/search";

export type SearchPageRequest = {
  queryString: string;
  searchCategory: SearchCategory;
  /** Results per page as asked (20 by default); `pageSize` is 100 with showAll. */
  limit: number;
  pageSize: number;
  /** The first result's index (currentDisplayRecords). */
  offset: number;
  showAll: boolean;
  /** The category's filters as given in the URL (trimmed, 100 characters at most). */
  values: FilterValues;
  /** The first invalid parameter's message, or null. */
  problem: string | null;
  /** The query string of GET /api/search for these results (invalid filters left out). */
  apiQuery: string;
  /** Parameters that keep this search when building a link to another page of it. */
  linkParams: Record<string, string>;
};

/** The canonical address of the empty search, where /search without parameters goes. */
export const EMPTY_SEARCH_PATH = "/search?queryString=&searchCategory=NonProfits";

/** True when a /search address names neither text nor category (it is redirected to EMPTY_SEARCH_PATH). */
export function isBareSearch(params: URLSearchParams): boolean {
  return !params.has("queryString") && !params.has("searchCategory");
}

/** Read a /search address's parameters. */
export function readSearchPage(params: URLSearchParams): SearchPageRequest {
  const get = (k: string) => params.get(k) ?? undefined;
  const parsed = searchPageSchema.safeParse({ queryString: get("queryString"), searchCategory: get("searchCategory"), limit: get("limit"), currentDisplayRecords: get("currentDisplayRecords") });
  const input = parsed.success ? parsed.data : searchPageSchema.parse({ queryString: get("queryString")?.slice(0, 200) ?? "" });
  const { queryString, searchCategory, currentDisplayRecords: offset, limit } = input;
  const showAll = get("showAll") === "true";
  const values: FilterValues = {};
  for (const k of filterKeys(searchCategory)) {
    const v = get(k)?.trim();
    if (v) values[k] = v.slice(0, 100);
  }
  const schema = searchCategory === "NonProfits" ? nonprofitFiltersSchema : searchCategory === "Campaigns" ? fundraiserFiltersSchema : eventFiltersSchema;
  const filters = schema.safeParse(values);
  const problem = !parsed.success ? (parsed.error.issues[0]?.message ?? null) : !filters.success ? (filters.error.issues[0]?.message ?? null) : null;
  const pageSize = showAll ? 100 : limit;
  const api = new URLSearchParams({
    searchEngineCategory: searchCategory,
    search_query: queryString,
    limit: String(pageSize),
    currentDisplayRecords: String(offset),
    ...(filters.success ? values : {}),
  });
  const linkParams: Record<string, string> = { queryString, searchCategory, ...values, ...(showAll ? { showAll: "true" } : {}), limit: String(limit) };
  return { queryString, searchCategory, limit, pageSize, offset, showAll, values, problem, apiQuery: api.toString(), linkParams };
}

/** The title of the search page for `queryString` (the whole title, brand included). */
export function searchPageTitle(queryString: string): string {
  return queryString ? `“${queryString.slice(0, 60)}”: search nonprofits | Givebridge` : "Search nonprofits, fundraisers and events | Givebridge";
}

/** A link to this search with `changes` applied ("Next", "Show all results"...). */
export function searchHrefWith(linkParams: Record<string, string>, changes: Record<string, string>): string {
  return `/search?${new URLSearchParams({ ...linkParams, ...changes }).toString()}`;
}
