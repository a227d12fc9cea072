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
 * Query parameters are taken exactly as the OpenAPI document declares them: one non-empty value
 * per declared parameter, else 400 naming it. A list's cursor is sealed to its operation and
 * filters, path parameters included (lib/public-api/queries/pagination.ts). Every path answers GET, HEAD and OPTIONS; the
 * methods that would write get 405 with Allow (RFC 9110 section 15.5.6).
 * Errors are RFC 9457 problem details (lib/public-api/problem.ts). Session cookies are never
 * read: a browser signed in to Givebridge has no more access here than anyone else.
 */
import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { z } from "zod";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { AppError } from "@/lib/errors";
import { clientIp, route } from "@/lib/http/route";
import { authenticateApiKey } from "@/lib/public-api/keys/authenticate-api-key";
import { messages } from "@/lib/validations/messages";
import { openCursor, sealCursor, type CursorScope } from "@/lib/public-api/queries/pagination";
import type { Operation } from "./operation";
import { V1_REQUESTED_PATH_HEADER } from "@/lib/http/v1-canonical-path";
import { MethodNotAllowed, permanentRedirectResponse, problemResponse } from "./problem";
import { ApiRateLimited, consumeApiCall, peekApiCalls, rateLimitHeaders, type RateLimitState } from "./rate-limit";

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

/**
 * The query of `req` as the operation declares it (OpenAPI `style: form, explode: true`, one
 * value per parameter): a parameter the call does not have, an empty value or a parameter given
 * twice is a 400 naming it, never silently dropped, so a caller's typo cannot widen a result.
 * @throws AppError(bad_request) with one entry per offending parameter.
 */
function queryObject(req: NextRequest, schema: z.ZodObject): Record<string, string> {
  const out: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const [name, value] of req.nextUrl.searchParams) {
    if (!Object.hasOwn(schema.shape, name)) errors[name] ??= messages.publicApi.paramUnknown(name);
    else if (Object.hasOwn(out, name)) errors[name] = messages.publicApi.paramRepeated(name);
    else {
      out[name] = value;
      if (value === "") errors[name] = messages.publicApi.paramEmpty(name);
    }
  }
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new AppError("bad_request", first, errors);
  return out;
}

/** The caller of one answer, as far as it is known: what the answer's headers are made of. */
type Caller = { actor: ApiKeyActor | null; limit: RateLimitState | null; challenge: string };

/**
 * Identify the caller (its key, else its address) and count the call, or only read the
 * allowance (`count: false`, for a CORS preflight).
 * @throws AppError(unauthenticated) for a key that does not work; ApiRateLimited (429).
 */
async function admit(req: NextRequest, caller: Caller, count = true): Promise<void> {
  const token = bearerToken(req);
  const actor = token === null ? null : await authenticateApiKey(token);
  const subject = actor ? { keyId: actor.keyId } : { ip: clientIp(req) };
  caller.limit = count ? await consumeApiCall(subject) : await peekApiCalls(subject);
  if (token !== null && !actor) {
    caller.challenge = `${REALM}, error="invalid_token"`;
    throw new AppError("unauthenticated", messages.publicApi.keyInvalid);
  }
  caller.actor = actor;
}

/** Put the headers every /api/v1 answer carries on `res`: no caching, CORS, RateLimit, and the Bearer challenge on 401/403. */
function withCommonHeaders(res: Response, caller: Caller): Response {
  for (const [name, value] of Object.entries({ ...COMMON_HEADERS, ...(caller.limit ? rateLimitHeaders(caller.limit) : {}) })) res.headers.set(name, value);
  if (res.status === 401 || res.status === 403) res.headers.set("WWW-Authenticate", caller.challenge);
  return res;
}

type Handler<P> = (req: NextRequest, ctx: { params: Promise<P> }) => Promise<Response>;

/**
 * An /api/v1 answer: admit the caller, then `answer` (through route() and its request rules
 * when `viaRoute`), every error as problem details, every answer with the common headers.
 */
function v1Answer<P>(answer: (req: NextRequest, params: P, caller: Caller) => Promise<Response>, options: { viaRoute: boolean; count?: boolean }): Handler<P> {
  return async (req, ctx) => {
    const caller: Caller = { actor: null, limit: null, challenge: REALM };
    let res: Response;
    try {
      await admit(req, caller, options.count ?? true);
      // Asked for with repeated or trailing slashes (lib/http/v1-canonical-path.ts): the canonical address, as an answer of the API.
      if (req.headers.has(V1_REQUESTED_PATH_HEADER)) res = permanentRedirectResponse(req);
      else if (options.viaRoute) res = await route<P>(async (r, { params }) => answer(r, params, caller), { onError: problemResponse })(req, ctx);
      else res = await answer(req, ctx?.params ? await ctx.params : ({} as P), caller);
    } catch (err) {
      if (err instanceof ApiRateLimited) caller.limit = err.state;
      res = problemResponse(err, req);
    }
    return withCommonHeaders(res, caller);
  };
}

/** The methods every path of version 1 accepts (it only reads; HEAD and OPTIONS come with GET). */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** Handlers of the methods a read-only path refuses: 405 problem details with Allow. */
function refusedMethods() {
  const refuse = v1Answer<unknown>(async (req) => {
    throw new MethodNotAllowed(req.method, ALLOWED_METHODS);
  }, { viaRoute: false });
  return { POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse };
}

/**
 * OPTIONS: the methods of the path (Allow) and the CORS preflight answer (Fetch standard): any
 * site's script may send GET with an Authorization header. It reads the allowance without
 * counting a call.
 */
function optionsHandler() {
  return v1Answer<unknown>(
    async () =>
      new Response(null, {
        status: 204,
        headers: {
          Allow: ALLOWED_METHODS,
          "Access-Control-Allow-Methods": ALLOWED_METHODS,
          "Access-Control-Allow-Headers": "Authorization",
          "Access-Control-Max-Age": "600",
        },
      }),
    { viaRoute: false, count: false },
  );
}

/** True for a list envelope (lib/public-api/queries/pagination.ts Page). */
function isPage(body: unknown): body is { next_cursor: string | null } {
  return typeof body === "object" && body !== null && (body as { object?: unknown }).object === "list" && "next_cursor" in body;
}

/**
 * The handlers of the path of `op`: GET (and so HEAD), OPTIONS, and 405 for the methods that
 * would write. `fn` gets the caller and the parsed parameters and returns the resource; see
 * the module comment for everything around it. A list's `next_cursor` leaves sealed to the
 * operation, its filters and the key's organization (lib/public-api/queries/pagination.ts), and a
 * `cursor` is opened against the same before `fn` sees it.
 */
export function v1Route<Q extends z.ZodObject, P extends z.ZodObject, R extends z.ZodType>(op: Operation<Q, P, R>, fn: (ctx: V1Context<Q, P>) => Promise<z.input<R>>) {
  const GET = v1Answer<Record<string, string>>(
    async (req, params, caller) => {
      const { actor } = caller;
      if (op.access !== "public") {
        if (actor) caller.challenge = `${REALM}, error="insufficient_scope", scope="${op.access}"`;
        requireApiScope(actor, op.access);
      }
      const query = op.query.parse(queryObject(req, op.query)) as z.output<Q> & { cursor?: string };
      const path = op.params.parse(params);
      // A list under a path parameter (a fundraiser's supporter pages) binds its cursors to that parameter too.
      const pathFilters = Object.fromEntries(Object.entries(path as Record<string, unknown>).map(([name, value]) => [`path:${name}`, value]));
      const scope: CursorScope = { list: op.operationId, filters: { ...query, ...pathFilters }, organizationId: op.access === "public" ? null : actor?.organizationId };
      if (typeof query.cursor === "string") query.cursor = openCursor(query.cursor, scope);
      const result = await fn({ actor, query, params: path });
      if (isPage(result) && result.next_cursor) result.next_cursor = sealCursor(result.next_cursor, scope);
      const body = op.response.parse(result);
      return NextResponse.json(body);
    },
    { viaRoute: true },
  );
  return { GET, OPTIONS: optionsHandler(), ...refusedMethods() };
}

/**
 * The handlers of /api/v1/{anything else}: every method answers 404 problem details (with the
 * RateLimit header fields, as every answer of the API).
 */
export function v1UnknownCall() {
  const answer = async (): Promise<Response> => {
    throw new AppError("not_found", messages.publicApi.unknownCall);
  };
  // Reads go through route() for its parameter rules (a NUL in the path is a 400); writes are
  // answered 404 before any origin or body rule, as there is nothing to write to.
  const read = v1Answer<unknown>(answer, { viaRoute: true });
  const write = v1Answer<unknown>(answer, { viaRoute: false });
  return { GET: read, OPTIONS: read, POST: write, PUT: write, PATCH: write, DELETE: write };
}
