/**
 * Whether a request carries a next-auth session cookie, and the hint that tells the browser so.
 * The session cookie is HttpOnly; the cached public pages (lib/cache/cached-pages.ts) are the
 * same HTML for everyone and load a signed-in visitor's extras in the browser
 * (components/layout/browser-session.ts), which must know whether to ask for them.
 */

/**
 * A cookie the proxy keeps in step with the session cookie: "1" while the request carries one,
 * absent otherwise. Readable by the page's scripts (not HttpOnly); it holds no secret and no
 * identity, and grants nothing: it only saves anonymous visitors a request for a session they
 * do not have. The session itself is always read from the server (/api/auth/session).
 */
export const SIGNED_IN_HINT_COOKIE = "gb-signed-in";

/**
 * True when one of `cookieNames` is next-auth's session cookie ("next-auth.session-token", its
 * "__Secure-" form on https, or a chunk ".0", ".1"… of a large one). Its validity is not checked
 * here: an expired cookie only costs the browser one session request, which then shows the
 * visitor as signed out.
 */
export function hasSessionCookie(cookieNames: Iterable<string>): boolean {
  for (const name of cookieNames) if (/^(__Secure-)?next-auth\.session-token(\.\d+)?$/.test(name)) return true;
  return false;
}
