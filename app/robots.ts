import type { MetadataRoute } from "next";
import { baseUrl } from "@/lib/env";

/** /robots.txt: public pages are indexable; dashboards, payments, admin, the API, donor pages and invitation links are not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/dashboard", "/manage-pay", "/admin", "/api", "/donor", "/invite"] }],
    sitemap: `${baseUrl()}/sitemap.xml`,
  };
}
