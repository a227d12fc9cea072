/**
 * The donation access token: an HMAC of the donation id with the auth secret. It lets a
 * guest donor open their result page and PDF receipt (links in the thank-you page and the
 * receipt email) without an account, and nobody else guess them.
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/config/signing-secret";

/** The access token of a donation (32 url-safe characters). */
export function donationAccessToken(donationId: string): string {
  return createHmac("sha256", authSecret()).update(`donation:${donationId}`).digest("base64url").slice(0, 32);
}

/** True when `token` is the access token of `donationId`. Never throws. */
export function checkDonationAccessToken(donationId: string, token: string | null | undefined): boolean {
  if (!token) return false;
  const a = Buffer.from(donationAccessToken(donationId));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
