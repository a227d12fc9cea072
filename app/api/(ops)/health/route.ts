// GET /api/health — liveness: the process answers (no database, no configuration in the answer)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";

/** 200 `{ status: "ok" }`, never cached, whatever the state of the database. */
export const GET = route(async () => NextResponse.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }));

export const dynamic = "force-dynamic";
