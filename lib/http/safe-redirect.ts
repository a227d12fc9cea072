/**
 * The one check for every redirect to a path a user (or a link) supplied: /login's
 * callbackUrl, next-auth's redirect callback, and any other "come back to" parameter.
 * Accepted: a same-origin relative path that starts with exactly one "/". Refused: absolute
 * URLs, scheme-relative "//host", "/\host" (browsers read "\" as "/"), the same with tabs or
 * line breaks in between (browsers drop them), and percent-encoded forms of these.
 * Source: OWASP Unvalidated Redirects and Forwards Cheat Sheet; WHATWG URL parsing.
 */

const BASE = "http://givebridge.invalid";

/** The value as typed: one leading "/", no backslash, no whitespace or control character (browsers drop or rewrite them). */
function looksSafe(value: string): boolean {
  return value.startsWith("/") && value[1] !== "/" && !/[\u0000-\u0020\u007F\\]/.test(value);
}

/** A decoded form: must not turn into "//host" or "/\host" (tabs and line breaks ignored, as browsers do). */
function decodedStaysLocal(value: string): boolean {
  const v = value.replace(/[\t\n\r]/g, "");
  return v.startsWith("/") && v[1] !== "/" && v[1] !== "\\";
}

/**
 * `raw` when it is a safe same-origin path (normalized: path, query and fragment), else `fallback`.
 * Never throws.
 */
export function safeRedirectPath(raw: unknown, fallback = "/dashboard"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  // Every decoding of the value must look safe too ("%2F%5Cevil.example", "/%2F%2Fevil").
  if (!looksSafe(value)) return fallback;
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    if (!decodedStaysLocal(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * next-auth's redirect callback: a relative path or a URL on the app's own origin, made safe;
 * anything else goes to the app's base URL.
 */
export function safeAuthRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  const base = new URL(baseUrl);
  let path: unknown = url;
  if (!url.startsWith("/")) {
    try {
      const target = new URL(url);
      if (target.origin !== base.origin) return baseUrl;
      path = `${target.pathname}${target.search}${target.hash}`;
    } catch {
      return baseUrl;
    }
  }
  const safe = safeRedirectPath(path, "");
  return safe ? `${base.origin}${safe}` : baseUrl;
}
