/**
 * The wrapper every route handler goes through: it turns AppError into its status and
 * message, a ZodError into 400 with per-field messages, and anything else into a generic
 * 500 that never carries internals (Drizzle errors include query values).
 */
import { NextResponse, type NextRequest } from "next/server";
import { ZodError, type ZodType } from "zod";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { logger } from "@/lib/logger";
import { clientIpFrom } from "./client-ip";

type RouteContext<P> = { params: Promise<P> };

/** Wrap a route handler with the error mapping. */
export function route<P = Record<string, string>>(
  fn: (req: NextRequest, ctx: { params: P }) => Promise<Response>,
) {
  return async (req: NextRequest, ctx: RouteContext<P>): Promise<Response> => {
    try {
      const params = ctx?.params ? await ctx.params : ({} as P);
      return await fn(req, { params });
    } catch (err) {
      return errorResponse(err, req);
    }
  };
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
  logger.error("unhandled error in route", { path: req?.nextUrl?.pathname, name: (err as Error)?.name });
  return NextResponse.json({ error: "server_error", message: messages.generic.server }, { status: 500 });
}

/** Flatten a ZodError to { field: first message }. */
export function zodFields(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join(".") || "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/**
 * Read and validate a JSON body with a shared schema.
 * @throws AppError(bad_request) for a body that is not JSON; ZodError for invalid fields.
 */
export async function parseJson<T>(req: NextRequest, schema: ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new AppError("bad_request", messages.generic.badRequest);
  }
  return schema.parse(body);
}

/**
 * The client's IP address: X-Forwarded-For believed only as far as TRUSTED_PROXIES vouch for
 * it (lib/http/client-ip.ts), else "local".
 */
export function clientIp(req: Request): string {
  return clientIpFrom(req.headers.get("x-forwarded-for"), req.headers.get("x-real-ip"));
}
