// GET /api/ready — readiness: database reachable, migrations current, mail queue running
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { readiness } from "@/lib/health/readiness";

/**
 * 200 `{ status: "ok", checks }` when every check is "ok", else 503
 * `{ status: "unavailable", checks: { database, migrations, queue } }` naming what is wrong.
 * The checks are words only: no URL, host, version or error text.
 */
export const GET = route(async () => {
  const checks = await readiness();
  const ok = Object.values(checks).every((v) => v === "ok");
  return NextResponse.json({ status: ok ? "ok" : "unavailable", checks }, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});

export const dynamic = "force-dynamic";
