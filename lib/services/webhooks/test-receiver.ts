/**
 * Tests only: a real local HTTP server standing in for a nonprofit's webhook endpoint. It
 * records every request (path, headers, raw body) and answers each path with the statuses it
 * was told, in order (then 200).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string };

export type TestReceiver = {
  /** http://127.0.0.1:<port><path> */
  url: (path: string) => string;
  /** Answer the next requests to `path` with these statuses, in order (afterwards 200). */
  respond: (path: string, statuses: number[]) => void;
  /** Answer every request to `path` with `status`. */
  always: (path: string, status: number) => void;
  requestsTo: (path: string) => ReceivedWebhook[];
  /** Wait until `path` got at least `count` requests; returns them. */
  waitFor: (path: string, count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
};

/** Start a receiver on an ephemeral port of 127.0.0.1. */
export async function startTestReceiver(): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  const queued = new Map<string, number[]>();
  const fixed = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      received.push({ path, headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = queued.get(path)?.shift() ?? fixed.get(path) ?? 200;
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const requestsTo = (path: string) => received.filter((r) => r.path === path);
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    respond: (path, statuses) => queued.set(path, [...statuses]),
    always: (path, status) => fixed.set(path, status),
    requestsTo,
    waitFor: async (path, count, timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      while (requestsTo(path).length < count) {
        if (Date.now() > until) throw new Error(`${path} got ${requestsTo(path).length} of ${count} requests`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return requestsTo(path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
