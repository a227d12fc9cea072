import type { MetadataRoute } from "next";
import { baseUrl } from "@/lib/env";

/** /robots.txt: public pages are indexable; dashboards, payments, admin, the API and donor pages are not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/dashboard", "/manage-pay", "/admin", "/api", "/donor"] }],
    sitemap: `${baseUrl()}/sitemap.xml`,
  };
}
