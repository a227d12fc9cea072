/**
 * Request ids over real HTTP: a node:http server wrapped by withRequestId, as scripts/server.ts
 * wraps Next's handler. The id the response returns is the one the handler's log lines carry;
 * an incoming x-request-id is kept only from a trusted proxy and only when well formed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setEnvForTests } from "@/lib/env";
import { currentRequestId, logLine } from "@/lib/logger";
import { withRequestId } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer(
    withRequestId(async (req, res) => {
      // An await first: the id must survive asynchronous work, as in a route handler.
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ seen: currentRequestId(), header: req.headers["x-request-id"], line: logLine("info", "handled", { status: 200 }) }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  setEnvForTests({ TRUSTED_PROXIES: undefined });
  await new Promise((resolve) => server.close(resolve));
});

type Answer = { id: string | undefined; body: { seen: string; header: string; line: string } };

/** GET / from `localAddress` (every 127.0.0.0/8 address is this machine) with `headers`. */
function get(headers: Record<string, string> = {}, localAddress = "127.0.0.1"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/", headers, localAddress }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ id: res.headers["x-request-id"] as string | undefined, body: JSON.parse(text) as Answer["body"] }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("x-request-id", () => {
  test("every response gets a new id, the one its log lines carry", async () => {
    setEnvForTests({ TRUSTED_PROXIES: undefined });
    const a = await get();
    const b = await get();
    expect(a.id).toMatch(UUID);
    expect(b.id).toMatch(UUID);
    expect(a.id).not.toBe(b.id);
    expect(a.body.seen).toBe(a.id);
    expect(a.body.header).toBe(a.id);
    expect(JSON.parse(a.body.line)).toMatchObject({ level: "info", msg: "handled", requestId: a.id, status: 200 });
    expect(currentRequestId()).toBeUndefined();
  });

  test("an id sent by a client that is not a trusted proxy is replaced", async () => {
    setEnvForTests({ TRUSTED_PROXIES: undefined });
    const r = await get({ "x-request-id": "forged-id-12345678" });
    expect(r.id).toMatch(UUID);
    expect(r.body.seen).toBe(r.id);
  });

  test("a trusted proxy's well-formed id is kept; a malformed one or another peer's is replaced", async () => {
    setEnvForTests({ TRUSTED_PROXIES: "127.0.0.1" });
    const kept = await get({ "x-request-id": "lb-7f3a9c21:0001" });
    expect(kept.id).toBe("lb-7f3a9c21:0001");
    expect(JSON.parse(kept.body.line).requestId).toBe("lb-7f3a9c21:0001");
    for (const bad of ["short", "has spaces in it", "x".repeat(129), "quote\"inside-123"]) {
      expect((await get({ "x-request-id": bad })).id).toMatch(UUID);
    }
    const other = await get({ "x-request-id": "lb-7f3a9c21:0002" }, "127.0.5.9");
    expect(other.id).toMatch(UUID);
  });
});
