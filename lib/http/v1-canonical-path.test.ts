/**
 * Non-canonical addresses of the public API over real HTTP: a node:http server wrapped by
 * withCanonicalV1Path, as scripts/server.ts wraps Next's handler. What reaches the handler is the
 * canonical address with the address asked for in V1_REQUESTED_PATH_HEADER; every other address
 * passes untouched, and a client's own V1_REQUESTED_PATH_HEADER never arrives.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalV1Url, V1_REQUESTED_PATH_HEADER, withCanonicalV1Path } from "./v1-canonical-path";

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer(
    withCanonicalV1Path((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ url: req.url, requested: req.headers[V1_REQUESTED_PATH_HEADER] ?? null }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** GET `path` exactly as written (no client-side normalization), with `headers`. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ url: string; requested: string | null }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve(JSON.parse(text) as { url: string; requested: string | null }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("withCanonicalV1Path", () => {
  test.each([
    ["/api/v1//organizations", "/api/v1/organizations"],
    ["/api/v1/organizations/", "/api/v1/organizations"],
    ["/api/v1/organizations//?state=VT&limit=2", "/api/v1/organizations?state=VT&limit=2"],
    ["//api//v1///organizations/030300003/", "/api/v1/organizations/030300003"],
    ["/api/v1/no-such-call/", "/api/v1/no-such-call"],
    ["/api/v1/", "/api/v1"],
    ["//api//v1//", "/api/v1"],
  ])("%s reaches the API at %s, naming the address asked for", async (asked, canonical) => {
    expect(await get(asked)).toEqual({ url: canonical, requested: asked.split("?")[0] });
  });

  test.each(["/api/v1/organizations", "/api/v1/organizations?state=VT", "/about/", "/api//getNonprofit", "/api/v1", "/api/v10/", "/"])("%s passes untouched", async (path) => {
    expect(await get(path)).toEqual({ url: path, requested: null });
  });

  test("a client's own header is dropped", async () => {
    expect(await get("/api/v1/organizations", { [V1_REQUESTED_PATH_HEADER]: "/api/v1/organizations/" })).toEqual({ url: "/api/v1/organizations", requested: null });
  });

  test("canonicalV1Url keeps the query as sent and turns backslashes into slashes", () => {
    expect(canonicalV1Url("/api/v1\\organizations?q=a//b")).toBe("/api/v1/organizations?q=a//b");
    expect(canonicalV1Url("/api/v10/x/")).toBeNull();
  });
});
