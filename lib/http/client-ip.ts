/**
 * The client's IP address. A header alone never says who the client
 * is: any client can send X-Forwarded-For. The address comes from the TCP socket, which only
 * the HTTP server sees, so the app's own server (scripts/server.ts, what `npm start` and
 * `npm run serve` run) rewrites the forwarded headers of every request before Next sees it
 * ({@link forwardedForOf}):
 *  - from a peer that is not a trusted proxy (TRUSTED_PROXIES), any X-Forwarded-For and
 *    X-Real-IP (and X-Forwarded-Proto/-Host/-Port, Forwarded) are dropped and X-Forwarded-For
 *    becomes the socket's peer address;
 *  - from a trusted proxy, the peer is appended to the chain the proxy sent.
 * Route handlers then read the right-most address that is not a trusted proxy (RFC 7239
 * section 7.4), which is the peer itself when no proxy is configured.
 *
 * When the process is not served by that server (`next dev`, a bare `next start`, tests),
 * nothing vouches for the header, so every request reads as the one address "local".
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { BlockList, isIP } from "node:net";
import { serverEnv } from "@/lib/env";

/** Set on globalThis by scripts/server.ts: the forwarded headers of this process are its own. */
const PEER_SERVER = Symbol.for("givebridge.peer-address-server");

function markPeerAddressServer(): void {
  (globalThis as Record<symbol, unknown>)[PEER_SERVER] = true;
}

function servedByPeerAddressServer(): boolean {
  return (globalThis as Record<symbol, unknown>)[PEER_SERVER] === true;
}

let cached: { spec: string | undefined; list: BlockList } | undefined;

/** The trusted proxies of TRUSTED_PROXIES as a BlockList (IPs and CIDR ranges, v4 and v6). */
function trustedProxies(): BlockList {
  const spec = serverEnv().TRUSTED_PROXIES;
  if (cached && cached.spec === spec) return cached.list;
  const list = new BlockList();
  for (const raw of (spec ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [addr, bits] = raw.split("/");
    const type = isIP(addr ?? "") === 6 ? "ipv6" : "ipv4";
    if (!isIP(addr ?? "")) continue;
    if (bits !== undefined && /^\d+$/.test(bits)) list.addSubnet(addr!, Number(bits), type);
    else list.addAddress(addr!, type);
  }
  cached = { spec, list };
  return list;
}

/** Strip brackets, ports and the IPv4-mapped IPv6 prefix; null for anything that is not an IP. */
function normalize(entry: string): string | null {
  let s = entry.trim();
  const bracket = s.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracket) s = bracket[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(":"));
  if (s.toLowerCase().startsWith("::ffff:") && isIP(s.slice(7)) === 4) s = s.slice(7);
  return isIP(s) ? s : null;
}

function isTrusted(list: BlockList, ip: string): boolean {
  return list.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

/** True when the socket peer `peer` is one of TRUSTED_PROXIES. */
export function isTrustedPeer(peer: string | undefined): boolean {
  const ip = normalize(peer ?? "");
  return !!ip && isTrusted(trustedProxies(), ip);
}

const headerText = (v: string | string[] | undefined): string => (Array.isArray(v) ? v.join(", ") : (v ?? "")).trim();

/**
 * The X-Forwarded-For value the app's server gives a request that arrived from socket peer
 * `peer` with `headers`: the peer alone, unless the peer is a trusted proxy, whose own
 * X-Forwarded-For (else X-Real-IP) is kept in front of it. Null when the peer is unknown.
 */
export function forwardedForOf(peer: string | undefined, headers: IncomingHttpHeaders): string | null {
  const ip = normalize(peer ?? "");
  if (!ip) return null;
  if (!isTrusted(trustedProxies(), ip)) return ip;
  const prior = headerText(headers["x-forwarded-for"]) || headerText(headers["x-real-ip"]);
  return prior ? `${prior}, ${ip}` : ip;
}

/**
 * The client address in an X-Forwarded-For chain written by {@link forwardedForOf}: the
 * right-most entry that is not a trusted proxy, or "local" when there is none.
 */
export function clientIpFrom(forwardedFor: string | null | undefined): string {
  const list = trustedProxies();
  const hops = (forwardedFor ?? "")
    .split(",")
    .map(normalize)
    .filter((s): s is string => s !== null);
  if (hops.length === 0) return "local";
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(list, hops[i]!)) return hops[i]!;
  }
  // Every hop is a trusted proxy: the left-most is the closest thing to the client.
  return hops[0]!;
}

/**
 * The client address of a request with these headers: from the chain the app's server wrote,
 * or "local" when no such server runs in this process (then no header is believed).
 */
export function requestClientIp(headers: Headers | IncomingHttpHeaders | undefined): string {
  if (!servedByPeerAddressServer() || !headers) return "local";
  return clientIpFrom(headers instanceof Headers ? headers.get("x-forwarded-for") : headerText(headers["x-forwarded-for"]));
}

/**
 * Wrap an HTTP request handler (Next's) so every request's forwarded headers are the ones
 * {@link forwardedForOf} gives it, whatever the client sent; marks the process as served so.
 */
export function withPeerAddress(handle: (req: IncomingMessage, res: ServerResponse) => unknown): (req: IncomingMessage, res: ServerResponse) => unknown {
  markPeerAddressServer();
  return (req, res) => {
    const forwardedFor = forwardedForOf(req.socket.remoteAddress, req.headers);
    // What a client says about the connection is dropped unless a trusted proxy says it; Next
    // then fills in the protocol, host and port from the connection itself.
    if (!isTrustedPeer(req.socket.remoteAddress)) {
      for (const name of ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-port", "forwarded"]) delete req.headers[name];
    }
    delete req.headers["x-real-ip"];
    if (forwardedFor) req.headers["x-forwarded-for"] = forwardedFor;
    else delete req.headers["x-forwarded-for"];
    return handle(req, res);
  };
}
