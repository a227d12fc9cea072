import { messages } from "@/lib/validations/messages";

/** The outcome of a fundraiser API call: the JSON body, or the server's message to show. */
export type FundraiserResult<T> = { ok: true; data: T } | { ok: false; message: string; fields?: Record<string, string> };

/**
 * Call a fundraiser route handler with a JSON body. Network failures and non-2xx answers
 * become `{ ok: false, message }` with the server's message (or the generic one).
 */
export async function fundraiserRequest<T>(url: string, method: "POST" | "PUT" | "DELETE", body?: unknown): Promise<FundraiserResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as T & { message?: string; fields?: Record<string, string> };
    if (res.ok) return { ok: true, data };
    return { ok: false, message: data.message ?? messages.generic.server, fields: data.fields };
  } catch {
    return { ok: false, message: messages.generic.server };
  }
}
