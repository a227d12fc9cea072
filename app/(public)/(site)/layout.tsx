import type { ReactNode } from "react";
import { SiteChrome } from "@/components/layout/site-chrome";

/**
 * Public pages served from Next's cache to every visitor: home, /about, search, nonprofit
 * profiles, fundraiser and event pages, and the donate page. Nothing here reads the request, so each page is
 * rendered once, kept for its `revalidate` seconds and re-rendered on demand when the data
 * behind it changes (lib/cache/public-pages.ts). What a signed-in visitor sees beyond it loads
 * in the browser: the top bar's account area, and on a profile or an event the view rendered
 * for them (lib/cache/visitor-views.ts), and on the donate page who is giving
 * (components/payments/checkout-visitor.tsx).
 */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <SiteChrome user="browser">{children}</SiteChrome>;
}
