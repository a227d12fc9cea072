/**
 * Which public pages are served from Next's cache, and how signed-in visitors are kept out of
 * that cache (issue 14, point 1).
 *
 * - Cached for anonymous visitors (app/(public)): home, /about, /nonprofit/{id or nickname},
 *   /fundraiser/{id} and /event/{id}. Their HTML is the same for every anonymous visitor.
 *   The search page's shell (/search) is cached for every visitor, signed in or not.
 * - A request carrying a next-auth session cookie is rewritten by the proxy to the page's
 *   per-request twin under MEMBER_PREFIX (app/(member)), which reads the session: the top bar
 *   shows the account and owners get their tools. The address in the browser does not change.
 * - Home is rendered at HOME_ROUTE, to which the proxy rewrites an anonymous "/".
 * - MEMBER_PREFIX and HOME_ROUTE are not public addresses: the proxy answers them 404.
 * Pure functions of the path and the cookie names, shared by the proxy and the tests.
 */

/** The internal path prefix of the per-request twins of the cached pages. */
export const MEMBER_PREFIX = "/member";

/**
 * The internal address the cached home page is rendered at (app/(public)/home/[edition]): under
 * a dynamic segment, so it is rendered on its first request rather than at build time.
 */
export const HOME_ROUTE = "/home/anonymous";

/** Internal addresses, answered 404 when asked for directly. */
const INTERNAL_PREFIXES = [MEMBER_PREFIX, "/home"];

/** Single-segment children of /event and /nonprofit that are other pages, not an id. */
const NOT_AN_ID: Record<string, ReadonlySet<string>> = {
  event: new Set(["tickets"]),
  nonprofit: new Set(["events"]),
};

/**
 * Cached pages that show nothing of the visitor (no top bar): served from cache to signed-in
 * visitors too, without a per-request twin. The search page's shell reads its search from the
 * URL in the browser.
 */
const SAME_FOR_EVERYONE: ReadonlySet<string> = new Set(["/search"]);

/** True when `pathname` (no query string) is one of the cached public pages. */
export function isCachedPublicPage(pathname: string): boolean {
  if (pathname === "/" || pathname === "/about" || SAME_FOR_EVERYONE.has(pathname)) return true;
  const m = /^\/(fundraiser|event|nonprofit)\/([^/]+)$/.exec(pathname);
  if (!m) return false;
  return !NOT_AN_ID[m[1]!]?.has(m[2]!);
}

/** True when a signed-in visitor of cached page `pathname` gets its per-request twin. */
export function hasMemberTwin(pathname: string): boolean {
  return isCachedPublicPage(pathname) && !SAME_FOR_EVERYONE.has(pathname);
}

/** True when `pathname` is an internal address (a member twin or the home route). */
export function isInternalPath(pathname: string): boolean {
  return INTERNAL_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Where an anonymous visitor's cached page is rendered: HOME_ROUTE for "/", else the page's own path. */
export function cachedPageRoute(pathname: string): string {
  return pathname === "/" ? HOME_ROUTE : pathname;
}

/** The per-request twin of cached page `pathname`: "/" → "/member", "/about" → "/member/about". */
export function memberPath(pathname: string): string {
  return pathname === "/" ? MEMBER_PREFIX : `${MEMBER_PREFIX}${pathname}`;
}

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
