// GET /api/getUpdate — the latest What's New update notices (public)
import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { listUpdateNotices } from "@/lib/services/updates/list-update-notices";

const querySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const GET = route(async (req) => {
  const { limit } = querySchema.parse({ limit: req.nextUrl.searchParams.get("limit") ?? undefined });
  return NextResponse.json({ updates: await listUpdateNotices(limit) });
});
