import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { SiteChrome } from "@/components/layout/site-chrome";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Any path without a page (spec: any other path shows the not-found page), and notFound() from
 * a route group without its own not-found page: it replaces the group's layout, so it brings
 * the site's bars itself. Next renders this boundary into every page's tree, cached pages
 * included, so it must not read the request: its top bar is the anonymous one.
 */
export default function NotFound() {
  return (
    <SiteChrome user={null}>
      <NotFoundContent />
    </SiteChrome>
  );
}
