/**
 * One search of any category, as GET /api/search answers it and as the search page renders its
 * first results on the server (app/(public)/(site)/search/results/[key]): searchEngineCategory picks
 * the directory of nonprofits (through the results cache and the admission of ./cache.ts),
 * fundraisers or events (spec section 3).
 */
import { searchFundraisers, type FundraiserSearchHit } from "@/lib/search/fundraisers";
import { searchEvents, type EventSearchHit } from "@/lib/search/events";
import { cachedSearchNonprofits } from "@/lib/search/cache";
import type { NonprofitSearchHit } from "@/lib/search/nonprofits";
import {
  fundraiserSearchQuerySchema,
  eventSearchQuerySchema,
  nonprofitSearchQuerySchema,
  searchEngineQuerySchema,
  type SearchCategory,
} from "@/lib/validations/search";

/** One page of results: `total` matches in all (`totalCapped`: at least that many), `limit` per page from `currentDisplayRecords`. */
export type SearchAnswer = {
  searchEngineCategory: SearchCategory;
  total: number;
  totalCapped?: boolean;
  results: NonprofitSearchHit[] | FundraiserSearchHit[] | EventSearchHit[];
  limit: number;
  currentDisplayRecords: number;
};

/**
 * Run the search that `raw` describes.
 * @param raw the query parameters of GET /api/search as a plain object (lib/search/query-params.ts
 *   searchParamsObject): searchEngineCategory, search_query, limit, currentDisplayRecords,
 *   showAll (100 per page) and the category's filters
 * @throws ZodError for an invalid parameter (the spec's messages); AppError(unavailable) when
 *   the directory is too busy to take the search now (lib/search/admission.ts)
 */
export async function runSearch(raw: Record<string, unknown>): Promise<SearchAnswer> {
  const { searchEngineCategory } = searchEngineQuerySchema.parse(raw);
  const rest = { ...raw };
  delete rest.searchEngineCategory;
  if (searchEngineCategory === "Campaigns") {
    const { search_query, limit, currentDisplayRecords, showAll, ...filters } = fundraiserSearchQuerySchema.parse(rest);
    const pageSize = showAll ? 100 : limit;
    const result = await searchFundraisers({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters });
    return { searchEngineCategory, ...result, limit: pageSize, currentDisplayRecords };
  }
  if (searchEngineCategory === "Events") {
    const { search_query, limit, currentDisplayRecords, showAll, ...filters } = eventSearchQuerySchema.parse(rest);
    const pageSize = showAll ? 100 : limit;
    const result = await searchEvents({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters });
    return { searchEngineCategory, ...result, limit: pageSize, currentDisplayRecords };
  }
  const { search_query, limit, currentDisplayRecords, showAll, ...filters } = nonprofitSearchQuerySchema.parse(rest);
  const pageSize = showAll ? 100 : limit;
  const result = await cachedSearchNonprofits({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters });
  return { searchEngineCategory, ...result, limit: pageSize, currentDisplayRecords };
}
