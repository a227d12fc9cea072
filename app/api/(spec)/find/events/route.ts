// GET /api/find/events — upcoming events of public organizations: text, city/state/topic/date filters, paging
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { searchParamsObject } from "@/lib/search/query-params";
import { findEvents } from "@/lib/services/events/list-events";
import { eventSearchQuerySchema } from "@/lib/validations/search";

export const GET = route(async (req: NextRequest) => {
  const { search_query, limit, currentDisplayRecords, showAll, ...filters } = eventSearchQuerySchema.parse(searchParamsObject(req.nextUrl));
  const pageSize = showAll ? 100 : limit;
  const result = await findEvents({ query: search_query, limit: pageSize, offset: currentDisplayRecords, filters });
  return NextResponse.json({ events: result.results, total: result.total, limit: pageSize, currentDisplayRecords });
});
