/**
 * The default link targets (lib/config/links.ts): every internal default is a page of app/, so a
 * first start shows no dead end for what Givebridge itself answers (how it works, the FAQ,
 * resources, pricing, the legal pages), and only the content site's links, which the operator
 * sets in CONTENT_LINKS, go to /404 (spec section 2: "Link buttons without a target go to /404").
 */
import fs from "node:fs";
import path from "node:path";
import { desktopMenus, drawerGroups } from "@/components/layout/nav-items";
import { DEFAULT_LINKS, LINK_KEYS, NO_TARGET, parseContentLinks } from "./links";

/** The URL of every page.tsx of app/ (route groups dropped, optional catch-alls as their parent, private folders skipped). */
function pageUrls(): Set<string> {
  const urls = new Set<string>();
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const name = entry.name;
      if (entry.isDirectory()) {
        if (name.startsWith("_") || name.startsWith("@")) continue;
        if (/^\(.*\)$/.test(name) || name.startsWith("[[...")) walk(path.join(dir, name), segments);
        else walk(path.join(dir, name), [...segments, name]);
      } else if (name === "page.tsx") urls.add(`/${segments.join("/")}`);
    }
  };
  walk(path.join(process.cwd(), "app"), []);
  return urls;
}

/** The content site's links: no page of ours can answer them. */
const CONTENT_SITE_LABELS = ["Purpose Match", "Grant Central", "Community Forum", "Influencers For Good", "Testimonials", "Blog"];

describe("default link targets", () => {
  const urls = pageUrls();

  test("every internal default is a page of the app", () => {
    const internal = LINK_KEYS.map((key) => [key, DEFAULT_LINKS[key]] as const).filter(([, href]) => href.startsWith("/") && href !== NO_TARGET);
    expect(internal.length).toBeGreaterThanOrEqual(15);
    const missing = internal.filter(([, href]) => !urls.has(new URL(href, "http://x").pathname)).map(([key, href]) => `${key}: ${href}`);
    expect(missing).toEqual([]);
  });

  test("how it works, the FAQ and the resources go to the info pages", () => {
    expect(DEFAULT_LINKS.donorsHowItWorks).toBe("/how-it-works/donors");
    expect(DEFAULT_LINKS.charitiesHowItWorks).toBe("/how-it-works/charities");
    expect(DEFAULT_LINKS.donorResources).toBe("/how-it-works/donors#resources");
    expect(DEFAULT_LINKS.charityResources).toBe("/how-it-works/charities#resources");
    for (const key of ["donorFaq", "charitiesFaq", "aboutFaq", "help"] as const) expect(DEFAULT_LINKS[key]).toMatch(/^\/faq(#|$)/);
  });

  test("without CONTENT_LINKS, only the content site's menu entries go to /404", () => {
    for (const signedIn of [false, true]) {
      const items = [...desktopMenus(DEFAULT_LINKS, signedIn), ...drawerGroups(DEFAULT_LINKS, signedIn)].flatMap((g) => g.items);
      const dead = [...new Set(items.filter((i) => i.href === NO_TARGET).map((i) => i.label))].sort();
      expect(dead).toEqual([...CONTENT_SITE_LABELS].sort());
    }
  });

  test("an operator's link replaces the default, and an empty one keeps it", () => {
    expect(parseContentLinks(JSON.stringify({ blog: "https://blog.example.org", donorFaq: "https://help.example.org/faq" }))).toMatchObject({ blog: "https://blog.example.org", donorFaq: "https://help.example.org/faq" });
    expect(parseContentLinks(JSON.stringify({ blog: "" })).blog).toBe(NO_TARGET);
  });
});
