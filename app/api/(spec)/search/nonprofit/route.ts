// GET /api/search/nonprofit — directory search: text (typos allowed), filters, paging
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { cachedSearchNonprofits } from "@/lib/search/cache";
import { searchParamsObject } from "@/lib/search/query-params";
import { nonprofitSearchQuerySchema } from "@/lib/validations/search";

export const GET = route(async (req: NextRequest) => {
  const { search_query, limit, currentDisplayRecords, showAll, ...filters } = nonprofitSearchQuerySchema.parse(searchParamsObject(req.nextUrl));
  const pageSize = showAll ? 100 : limit;
  // The request's signal: a visitor who left does not keep a place in the search queue.
  const result = await cachedSearchNonprofits({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters }, req.signal);
  return NextResponse.json({ ...result, limit: pageSize, currentDisplayRecords });
});
