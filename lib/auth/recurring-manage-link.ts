/**
 * The signed link that lets a donor manage a monthly gift without signing in
 * (receipts and reminders carry it). The token is "<expiry, epoch seconds>.<signature>", the
 * signature an HMAC-SHA256 keyed with the auth secret over "recurring-manage:<gift id>:<expiry>"
 * (base64url), so a token opens one gift only, cannot be altered or extended, and stops
 * working at its expiry. Every email carries a fresh one.
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/config/signing-secret";
import { baseUrl } from "@/lib/env";

/** How long a manage link works: 60 days (each receipt and reminder brings a new one). */
export const MANAGE_LINK_TTL_MS = 60 * 24 * 60 * 60 * 1000;

function signature(giftId: string, expirySeconds: number): string {
  return createHmac("sha256", authSecret()).update(`recurring-manage:${giftId}:${expirySeconds}`).digest("base64url");
}

/** A manage token for `giftId`, valid until `now` + MANAGE_LINK_TTL_MS. */
export function recurringManageToken(giftId: string, now: Date = new Date()): string {
  const expiry = Math.floor((now.getTime() + MANAGE_LINK_TTL_MS) / 1000);
  return `${expiry}.${signature(giftId, expiry)}`;
}

/** The absolute URL of the manage page for `giftId`, with a fresh token. */
export function recurringManageUrl(giftId: string, now: Date = new Date()): string {
  return `${baseUrl()}/recurring/${encodeURIComponent(giftId)}?token=${recurringManageToken(giftId, now)}`;
}

/**
 * Check a token for `giftId` at `now`: "valid", "expired" (a genuine token past its expiry)
 * or "invalid" (missing, malformed, altered or for another gift). Constant-time compare;
 * never throws.
 */
export function checkRecurringManageToken(giftId: string, token: unknown, now: Date = new Date()): "valid" | "expired" | "invalid" {
  if (typeof token !== "string" || token.length > 200) return "invalid";
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid";
  const expiry = Number(match[1]);
  const expected = Buffer.from(signature(giftId, expiry));
  const given = Buffer.from(match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expiry * 1000 > now.getTime() ? "valid" : "expired";
}
