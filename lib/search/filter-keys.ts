/** The URL parameters of each search category's advanced filters (spec section 3), shared by the search page (search-page-params.ts) and its filter form. */
import type { SearchCategory } from "@/lib/validations/search";

/** Filter values as they appear in the URL (strings; "true" for checked boxes). */
export type FilterValues = Record<string, string>;

/** "place" is the label of a picked location (UI only); lng/lat carry its coordinates. */
export const FILTER_KEYS: Record<SearchCategory, string[]> = {
  NonProfits: ["category", "city", "state", "zipcode", "lng", "lat", "distance", "place", "active_campaign", "domestic", "international"],
  Campaigns: ["topic", "startDate", "endDate"],
  Events: ["city", "state", "topic", "startDate", "endDate"],
};

export function filterKeys(category: SearchCategory): string[] {
  return FILTER_KEYS[category];
}
