/**
 * The client's IP address, believing X-Forwarded-For only as far as configured proxies
 * (TRUSTED_PROXIES) vouch for it (RFC 7239 section 7.4; the "right-most untrusted address"
 * rule). `next start` records the peer address in X-Forwarded-For only when the request has
 * none, so:
 *  - with no trusted proxy, only the right-most entry (the peer, or the last hop's claim) is
 *    used, and a client that prepends addresses does not change it;
 *  - behind trusted proxies that append the peer they saw, entries are read from the right,
 *    skipping trusted proxies; the first other address is the client.
 */
import { BlockList, isIP } from "node:net";
import { serverEnv } from "@/lib/env";

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

/**
 * The client address from an X-Forwarded-For value (and X-Real-IP as a fallback), or "local"
 * when there is none.
 */
export function clientIpFrom(forwardedFor: string | null | undefined, realIp?: string | null): string {
  const list = trustedProxies();
  const hops = (forwardedFor ?? "")
    .split(",")
    .map(normalize)
    .filter((s): s is string => s !== null);
  if (hops.length === 0) return (realIp && normalize(realIp)) || "local";
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(list, hops[i]!)) return hops[i]!;
  }
  // Every hop is a trusted proxy: the left-most is the closest thing to the client.
  return hops[0]!;
}
