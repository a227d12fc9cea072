// GET /api/getUpdate — the latest What's New update notices (public)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { listUpdateNotices } from "@/lib/services/updates/list-update-notices";
import { updateNoticesQuerySchema } from "@/lib/validations/update-notice";

export const GET = route(async (req) => {
  const { limit } = updateNoticesQuerySchema.parse({ limit: req.nextUrl.searchParams.get("limit") ?? undefined });
  return NextResponse.json({ updates: await listUpdateNotices({ limit }) });
});
