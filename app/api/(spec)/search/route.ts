// GET /api/search — one search call for every category: searchEngineCategory picks nonprofits, fundraisers or events
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { searchParamsObject } from "@/lib/search/query-params";
import { runSearch } from "@/lib/search/search-engine";

export const GET = route(async (req: NextRequest) => NextResponse.json(await runSearch(searchParamsObject(req.nextUrl))));
