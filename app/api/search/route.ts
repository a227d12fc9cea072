// GET /api/search — one search call for every category: searchEngineCategory picks nonprofits, fundraisers or events
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { searchCampaigns } from "@/lib/search/campaigns";
import { searchEvents } from "@/lib/search/events";
import { cachedSearchNonprofits } from "@/lib/search/cache";
import { searchParamsObject } from "@/lib/search/query-params";
import {
  campaignSearchQuerySchema,
  eventSearchQuerySchema,
  nonprofitSearchQuerySchema,
  searchEngineQuerySchema,
} from "@/lib/validations/search";

export const GET = route(async (req: NextRequest) => {
  const raw = searchParamsObject(req.nextUrl);
  const { searchEngineCategory } = searchEngineQuerySchema.parse(raw);
  delete raw.searchEngineCategory;
  if (searchEngineCategory === "Campaigns") {
    const { search_query, limit, currentDisplayRecords, showAll, ...filters } = campaignSearchQuerySchema.parse(raw);
    const pageSize = showAll ? 100 : limit;
    const result = await searchCampaigns({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters });
    return NextResponse.json({ searchEngineCategory, ...result, limit: pageSize, currentDisplayRecords });
  }
  if (searchEngineCategory === "Events") {
    const { search_query, limit, currentDisplayRecords, showAll, ...filters } = eventSearchQuerySchema.parse(raw);
    const pageSize = showAll ? 100 : limit;
    const result = await searchEvents({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters });
    return NextResponse.json({ searchEngineCategory, ...result, limit: pageSize, currentDisplayRecords });
  }
  const { search_query, limit, currentDisplayRecords, showAll, ...filters } = nonprofitSearchQuerySchema.parse(raw);
  const pageSize = showAll ? 100 : limit;
  const result = await cachedSearchNonprofits({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters });
  return NextResponse.json({ searchEngineCategory, ...result, limit: pageSize, currentDisplayRecords });
});
