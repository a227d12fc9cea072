/**
 * The request layer of the public REST API (/api/v1), on top of route():
 *  1. the caller: an API key (Authorization: Bearer <key>, RFC 6750) or, without one, its IP
 *     address; a key that does not work is 401 (and counts against the IP's allowance);
 *  2. the rate limit of the key or the IP (lib/public-api/rate-limit.ts), stated in the
 *     RateLimit header fields of every answer, errors included;
 *  3. the operation's scope, for organization-scoped reads (lib/auth/api-key-access.ts);
 *  4. query and path parameters parsed with the operation's schemas (the same ones the
 *     OpenAPI document is generated from);
 *  5. the answer parsed with the operation's response schema, so only documented fields leave.
 * Errors are RFC 9457 problem details (lib/public-api/problem.ts). Session cookies are never
 * read: a browser signed in to Givebridge has no more access here than anyone else.
 */
import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { AppError } from "@/lib/errors";
import { clientIp, route } from "@/lib/http/route";
import { authenticateApiKey } from "@/lib/services/api-keys/authenticate-api-key";
import { messages } from "@/lib/validations/messages";
import type { Operation } from "./operation";
import { problemResponse } from "./problem";
import { ApiRateLimited, consumeApiCall, rateLimitHeaders, type RateLimitState } from "./rate-limit";

const REALM = 'Bearer realm="Givebridge API"';

/** Headers on every /api/v1 answer: no caching, and readable by scripts of any site (no cookies are used). */
const COMMON_HEADERS = {
  "Cache-Control": "no-store",
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After",
};

/** What a handler gets: the key's actor (null for an anonymous public read) and the parsed parameters. */
export type V1Context<Q extends z.ZodObject, P extends z.ZodObject> = {
  actor: ApiKeyActor | null;
  query: z.output<Q>;
  params: z.output<P>;
};

/** The bearer token of `req`: null without an Authorization header, "" for one that is not Bearer. */
function bearerToken(req: NextRequest): string | null {
  const header = req.headers.get("authorization");
  if (header === null) return null;
  return /^Bearer +(\S+) *$/i.exec(header)?.[1] ?? "";
}

function queryObject(req: NextRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of req.nextUrl.searchParams) if (value !== "" && !(name in out)) out[name] = value;
  return out;
}

/**
 * A GET handler of the public API for `op`. `fn` gets the caller and the parsed parameters and
 * returns the resource; see the module comment for everything around it.
 */
export function v1Route<Q extends z.ZodObject, P extends z.ZodObject, R extends z.ZodType>(op: Operation<Q, P, R>, fn: (ctx: V1Context<Q, P>) => Promise<z.input<R>>) {
  return route<Record<string, string>>(
    async (req, { params }) => {
      let limit: RateLimitState | null = null;
      let challenge = REALM;
      try {
        const token = bearerToken(req);
        const actor = token === null ? null : await authenticateApiKey(token);
        if (token !== null && !actor) {
          challenge = `${REALM}, error="invalid_token"`;
          limit = await consumeApiCall({ ip: clientIp(req) });
          throw new AppError("unauthenticated", messages.publicApi.keyInvalid);
        }
        limit = await consumeApiCall(actor ? { keyId: actor.keyId } : { ip: clientIp(req) });
        if (op.access !== "public") {
          if (actor) challenge = `${REALM}, error="insufficient_scope", scope="${op.access}"`;
          requireApiScope(actor, op.access);
        }
        const query = op.query.parse(queryObject(req));
        const path = op.params.parse(params);
        const body = op.response.parse(await fn({ actor, query, params: path }));
        return NextResponse.json(body, { headers: { ...COMMON_HEADERS, ...rateLimitHeaders(limit) } });
      } catch (err) {
        if (err instanceof ApiRateLimited) limit = err.state;
        const res = problemResponse(err, req);
        for (const [name, value] of Object.entries({ ...COMMON_HEADERS, ...(limit ? rateLimitHeaders(limit) : {}) })) res.headers.set(name, value);
        if (res.status === 401 || res.status === 403) res.headers.set("WWW-Authenticate", challenge);
        return res;
      }
    },
    { onError: problemResponse },
  );
}
