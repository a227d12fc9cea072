/**
 * The page route groups of app/ against the cache rule (README, "How the code is laid out";
 * docs/decisions/0006-public-pages-from-cache.md):
 * - app/(public), the group whose layout renders nothing of the request, holds exactly the pages
 *   served from cache (isCachedPublicPage) and the internal search results (isInternalPath);
 * - every other page is rendered per request, so no page outside (public) is a cached address;
 * - outside (public), one first URL segment lives in one group. A per-request page whose address
 *   starts like a cached one (/fundraiser/{id}/start, /event/tickets, /nonprofit/events/{id}) lives
 *   in the group of what it is for, since (public)'s chrome loads the session in the browser.
 */
import fs from "node:fs";
import path from "node:path";
import { isCachedPublicPage, isInternalPath } from "./cached-pages";

type Page = { file: string; group: string; url: string; firstSegment: string };

/** Every page.tsx of app/ with its top-level route group ("" for none) and a sample URL ([x] -> "x1"). */
function pages(): Page[] {
  const root = path.join(process.cwd(), "app");
  const found: Page[] = [];
  const walk = (dir: string, group: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const name = entry.name;
      if (entry.isDirectory()) {
        if (name.startsWith("_") || name.startsWith("@")) continue;
        if (/^\(.*\)$/.test(name)) walk(path.join(dir, name), group || name, segments);
        else if (name.startsWith("[[...")) walk(path.join(dir, name), group, segments);
        else walk(path.join(dir, name), group, [...segments, name.startsWith("[") ? "x1" : name]);
      } else if (name === "page.tsx") {
        found.push({ file: path.relative(process.cwd(), path.join(dir, name)), group, url: `/${segments.join("/")}`, firstSegment: segments[0] ?? "" });
      }
    }
  };
  walk(root, "", []);
  return found;
}

describe("page route groups follow the cache rule (lib/cache/cached-pages.ts)", () => {
  const all = pages();

  test("the sweep sees the app's pages, in their groups", () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(all.filter((p) => p.group === "(public)").length).toBeGreaterThanOrEqual(8);
  });

  test("every page of (public) is a cached address or the internal search results", () => {
    const notCached = all.filter((p) => p.group === "(public)" && !isCachedPublicPage(p.url) && !isInternalPath(p.url));
    expect(notCached.map((p) => p.file)).toEqual([]);
  });

  test("no page outside (public) is a cached address", () => {
    const cachedOutside = all.filter((p) => p.group !== "(public)" && isCachedPublicPage(p.url));
    expect(cachedOutside.map((p) => p.file)).toEqual([]);
  });

  test("outside (public), one first URL segment lives in one group", () => {
    const groupsOf = new Map<string, Set<string>>();
    for (const p of all.filter((q) => q.group !== "(public)")) groupsOf.set(p.firstSegment, (groupsOf.get(p.firstSegment) ?? new Set()).add(p.group));
    const split = [...groupsOf.entries()].filter(([, groups]) => groups.size > 1).map(([segment, groups]) => `/${segment}: ${[...groups].join(", ")}`);
    expect(split).toEqual([]);
  });
});
