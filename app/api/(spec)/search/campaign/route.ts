// GET /api/search/campaign — fundraiser search: text, topic and date filters, paging
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { searchFundraisers } from "@/lib/search/fundraisers";
import { searchParamsObject } from "@/lib/search/query-params";
import { fundraiserSearchQuerySchema } from "@/lib/validations/search";

export const GET = route(async (req: NextRequest) => {
  const { search_query, limit, currentDisplayRecords, showAll, ...filters } = fundraiserSearchQuerySchema.parse(searchParamsObject(req.nextUrl));
  const pageSize = showAll ? 100 : limit;
  const result = await searchFundraisers({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters });
  return NextResponse.json({ ...result, limit: pageSize, currentDisplayRecords });
});
