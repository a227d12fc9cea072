// GET /sitemaps/{name} — one sitemap file: pages.xml or nonprofits-N.xml
import { sitemapFileXml } from "@/lib/search/sitemap";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ name: string }> }) {
  const xml = await sitemapFileXml((await ctx.params).name);
  if (!xml) return new Response("Not found", { status: 404 });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
