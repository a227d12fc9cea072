/**
 * Routes built to be shown inside another site's frame (the embeddable donate form). Every
 * other route is sent with `frame-ancestors 'none'` and `X-Frame-Options: DENY`; these get a
 * policy that allows framing. One list, read by the security headers and by the embed routes.
 */

/** Path prefixes whose pages may be framed by any site (e.g. "/embed/…"). */
export const EMBEDDABLE_PATH_PREFIXES: readonly string[] = ["/embed/"];

/** True when `pathname` (no query string) belongs to a route built to be embedded. */
export function isEmbeddablePath(pathname: string): boolean {
  return EMBEDDABLE_PATH_PREFIXES.some((prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix));
}

