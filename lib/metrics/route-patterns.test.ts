/** The request-duration metric's route label: the app/ pattern of a path, never the path itself. */
import { routePatternMatcher } from "./route-patterns";

// The shape of .next/routes-manifest.json's route lists (regexes as Next writes them).
const manifest = {
  staticRoutes: [{ page: "/api/health", regex: "^/api/health(?:/)?$" }],
  dynamicRoutes: [
    { page: "/api/receipts/[id]", regex: "^/api/receipts/([^/]+?)(?:/)?$" },
    { page: "/fundraiser/[slug]", regex: "^/fundraiser/([^/]+?)(?:/)?$" },
  ],
};

describe("routePatternMatcher", () => {
  // app-path-routes-manifest.json's paths (static pages missing from the first manifest).
  const of = routePatternMatcher(manifest, ["/about", "/fundraiser/[slug]"]);
  test("names a dynamic route by its pattern, a static one by its path", () => {
    expect(of("/api/receipts/0b6c9c1e-1111-4222-8333-444455556666")).toBe("/api/receipts/[id]");
    expect(of("/fundraiser/winter-pantry/")).toBe("/fundraiser/[slug]");
    expect(of("/api/health")).toBe("/api/health");
    expect(of("/")).toBe("/");
    expect(of("/about")).toBe("/about");
  });
  test("keeps the label set bounded: build assets and unknown paths share one label each", () => {
    expect(of("/_next/static/chunks/abc.js")).toBe("/_next");
    expect(of("/wp-admin/install.php")).toBe("unmatched");
    expect(of("/api/receipts/a/b")).toBe("unmatched");
  });
});
