// GET /api/search/locations — US city and ZIP autocomplete for the location filter (offline ZIP data)
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { suggestLocations } from "@/lib/directory/zip";
import { locationSuggestQuerySchema } from "@/lib/validations/search";

export const GET = route(async (req: NextRequest) => {
  const { prefix, limit } = locationSuggestQuerySchema.parse({ prefix: req.nextUrl.searchParams.get("prefix") ?? undefined, limit: req.nextUrl.searchParams.get("limit") ?? undefined });
  return NextResponse.json(
    { suggestions: suggestLocations(prefix, limit) },
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
});
