/**
 * The security headers of every response, built per request by the Next proxy (proxy.ts).
 *
 * - Content-Security-Policy with a fresh nonce per request (Next reads the nonce from the
 *   request's CSP header and puts it on its own scripts). Scripts run only with the nonce
 *   ('strict-dynamic' lets a trusted script load others); no 'unsafe-inline' scripts.
 *   Exception: the public pages served from cache (lib/cache/cached-pages.ts) are one HTML for
 *   every visitor, so they cannot carry a per-request nonce: their policy (nonce null) allows
 *   scripts from our own origin and Next's inline bootstrap scripts ('self' 'unsafe-inline').
 *   Those pages hold no form that takes a secret (an owner's profile editors, which load over
 *   them for signed-in owners, take none either) and render only React-escaped text; every
 *   other directive (no plugins, no framing, connect/img/form targets) stays as strict.
 *   See docs/decisions/0006-public-pages-from-cache.md and 0011-signed-in-extras-in-the-browser.md.
 *   Stripe's and PayPal's hosts are allowed only on the pages where their forms load
 *   (PAYMENT_FORM_PATHS and the embeddable routes).
 * - frame-ancestors 'none' + X-Frame-Options: DENY, except on routes built to be embedded
 *   (lib/http/embeddable.ts), which may be framed by any site.
 * - X-Content-Type-Options, Referrer-Policy, Permissions-Policy, Cross-Origin-Opener-Policy,
 *   and Strict-Transport-Security when the request came over https.
 * Sources: CSP Level 3 (W3C), RFC 6797 (HSTS), Next.js "Content Security Policy" guide.
 */
import { isEmbeddablePath } from "./embeddable";

/** Page path prefixes where Stripe's or PayPal's payment forms load (checkout, tickets, completion pages). */
export const PAYMENT_FORM_PATHS: readonly string[] = [
  "/donation/",
  "/event/tickets",
  "/complete-donation",
  "/complete-donation-google-apple",
  "/complete-paypal-donation",
  "/cancle-paypal-donation",
];

/** True when the page at `pathname` loads a payment provider's form (so its hosts are allowed). */
export function loadsPaymentForms(pathname: string): boolean {
  return isEmbeddablePath(pathname) || PAYMENT_FORM_PATHS.some((p) => pathname === p || pathname.startsWith(p.endsWith("/") ? p : `${p}/`));
}

const STRIPE = { script: ["https://js.stripe.com"], frame: ["https://js.stripe.com", "https://hooks.stripe.com"], connect: ["https://api.stripe.com", "https://r.stripe.com"], img: ["https://*.stripe.com"] };
const PAYPAL = {
  script: ["https://www.paypal.com", "https://*.paypal.com"],
  frame: ["https://www.paypal.com", "https://*.paypal.com"],
  connect: ["https://*.paypal.com"],
  img: ["https://*.paypal.com", "https://*.paypalobjects.com"],
};

/** A fresh nonce: 16 random bytes, base64 (CSP nonce-source). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export type SecurityHeaderOptions = {
  pathname: string;
  /** This response's CSP nonce; null for a page served from cache (one HTML for everyone). */
  nonce: string | null;
  /** The request came over https (directly or as X-Forwarded-Proto from the proxy in front). */
  https: boolean;
  /** Development server: React needs eval for its debugging tools and the dev overlay. */
  dev?: boolean;
  /** Extra origins the page loads images from (e.g. the S3 bucket's public URL). */
  imageOrigins?: readonly string[];
};

/** The Content-Security-Policy value for one response. */
export function contentSecurityPolicy(o: SecurityHeaderOptions): string {
  const payments = loadsPaymentForms(o.pathname);
  const embeddable = isEmbeddablePath(o.pathname);
  const pick = (k: keyof typeof STRIPE) => (payments ? [...STRIPE[k], ...PAYPAL[k]] : []);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      ...(o.nonce ? [`'nonce-${o.nonce}'`, "'strict-dynamic'"] : ["'unsafe-inline'"]),
      ...(o.dev ? ["'unsafe-eval'"] : []),
      ...pick("script"),
    ],
    // Style attributes (React `style={…}`, Radix positioning, the image cropper) need inline styles.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...(o.imageOrigins ?? []), ...pick("img")],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(o.dev ? ["ws:"] : []), ...pick("connect")],
    "frame-src": payments ? pick("frame") : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...(payments ? ["https://*.paypal.com", "https://hooks.stripe.com"] : [])],
    "frame-ancestors": embeddable ? ["*"] : ["'none'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
  };
  const parts = Object.entries(directives).map(([k, v]) => `${k} ${v.join(" ")}`);
  if (o.https) parts.push("upgrade-insecure-requests");
  return parts.join("; ");
}

/** Every security header of one response (CSP included), by name. */
export function securityHeaders(o: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(o),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": loadsPaymentForms(o.pathname)
      ? 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com" "https://www.paypal.com")'
      : "camera=(), microphone=(), geolocation=(), usb=(), payment=()",
    // PayPal's and Stripe's pop-ups talk back to the opener on payment pages.
    "Cross-Origin-Opener-Policy": loadsPaymentForms(o.pathname) ? "same-origin-allow-popups" : "same-origin",
  };
  if (!isEmbeddablePath(o.pathname)) headers["X-Frame-Options"] = "DENY";
  if (o.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
