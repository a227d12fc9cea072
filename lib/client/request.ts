/**
 * The one way browser code calls the app's own JSON API. Every route handler answers JSON:
 * the result on 2xx, `{ error, message, fields? }` otherwise (lib/http/route.ts). Never throws.
 */
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";

/**
 * A call's outcome. `status` is the HTTP status, or 0 when the request never got an answer
 * (network trouble: a retry with the same idempotency key is safe). On failure `message` is
 * the server's message, else `fallback`; `fields` maps field names to messages ({} if none).
 */
export type RequestResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string; fields: Record<string, string> };

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON (with its content type); omitted when undefined. */
  body?: unknown;
  /** The message for a failure the server did not explain; messages.generic.server by default. */
  fallback?: string;
  cache?: RequestCache;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function fieldsOf(v: unknown): Record<string, string> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * Call `url` and read its JSON answer. A 2xx answer whose body is not JSON counts as a failure
 * (with `fallback`), since every handler of this app answers JSON.
 * @typeParam T the handler's documented 2xx body (trusted as the server's contract).
 */
export async function requestJson<T>(url: string, { method = "GET", body, fallback = messages.generic.server, cache }: RequestOptions = {}): Promise<RequestResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache,
    });
  } catch {
    return { ok: false, status: 0, message: fallback, fields: {} };
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined;
  }
  if (res.ok && data !== undefined) return { ok: true, status: res.status, data: data as T };
  const answer = isRecord(data) ? data : {};
  return {
    ok: false,
    status: res.status,
    message: typeof answer.message === "string" && answer.message ? answer.message : fallback,
    fields: fieldsOf(answer.fields),
  };
}
