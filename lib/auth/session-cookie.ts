/**
 * Whether a request carries a next-auth session cookie: the proxy rewrites such a visitor of a
 * cached public page (lib/cache/cached-pages.ts) to the page's per-request twin.
 */

/**
 * True when one of `cookieNames` is next-auth's session cookie ("next-auth.session-token", its
 * "__Secure-" form on https, or a chunk ".0", ".1"… of a large one). Its validity is not checked
 * here: an expired cookie only costs a per-request render, which then shows the visitor as
 * signed out.
 */
export function hasSessionCookie(cookieNames: Iterable<string>): boolean {
  for (const name of cookieNames) if (/^(__Secure-)?next-auth\.session-token(\.\d+)?$/.test(name)) return true;
  return false;
}
