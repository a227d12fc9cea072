import type { ReactNode } from "react";
import { SiteChrome } from "@/components/layout/site-chrome";

/**
 * Public pages served from Next's cache to anonymous visitors: home, /about, nonprofit
 * profiles, fundraiser and event pages. Nothing here reads the request, so each page is
 * rendered once, kept for its `revalidate` seconds and re-rendered on demand when the data
 * behind it changes (lib/cache/public-pages.ts). The proxy sends a signed-in visitor to the
 * same page's per-request twin in app/(member) instead (lib/cache/cached-pages.ts).
 */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return <SiteChrome user={null}>{children}</SiteChrome>;
}
