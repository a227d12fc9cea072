/**
 * The sitemap: /sitemap.xml is a sitemap index pointing at /sitemaps/pages.xml (the public
 * pages: home, about, find, search) and /sitemaps/nonprofits-N.xml, the public profiles of
 * live, approved organizations in files of at most 50,000 URLs (the protocol's limit).
 */
import { and, asc, count, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { organizations } from "@/models";

/** URLs per sitemap file (sitemaps.org limit). */
export const SITEMAP_FILE_URLS = 50_000;

const visible = and(eq(organizations.live, true), eq(organizations.approvalStatus, "approved"));

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The sitemap index XML. */
export async function sitemapIndexXml(): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(organizations).where(visible);
  const files = Math.max(1, Math.ceil((row?.n ?? 0) / SITEMAP_FILE_URLS));
  const base = baseUrl();
  const entries = [`${base}/sitemaps/pages.xml`, ...Array.from({ length: files }, (_, i) => `${base}/sitemaps/nonprofits-${i}.xml`)];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;
}

function urlsetXml(urls: { loc: string; lastmod?: Date; priority?: number }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      (u) =>
        `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ""}${u.priority !== undefined ? `<priority>${u.priority.toFixed(1)}</priority>` : ""}</url>`,
    )
    .join("\n")}\n</urlset>\n`;
}

/**
 * One sitemap file by name: "pages.xml" or "nonprofits-N.xml".
 * @returns the XML, or null for an unknown name or a file past the last one.
 */
export async function sitemapFileXml(name: string): Promise<string | null> {
  const base = baseUrl();
  if (name === "pages.xml") {
    return urlsetXml([
      { loc: `${base}/`, priority: 1 },
      { loc: `${base}/about`, priority: 0.6 },
      { loc: `${base}/find`, priority: 0.8 },
      { loc: `${base}/search?queryString=&searchCategory=NonProfits`, priority: 0.7 },
      { loc: `${base}/how-it-works/donors`, priority: 0.6 },
      { loc: `${base}/how-it-works/charities`, priority: 0.6 },
      { loc: `${base}/faq`, priority: 0.5 },
      { loc: `${base}/pricing`, priority: 0.5 },
      { loc: `${base}/contact`, priority: 0.4 },
      { loc: `${base}/terms`, priority: 0.3 },
      { loc: `${base}/privacy`, priority: 0.3 },
    ]);
  }
  const m = /^nonprofits-(\d{1,4})\.xml$/.exec(name);
  if (!m) return null;
  const page = Number(m[1]);
  const db = await getDb();
  const rows = await db
    .select({ id: organizations.id, updatedAt: organizations.updatedAt })
    .from(organizations)
    .where(visible)
    .orderBy(asc(organizations.id))
    .limit(SITEMAP_FILE_URLS)
    .offset(page * SITEMAP_FILE_URLS);
  if (!rows.length && page > 0) return null;
  return urlsetXml(rows.map((r) => ({ loc: `${base}/nonprofit/${r.id}`, lastmod: r.updatedAt })));
}
