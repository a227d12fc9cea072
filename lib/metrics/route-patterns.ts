/**
 * The app/ route pattern of a request path ("/api/receipts/abc" -> "/api/receipts/[id]"), for
 * the request-duration metric's `route` label: a concrete URL would make one series per
 * donation. The patterns come from the build's routes manifest (.next/routes-manifest.json:
 * `staticRoutes` and `dynamicRoutes`, each `{ page, regex }`) and, for the static app/ routes
 * that manifest leaves out (the home page), .next/app-path-routes-manifest.json's paths; both
 * are read once at start.
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
export function routePatternMatcher(manifest: { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] }, appPaths: string[] = []): RoutePatternOf {
  const exact = new Map((manifest.staticRoutes ?? []).map((r) => [r.page, r.page]));
  for (const p of appPaths) if (!p.includes("[")) exact.set(p, p);
  const dynamic = (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  return (pathname) => {
    const p = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    // The home page is always "/", whichever app/ page proxy.ts rewrites it to.
    if (p === "/") return "/";
    if (p.startsWith("/_next/")) return "/_next";
    const hit = exact.get(p);
    if (hit) return hit;
    for (const r of dynamic) if (r.regex.test(p)) return r.page;
    return "unmatched";
  };
}

/** The matcher of the build in `dir` (its .next manifests); every path "unmatched" when there is none. */
export function routePatternsOfBuild(dir: string): RoutePatternOf {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, ".next", name), "utf8")) as unknown;
  try {
    let appPaths: string[] = [];
    try {
      appPaths = Object.values(read("app-path-routes-manifest.json") as Record<string, string>);
    } catch {
      appPaths = [];
    }
    return routePatternMatcher(read("routes-manifest.json") as Parameters<typeof routePatternMatcher>[0], appPaths);
  } catch {
    return () => "unmatched";
  }
}
