import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { organizations } from "@/models";
import { sitemapFileXml, sitemapIndexXml } from "./sitemap";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
  await h.db.insert(organizations).values([
    { name: "Visible & Co" },
    { name: "Hidden", live: false },
    { name: "Pending", approvalStatus: "pending" },
  ]);
});
afterAll(() => h.close());

describe("sitemap", () => {
  test("the index lists the pages file and one nonprofits file per 50,000 profiles", async () => {
    const xml = await sitemapIndexXml();
    expect(xml).toContain("<sitemapindex");
    expect(xml).toMatch(/<loc>http[^<]+\/sitemaps\/pages\.xml<\/loc>/);
    expect(xml).toMatch(/\/sitemaps\/nonprofits-0\.xml/);
    expect(xml).not.toMatch(/nonprofits-1\.xml/);
  });

  test("public pages, and only live approved profiles", async () => {
    const pages = (await sitemapFileXml("pages.xml"))!;
    for (const p of ["/</loc>", "/about</loc>", "/find</loc>", "/pricing</loc>", "/contact</loc>", "/terms</loc>", "/privacy</loc>", "/how-it-works/donors</loc>", "/how-it-works/charities</loc>", "/faq</loc>"]) expect(pages).toContain(p);
    const orgs = (await sitemapFileXml("nonprofits-0.xml"))!;
    expect(orgs.match(/<url>/g)).toHaveLength(1);
    expect(await sitemapFileXml("nonprofits-1.xml")).toBeNull();
    expect(await sitemapFileXml("other.xml")).toBeNull();
  });
});
