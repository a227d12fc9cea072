/**
 * The signed link in an organization's message to its supporters that unsubscribes one
 * supporter page from such messages without signing in. The token is an HMAC-SHA256 keyed with
 * the auth secret over "supporter-unsubscribe:<page id>" (base64url), so it opens one page only
 * and cannot be forged; it does not expire (an unsubscribe link must keep working: RFC 8058 and
 * the CAN-SPAM Act's 30-day opt-out rule, 16 CFR 316.5).
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/config/signing-secret";
import { baseUrl } from "@/lib/env";

/** The unsubscribe token of supporter page `pageId` (43 base64url characters). */
export function supporterUnsubscribeToken(pageId: string): string {
  return createHmac("sha256", authSecret()).update(`supporter-unsubscribe:${pageId}`).digest("base64url");
}

/** "{base URL}/supporter-pages/unsubscribe?page={id}&token={token}": the absolute unsubscribe link of `pageId`. */
export function supporterUnsubscribeUrl(pageId: string): string {
  return `${baseUrl()}/supporter-pages/unsubscribe?page=${encodeURIComponent(pageId)}&token=${supporterUnsubscribeToken(pageId)}`;
}

/** Whether `token` is the unsubscribe token of `pageId`. Constant-time compare; never throws. */
export function checkSupporterUnsubscribeToken(pageId: unknown, token: unknown): boolean {
  if (typeof pageId !== "string" || pageId.length === 0 || pageId.length > 64) return false;
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const expected = Buffer.from(supporterUnsubscribeToken(pageId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
