/**
 * Where outgoing webhooks may go (server-side request forgery defence, OWASP SSRF prevention
 * cheat sheet). An endpoint is a nonprofit's own URL, so the server must never be turned into a
 * way to reach this machine or the private network it runs in (metadata services, databases,
 * admin consoles).
 *
 * - Registration: https only; plain http only for a loopback host (localhost, 127.0.0.1, [::1])
 *   and only while local targets are allowed. While they are not, a host that is an IP address
 *   on a non-public range (ipaddr.js ranges other than "unicast": private, loopback,
 *   link-local, carrier-grade NAT, unique-local, reserved, ...) or a local name (localhost,
 *   *.localhost, *.local, *.internal, *.home.arpa, names without a dot) is refused.
 * - Delivery: the host's DNS answers are checked at connect time, inside the socket's own
 *   lookup, so the address checked is the address connected to (no DNS rebinding between the
 *   check and the connection); redirects are never followed.
 *
 * Local targets are allowed outside production, on an installation whose payments run on the
 * built-in sandbox provider (an offline trial: `npm start` with no provider keys, where the
 * nonprofit's receiver can only be on this machine), or when WEBHOOK_ALLOW_LOCAL_TARGETS=1;
 * WEBHOOK_ALLOW_LOCAL_TARGETS=0 refuses them everywhere. With real payments (Stripe or PayPal
 * configured) in production they are refused unless set.
 */
import dns from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { serverEnv } from "@/lib/env";
import { activeProviderName } from "@/lib/payments";
import { messages } from "@/lib/validations/messages";

/** True when webhooks may go to this machine and private networks (see the module comment). */
export function localTargetsAllowed(): boolean {
  const env = serverEnv();
  return env.WEBHOOK_ALLOW_LOCAL_TARGETS ?? (env.NODE_ENV !== "production" || activeProviderName() === "sandbox");
}

/** True for an address on the public internet (ipaddr.js range "unicast"; IPv4-mapped IPv6 as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/** The URL's host without IPv6 brackets or a trailing dot. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
}

function isLoopbackHost(host: string): boolean {
  if (/^localhost$/i.test(host)) return true;
  return isIP(host) !== 0 && ipaddr.process(host).range() === "loopback";
}

/**
 * Whether an endpoint URL (already a valid http(s) address, lib/validations/webhooks.ts) may
 * be registered on this server.
 * @returns null, or the message to show (messages.webhooks.urlHttpsRequired / urlPrivate).
 */
export function registrationProblem(raw: string): string | null {
  const url = new URL(raw);
  const host = hostOf(url);
  const local = localTargetsAllowed();
  if (url.protocol === "http:" && !(local && isLoopbackHost(host))) return messages.webhooks.urlHttpsRequired;
  if (local) return null;
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : messages.webhooks.urlPrivate;
  if (LOCAL_NAME.test(host) || !host.includes(".")) return messages.webhooks.urlPrivate;
  return null;
}

/** The error recorded for an attempt refused by this guard. */
export const PRIVATE_TARGET_ERROR = "Refused: the address is not on the public internet";

/** Before connecting: a URL whose host is an IP literal (no DNS lookup happens) must be public. */
export function literalTargetProblem(url: URL): string | null {
  if (localTargetsAllowed()) return null;
  const host = hostOf(url);
  return isIP(host) !== 0 && !isPublicAddress(host) ? PRIVATE_TARGET_ERROR : null;
}

/**
 * A socket lookup (node:net `lookup` option) that resolves like dns.lookup and fails when any
 * answer is not a public address. Used for every delivery while local targets are not allowed.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => !isPublicAddress(a.address))) {
      return callback(Object.assign(new Error(PRIVATE_TARGET_ERROR), { code: "EPRIVATETARGET" }), "", 0);
    }
    if (options.all) return callback(null, list as never);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
