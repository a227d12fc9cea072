// GET /sitemap.xml — sitemap index: the public pages and the nonprofit profiles (50,000 URLs per file)
import { sitemapIndexXml } from "@/lib/search/sitemap";

export const dynamic = "force-dynamic";

export async function GET() {
  return new Response(await sitemapIndexXml(), { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
