/**
 * The client's address is the socket's peer, never a header a client
 * sent, unless the peer is a configured proxy (TRUSTED_PROXIES). Real HTTP through the same
 * wrapper scripts/server.ts puts in front of Next.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setEnvForTests } from "@/lib/env";
import { clientIpFrom, requestClientIp, withPeerAddress } from "./client-ip";

type Seen = { forwardedFor: string | null; realIp: string | null; ip: string; proto?: string | null };

let server: http.Server | undefined;
let port = 0;
afterAll(async () => {
  setEnvForTests({ TRUSTED_PROXIES: undefined });
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
});

/** GET / from 127.0.0.1 with `headers`; the app's handler answers what it saw. */
function send(headers: Record<string, string>, path = "/"): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString("utf8")));
      res.on("end", () => resolve(JSON.parse(body) as Seen));
    });
    req.on("error", reject);
  });
}

test("without the app's server no forwarded header is believed", () => {
  const headers = new Headers({ "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.9" });
  expect(requestClientIp(headers)).toBe("local");
});

describe("behind the app's own server", () => {
  beforeAll(async () => {
    server = http.createServer(
      withPeerAddress((req, res) => {
        const seen: Seen = {
          forwardedFor: (req.headers["x-forwarded-for"] as string | undefined) ?? null,
          realIp: (req.headers["x-real-ip"] as string | undefined) ?? null,
          ip: requestClientIp(req.headers),
          ...(req.url === "/proto" ? { proto: (req.headers["x-forwarded-proto"] as string | undefined) ?? null } : {}),
        };
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(seen));
      }),
    );
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });

  test("with no trusted proxy, a client's X-Forwarded-For and X-Real-IP are replaced by its socket address", async () => {
    setEnvForTests({ TRUSTED_PROXIES: undefined });
    for (const spoofed of ["203.0.113.9", "198.51.100.1, 203.0.113.10", "garbage"]) {
      expect(await send({ "x-forwarded-for": spoofed, "x-real-ip": "192.0.2.55" })).toEqual({ forwardedFor: "127.0.0.1", realIp: null, ip: "127.0.0.1" });
    }
    expect(await send({})).toEqual({ forwardedFor: "127.0.0.1", realIp: null, ip: "127.0.0.1" });
    // Nor does it say which protocol it came over (HSTS, Next's own origin checks).
    expect((await send({ "x-forwarded-proto": "https" }, "/proto")).proto).toBeNull();
  });

  test("a peer that is a trusted proxy has its X-Forwarded-For (else X-Real-IP) kept, and the client is the right-most untrusted entry", async () => {
    setEnvForTests({ TRUSTED_PROXIES: "127.0.0.1" });
    expect(await send({ "x-forwarded-for": "203.0.113.9" })).toEqual({ forwardedFor: "203.0.113.9, 127.0.0.1", realIp: null, ip: "203.0.113.9" });
    // What a client put in front of the proxy's entry does not change who it is.
    expect((await send({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" })).ip).toBe("203.0.113.9");
    expect((await send({ "x-real-ip": "203.0.113.20" })).ip).toBe("203.0.113.20");
    expect((await send({})).ip).toBe("127.0.0.1");
    expect((await send({ "x-forwarded-proto": "https" }, "/proto")).proto).toBe("https");
  });

  test("another address is not a trusted proxy: its headers are dropped", async () => {
    setEnvForTests({ TRUSTED_PROXIES: "10.0.0.0/8" });
    expect(await send({ "x-forwarded-for": "203.0.113.9" })).toEqual({ forwardedFor: "127.0.0.1", realIp: null, ip: "127.0.0.1" });
  });
});

test("the chain is read from the right, skipping trusted proxies (RFC 7239 section 7.4)", () => {
  setEnvForTests({ TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1" });
  expect(clientIpFrom("6.6.6.6, 5.5.5.5, 10.1.2.3")).toBe("5.5.5.5");
  expect(clientIpFrom("6.6.6.6, 5.5.5.5, 10.1.2.3, 127.0.0.1")).toBe("5.5.5.5");
  expect(clientIpFrom("::ffff:5.5.5.5, ::ffff:127.0.0.1")).toBe("5.5.5.5");
  expect(clientIpFrom("10.0.0.1, 127.0.0.1")).toBe("10.0.0.1");
  expect(clientIpFrom(null)).toBe("local");
  expect(clientIpFrom("not-an-ip")).toBe("local");
  setEnvForTests({ TRUSTED_PROXIES: undefined });
});
