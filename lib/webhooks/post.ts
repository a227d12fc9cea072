/**
 * One HTTP attempt of a webhook delivery: POST the exact body with its signature headers to the
 * endpoint, through the SSRF guard of ./targets.ts, without following redirects, within a time
 * limit. Any 2xx answer is a success (Standard Webhooks); the answer's body is read and
 * discarded (at most 64 KB) and never stored.
 */
import http from "node:http";
import https from "node:https";
import { literalTargetProblem, localTargetsAllowed, publicOnlyLookup } from "./targets";

/** How long an endpoint has to answer, in milliseconds. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export type WebhookPostResult = {
  /** The endpoint's HTTP status, or null when no answer came. */
  statusCode: number | null;
  durationMs: number;
  /** Why the attempt failed, in words for the delivery log (never the answer's body); null on success. */
  error: string | null;
  succeeded: boolean;
};

/** Words for the delivery log from a network error (no internals beyond the error code). */
function describeError(err: NodeJS.ErrnoException, timeoutMs: number): string {
  switch (err.code) {
    case "EPRIVATETARGET":
      return err.message;
    case "ETIMEDOUT_WEBHOOK":
      return `No answer within ${Math.round(timeoutMs / 1000)} seconds`;
    case "ECONNREFUSED":
      return "Connection refused";
    case "ECONNRESET":
      return "The connection was closed before an answer came";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "The host name could not be resolved";
    default:
      if (err.code && /CERT|SSL|TLS/.test(err.code)) return `TLS error (${err.code})`;
      return err.code ? `Network error (${err.code})` : "Network error";
  }
}

/**
 * POST `body` (JSON) to `target` with `headers` added.
 * Never throws: every failure is a result with `error` set.
 */
export function postWebhook(target: string, body: string, headers: Record<string, string>, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const refused = literalTargetProblem(url);
  if (refused) return Promise.resolve({ statusCode: null, durationMs: 0, error: refused, succeeded: false });
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookPostResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = transport.request(
      url,
      {
        method: "POST",
        agent: false,
        lookup: localTargetsAllowed() ? undefined : publicOnlyLookup,
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Givebridge-Webhooks/1.0",
          ...headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on("error", () => undefined);
        const succeeded = status >= 200 && status < 300;
        const error = succeeded ? null : status >= 300 && status < 400 ? `Redirects are not followed (HTTP ${status})` : `The endpoint answered HTTP ${status}`;
        finish({ statusCode: status, error, succeeded });
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT_WEBHOOK" })), timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => finish({ statusCode: null, error: describeError(err, timeoutMs), succeeded: false }));
    req.end(body);
  });
}
