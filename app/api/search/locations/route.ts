// GET /api/search/locations — US city and ZIP autocomplete for the location filter (offline ZIP data)
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { suggestLocations } from "@/lib/directory/zip";

const schema = z.object({
  prefix: z.string({ error: "prefix is required." }).trim().min(1, { error: "prefix is required." }).max(60, { error: "prefix is too long." }),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const GET = route(async (req: NextRequest) => {
  const { prefix, limit } = schema.parse({ prefix: req.nextUrl.searchParams.get("prefix") ?? undefined, limit: req.nextUrl.searchParams.get("limit") ?? undefined });
  return NextResponse.json(
    { suggestions: suggestLocations(prefix, limit) },
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
});
