/**
 * The one request layer every route handler goes through (so no handler can forget a rule):
 * - writes (POST/PUT/DELETE/PATCH) must come from the app's own origin (Origin, else
 *   Sec-Fetch-Site) and carry application/json (multipart/form-data for uploads); provider
 *   webhooks (no cookie, signature-verified) are exempt from the origin check;
 * - a route that declares `auth` answers an anonymous caller 401 (and a wrong account type
 *   403) before it reads any input;
 * - query and path parameters with control characters (NUL…) get 400 with the parameter's
 *   message; path parameters are decoded once, by Next (a path with malformed encoding is
 *   answered 400 by proxy.ts before it gets here), so "100%" is a value, not an escape;
 * - AppError becomes its status and message, a ZodError 400 with per-field messages, and
 *   anything else a generic 500 that never carries internals (Drizzle errors include values).
 * - a successful write that changes what the cached public pages show (public-content-routes.ts)
 *   marks them for re-rendering.
 * The request is kept in an AsyncLocalStorage so the session is read from it (once).
 */
import { NextResponse, type NextRequest } from "next/server";
import { ZodError, type ZodType } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireAdmin, requireDonor, requireNonprofit, requireUser } from "@/lib/http/session";
import { AppError } from "@/lib/errors";
import { baseUrl } from "@/lib/env";
import { controlCharacterPath, fieldLabel } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";
import { errorFacts, logger } from "@/lib/logger";
import "@/lib/validations/error-map";
import { requestScope } from "@/lib/auth/request-scope";
import { readJsonBody } from "./json-body";
import { requestClientIp } from "./client-ip";
import { zodFieldErrors } from "@/lib/validations/field-errors";
import { refreshAllPublicPages } from "@/lib/cache/public-pages";
import { changesPublicContent } from "./public-content-routes";
import { installSubscribers } from "@/lib/services/subscribers";

// Every handler may publish domain events (a payment applied, a recurring gift canceled):
// their subscribers are installed before the first request is handled.
installSubscribers();

type RouteContext<P> = { params: Promise<P> };

/** Who may call a route; checked before the input is read. */
export type RouteAuth = "user" | "donor" | "nonprofit" | "admin";

export type RouteOptions = {
  /** Signed-in callers only (of this account type): anonymous gets 401 before any parsing. */
  auth?: RouteAuth;
  /**
   * Body of a write: "json" (default), "multipart" (uploads), "form" or "form-or-json"
   * (next-auth's own posts: urlencoded sign-in and sign-out, JSON session updates) or "none".
   */
  body?: "json" | "multipart" | "form" | "form-or-json" | "none";
  /** A payment provider's webhook: no cookie, verified by signature; no origin check. */
  webhook?: boolean;
  /** Answer errors in another shape (the public API's problem details); default errorResponse. */
  onError?: (err: unknown, req: NextRequest) => Response;
};

const WRITE_METHODS = new Set(["POST", "PUT", "DELETE", "PATCH"]);

/** What a handler receives besides the request: its path params and, when `auth` is declared, the caller. */
export type RouteHandlerContext<P> = { params: P };
export type AuthedRouteHandlerContext<P> = { params: P; actor: Actor };

/**
 * Wrap a route handler with the request rules above and the error mapping.
 * `options.auth` makes the route answer 401/403 before its handler runs, and hands the handler
 * the signed-in caller as `ctx.actor` (never null), so the handler does not ask for it again.
 */
export function route<P = Record<string, string>>(
  fn: (req: NextRequest, ctx: AuthedRouteHandlerContext<P>) => Promise<Response>,
  options: RouteOptions & { auth: RouteAuth },
): ((req: NextRequest, ctx: RouteContext<P>) => Promise<Response>) & { routeOptions: RouteOptions };
export function route<P = Record<string, string>>(
  fn: (req: NextRequest, ctx: RouteHandlerContext<P>) => Promise<Response>,
  options?: RouteOptions,
): ((req: NextRequest, ctx: RouteContext<P>) => Promise<Response>) & { routeOptions: RouteOptions };
export function route<P = Record<string, string>>(
  fn: (req: NextRequest, ctx: AuthedRouteHandlerContext<P>) => Promise<Response>,
  options: RouteOptions = {},
) {
  const handler = async (req: NextRequest, ctx: RouteContext<P>): Promise<Response> =>
    requestScope.run({ req }, async () => {
      try {
        const write = WRITE_METHODS.has(req.method);
        if (write && !options.webhook) checkSameOrigin(req);
        // Who is calling comes before anything about the input (its type included).
        const actor = options.auth ? await requireAuth(options.auth) : null;
        if (write) checkContentType(req, options.body ?? "json");
        const params = ctx?.params ? await ctx.params : ({} as P);
        checkParams(params as Record<string, unknown>, req);
        // Without declared auth the handler's type has no actor; null is never read.
        const response = await fn(req, { params, actor: actor as Actor });
        // A successful edit of what public pages show: cached pages are re-rendered on their next visit.
        if (write && response.ok && changesPublicContent(req.nextUrl.pathname)) refreshAllPublicPages();
        return response;
      } catch (err) {
        return (options.onError ?? errorResponse)(err, req);
      }
    });
  return Object.assign(handler, { routeOptions: options });
}

/** The signed-in caller of the declared account type. @throws AppError(unauthenticated | forbidden). */
async function requireAuth(auth: RouteAuth): Promise<Actor> {
  const guard = { user: requireUser, donor: requireDonor, nonprofit: requireNonprofit, admin: requireAdmin }[auth];
  return guard();
}

/** The app's own origins: the configured public URL and the host this request was sent to. */
function ownOrigins(req: NextRequest): string[] {
  const origins = [new URL(baseUrl()).origin];
  const host = req.headers.get("host");
  if (host) origins.push(`${req.nextUrl.protocol}//${host}`);
  return origins;
}

/**
 * Cross-site request forgery defence: a browser always sends Origin (or Sec-Fetch-Site) on a
 * write; it must be the app's own. Callers that are not browsers send neither.
 * @throws AppError(forbidden) for a foreign or opaque ("null") origin.
 */
function checkSameOrigin(req: NextRequest): void {
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (!ownOrigins(req).includes(origin)) throw new AppError("forbidden", messages.request.crossSite);
    return;
  }
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") throw new AppError("forbidden", messages.request.crossSite);
}

function hasBody(req: NextRequest): boolean {
  const length = req.headers.get("content-length");
  if (length !== null) return length.trim() !== "0";
  return req.headers.has("transfer-encoding") || req.headers.has("content-type");
}

/** @throws AppError(unsupported_media_type) unless the body is of the route's kind (JSON by default), or absent. */
function checkContentType(req: NextRequest, kind: NonNullable<RouteOptions["body"]>): void {
  if (!hasBody(req)) return;
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const expected: string[] = {
    json: ["application/json"],
    multipart: ["multipart/form-data"],
    form: ["application/x-www-form-urlencoded"],
    "form-or-json": ["application/x-www-form-urlencoded", "application/json"],
    none: [],
  }[kind];
  if (!expected.includes(type)) {
    const message = { json: messages.request.jsonRequired, multipart: messages.request.multipartRequired, form: messages.request.formRequired, "form-or-json": messages.request.formRequired, none: messages.request.noBodyExpected }[kind];
    throw new AppError("unsupported_media_type", message);
  }
}

/** @throws ZodError-shaped 400 (AppError bad_request with fields) for control characters in path or query parameters. */
function checkParams(params: Record<string, unknown>, req: NextRequest): void {
  for (const [name, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v !== "string") continue;
      if (controlCharacterPath(v, false) !== null) throw badParam(name, messages.fields.controlCharacters(fieldLabel([name])));
    }
  }
  for (const [name, v] of req.nextUrl.searchParams) {
    if (controlCharacterPath(v, true) !== null) throw badParam(name, messages.fields.controlCharacters(fieldLabel([name])));
  }
}

function badParam(name: string, message: string): AppError {
  return new AppError("bad_request", message, { [name]: message });
}

/** Map any thrown value to a safe JSON response. */
export function errorResponse(err: unknown, req?: NextRequest): Response {
  if (err instanceof AppError) {
    const headers: Record<string, string> = {};
    if (err.retryAfterSeconds) headers["Retry-After"] = String(Math.ceil(err.retryAfterSeconds));
    return NextResponse.json(
      { error: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      { status: err.status, headers },
    );
  }
  if (err instanceof ZodError) {
    const fields = zodFields(err);
    const first = Object.values(fields)[0] ?? messages.generic.badRequest;
    return NextResponse.json({ error: "bad_request", message: first, fields }, { status: 400 });
  }
  if (err instanceof URIError) {
    return NextResponse.json({ error: "bad_request", message: messages.request.badEncoding }, { status: 400 });
  }
  logger.error("unhandled error in route", { path: req?.nextUrl?.pathname, ...errorFacts(err) });
  return NextResponse.json({ error: "server_error", message: messages.generic.server }, { status: 500 });
}

/** Flatten a ZodError to { "dotted.path": first message } ("_" for the whole body). */
export const zodFields = (err: ZodError): Record<string, string> => zodFieldErrors(err);

/**
 * Read and validate a JSON body with a shared schema. Text with control characters (other
 * than tab and line breaks) anywhere in the body is refused with that field's message. The body
 * is read within the size and depth limits of ./json-body.ts before anything walks it.
 * @throws AppError(bad_request) for a body that is not JSON or nests too deeply;
 *   AppError(payload_too_large) over the size limit; ZodError for invalid fields.
 */
export async function parseJson<T>(req: NextRequest, schema: ZodType<T>): Promise<T> {
  const body = await readJsonBody(req);
  const at = controlCharacterPath(body, true);
  if (at !== null) {
    const message = messages.fields.controlCharacters(fieldLabel(at));
    throw new AppError("bad_request", message, { [at.join(".") || "_"]: message });
  }
  return schema.parse(body);
}

/**
 * The client's IP address: the socket's peer as the app's server recorded it, behind
 * TRUSTED_PROXIES the address they vouch for (lib/http/client-ip.ts); else "local".
 */
export function clientIp(req: Request): string {
  return requestClientIp(req.headers);
}
