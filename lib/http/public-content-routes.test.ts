import fs from "node:fs";
import path from "node:path";
import { changesPublicContent, OTHER_WRITE_ROUTES, PUBLIC_CONTENT_WRITE_ROUTES, routePatternRegExp } from "./public-content-routes";

/** Every app/api route file that exports a write method, as its folder pattern ("/api/events/[id]"). */
function writeRoutes(): string[] {
  const root = path.join(process.cwd(), "app");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts" && /export (const|async function|function) (POST|PUT|DELETE|PATCH)\b|export \{[^}]*\b(POST|PUT|DELETE|PATCH)\b/.test(fs.readFileSync(full, "utf8"))) {
        // Route groups ("(spec)", "(app)", ...) are not part of the URL (Next's route groups).
        found.push("/" + path.relative(root, dir).split(path.sep).filter((segment) => !/^\(.*\)$/.test(segment)).join("/"));
      }
    }
  };
  walk(path.join(root, "api"));
  return found.sort();
}

describe("which writes refresh the cached public pages (lib/http/public-content-routes.ts)", () => {
  const routes = writeRoutes();

  test("every write route of app/api is classified exactly once, and every entry is a real route", () => {
    expect(routes.length).toBeGreaterThan(60);
    const listed = [...PUBLIC_CONTENT_WRITE_ROUTES, ...OTHER_WRITE_ROUTES];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(routes);
  });

  test("edits of profiles, fundraisers and events refresh; gifts, sign-ins and private settings do not", () => {
    for (const p of ["/api/updateNP", "/api/updateNPCampaigns", "/api/events/e1", "/api/campaign/delete/o1/c1", "/api/approve/nonprofit/l1/sig", "/api/images", "/api/toggleLive"]) {
      expect([p, changesPublicContent(p)]).toEqual([p, true]);
    }
    for (const p of ["/api/createPaymentIntent", "/api/events/e1/orders", "/api/auth/callback/credentials", "/api/update/password", "/api/updateNPX", "/api/updateNP/x"]) {
      expect([p, changesPublicContent(p)]).toEqual([p, false]);
    }
  });

  test("patterns match one segment per [param] and the rest for [...param]", () => {
    expect(routePatternRegExp("/api/events/[id]").test("/api/events/a/b")).toBe(false);
    expect(routePatternRegExp("/api/auth/[...nextauth]").test("/api/auth/callback/credentials")).toBe(true);
  });
});
