/**
 * The app/ route pattern of a request path ("/api/receipts/abc" -> "/api/receipts/[id]"), for
 * the request-duration metric's `route` label: a concrete URL would make one series per
 * donation. The patterns come from the build's routes manifest (.next/routes-manifest.json:
 * `staticRoutes` and `dynamicRoutes`, each `{ page, regex }`), read once at start.
 */
import fs from "node:fs";
import path from "node:path";

type ManifestRoute = { page: string; regex: string };
/** Maps a request path (no query) to its route pattern label. */
export type RoutePatternOf = (pathname: string) => string;

/**
 * A matcher over `manifest`'s routes: static routes by exact path, then dynamic ones in the
 * manifest's order (Next's own precedence). "/_next" for the build's assets, "unmatched" for
 * anything else (404s), so the label set stays bounded.
 */
export function routePatternMatcher(manifest: { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] }): RoutePatternOf {
  const exact = new Map((manifest.staticRoutes ?? []).map((r) => [r.page, r.page]));
  const dynamic = (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  return (pathname) => {
    const p = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    if (p.startsWith("/_next/")) return "/_next";
    const hit = exact.get(p);
    if (hit) return hit;
    for (const r of dynamic) if (r.regex.test(p)) return r.page;
    return "unmatched";
  };
}

/** The matcher of the build in `dir` (its .next/routes-manifest.json); every path "unmatched" when there is none. */
export function routePatternsOfBuild(dir: string): RoutePatternOf {
  try {
    return routePatternMatcher(JSON.parse(fs.readFileSync(path.join(dir, ".next", "routes-manifest.json"), "utf8")));
  } catch {
    return () => "unmatched";
  }
}
