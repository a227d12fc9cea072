// GET /api/metrics — Prometheus metrics of this process, for a scraper holding METRICS_TOKEN
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { AppError } from "@/lib/errors";
import { serverEnv } from "@/lib/env";
import { sampleGauges } from "@/lib/health/database";
import { metricsText, setGauges } from "@/lib/metrics";
import { messages } from "@/lib/validations/messages";

/** True when the Authorization header is `Bearer <token>`; compared in constant time over SHA-256 digests (so lengths leak nothing either). */
function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header ?? "");
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}

/**
 * 404 when METRICS_TOKEN is unset (the endpoint does not exist); 401 with
 * `WWW-Authenticate: Bearer` (RFC 6750 section 3) without the right bearer token; else 200
 * with the registry in Prometheus's text format.
 */
export const GET = route(async (req: NextRequest) => {
  const token = serverEnv().METRICS_TOKEN;
  if (!token) throw new AppError("not_found", messages.generic.notFound);
  if (!bearerMatches(req.headers.get("authorization"), token)) {
    return new Response(null, { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" } });
  }
  setGauges(await sampleGauges());
  const { contentType, body } = await metricsText();
  return new Response(body, { status: 200, headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});

export const dynamic = "force-dynamic";
