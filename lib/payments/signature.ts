/**
 * HMAC-SHA256 webhook signatures in Stripe's header format: `t=<unix seconds>,v1=<hex>` over
 * `${t}.${rawBody}`. Used by the sandbox provider so that its events go through the same
 * verify-then-record path as Stripe's.
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/** Sign `body` at `timestamp` (unix seconds). */
export function signPayload(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/**
 * True when `header` carries a valid signature of `body` no older than `toleranceSeconds`.
 * Never throws.
 */
export function verifySignature(body: string, header: string | null, secret: string, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
