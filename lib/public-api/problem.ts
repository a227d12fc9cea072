/**
 * The one error shape of the public API: RFC 9457 problem details, `application/problem+json`,
 * with `type` (a URI documented on /developers), `title`, `status`, `detail`, `instance` and,
 * for invalid parameters, `errors` (one { field, detail } per parameter). Messages come from
 * the catalogue; internals never leave (a 500 says only messages.generic.server).
 */
import type { NextRequest } from "next/server";
import { ZodError } from "zod";
import { baseUrl } from "@/lib/env";
import { AppError, type ErrorCode } from "@/lib/errors";
import { zodFields } from "@/lib/http/route";
import { errorFacts, logger } from "@/lib/logger";
import { messages } from "@/lib/validations/messages";
import { PROBLEM_CONTENT_TYPE, type Problem } from "@/lib/integrations/api-resources";

type ProblemCode = ErrorCode | "server_error" | "method_not_allowed";

/**
 * 405: the path is a call of the API, but not with this method. The answer lists the methods
 * the path does accept in `Allow` (RFC 9110 section 15.5.6).
 */
export class MethodNotAllowed extends Error {
  constructor(
    readonly method: string,
    readonly allow: string,
  ) {
    super(messages.publicApi.methodNotAllowed(method, allow));
  }
}

/** The fragment of /developers that documents each problem type. */
export const problemSlugs: Record<ProblemCode, string> = {
  bad_request: "invalid-request",
  validation: "invalid-request",
  unauthenticated: "unauthorized",
  forbidden: "forbidden",
  not_found: "not-found",
  conflict: "conflict",
  payload_too_large: "too-large",
  unsupported_media_type: "unsupported-media-type",
  rate_limited: "rate-limited",
  method_not_allowed: "method-not-allowed",
  unavailable: "unavailable",
  server_error: "server-error",
};

/** The problem type URI of `code`: /developers#problem-<slug> on this site. */
export function problemType(code: ProblemCode): string {
  return `${baseUrl()}/developers#problem-${problemSlugs[code]}`;
}

/** The problem details of any thrown value (AppError, ZodError, else a 500). */
export function toProblem(err: unknown, instance?: string): Problem & { retryAfterSeconds?: number; allow?: string } {
  const base = (code: ProblemCode, status: number, detail: string) => ({
    type: problemType(code),
    title: messages.publicApi.titles[code],
    status,
    detail,
    ...(instance ? { instance } : {}),
  });
  if (err instanceof AppError) {
    const fields = err.fields ? Object.entries(err.fields).map(([field, detail]) => ({ field, detail })) : undefined;
    return { ...base(err.code, err.status, err.message), ...(fields ? { errors: fields } : {}), ...(err.retryAfterSeconds ? { retryAfterSeconds: err.retryAfterSeconds } : {}) };
  }
  if (err instanceof ZodError) {
    const errors = Object.entries(zodFields(err)).map(([field, detail]) => ({ field, detail }));
    return { ...base("bad_request", 400, errors[0]?.detail ?? messages.generic.badRequest), errors };
  }
  if (err instanceof MethodNotAllowed) return { ...base("method_not_allowed", 405, err.message), allow: err.allow };
  if (err instanceof URIError) return base("bad_request", 400, messages.request.badEncoding);
  logger.error("unhandled error in public API", { path: instance, ...errorFacts(err) });
  return base("server_error", 500, messages.generic.server);
}

/** A problem+json response for `err` (Retry-After on 429, Allow on 405). */
export function problemResponse(err: unknown, req?: NextRequest): Response {
  const { retryAfterSeconds, allow, ...problem } = toProblem(err, req?.nextUrl?.pathname);
  const headers: Record<string, string> = { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store" };
  if (retryAfterSeconds) headers["Retry-After"] = String(Math.ceil(retryAfterSeconds));
  if (allow) headers.Allow = allow;
  return new Response(JSON.stringify(problem), { status: problem.status, headers });
}

/**
 * 308 to the address the request was routed to (its own path and query, so never another site):
 * for a call asked for with repeated or trailing slashes (lib/http/v1-canonical-path.ts). The
 * body is problem details of type "about:blank", whose title is the status's phrase (RFC 9457
 * section 4.2.1), for a client that does not follow redirects; 308 keeps the method (RFC 9110
 * section 15.4.9).
 */
export function permanentRedirectResponse(req: NextRequest): Response {
  const location = `${req.nextUrl.pathname}${req.nextUrl.search}`;
  const problem = { type: "about:blank", title: "Permanent Redirect", status: 308, detail: messages.publicApi.canonicalAddress(req.nextUrl.pathname) };
  return new Response(JSON.stringify(problem), { status: 308, headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", Location: location } });
}
