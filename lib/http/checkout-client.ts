/**
 * The request side of the checkout defences (lib/services/payments/checkout-defences.ts):
 * the client's IP, its device cookie and the guest's challenge payload; and the device
 * cookie set on the answer when the browser had none (a random id, HttpOnly, one year).
 */
import { randomBytes } from "node:crypto";
import type { NextRequest, NextResponse } from "next/server";
import { baseUrl } from "@/lib/env";
import type { CheckoutClient } from "@/lib/services/payments/checkout-defences";
import { requestClientIp } from "./client-ip";

export const DEVICE_COOKIE = "gb_device";
const DEVICE_RE = /^[A-Za-z0-9_-]{16,64}$/;

/** The checkout client of a request, with a new device id when the cookie is missing or malformed. */
export function checkoutClientOf(req: NextRequest, challenge: string | null | undefined): CheckoutClient & { device: string; newDevice: boolean } {
  const cookie = req.cookies.get(DEVICE_COOKIE)?.value;
  const valid = cookie && DEVICE_RE.test(cookie) ? cookie : null;
  return {
    ip: requestClientIp(req.headers),
    device: valid ?? randomBytes(18).toString("base64url"),
    newDevice: !valid,
    challenge: challenge ?? null,
  };
}

/**
 * Set the device cookie on `res` when the request had none. Over https it is also kept by the
 * embeddable donate form framed on other sites (lib/http/embeddable.ts), where a SameSite=Lax
 * cookie is never stored: SameSite=None, Secure and Partitioned (CHIPS: one cookie per host
 * site, so it cannot follow a donor across sites). It only identifies a browser for the
 * velocity limits, never a session, so sending it cross-site opens no request forgery.
 */
export function withDeviceCookie(res: NextResponse, client: { device: string; newDevice: boolean }): NextResponse {
  if (client.newDevice) {
    const secure = baseUrl().startsWith("https://");
    res.cookies.set(DEVICE_COOKIE, client.device, {
      httpOnly: true,
      sameSite: secure ? "none" : "lax",
      partitioned: secure,
      path: "/",
      secure,
      maxAge: 365 * 24 * 60 * 60,
    });
  }
  return res;
}
