import type { ReactNode } from "react";
import { InstallPrompt } from "@/components/install/install-prompt";
import { getSessionUser } from "@/lib/http/session";
import type { SessionUser } from "@/lib/auth/types";
import { siteLinks } from "@/lib/config/links";
import { SiteFooters } from "./footers";
import { ScrollToTop } from "./scroll-to-top";
import { SessionSync } from "./session-sync";
import { SkipLink } from "./skip-link";
import { TopNav } from "./top-nav";

/**
 * The site around a page: skip link, top bar, <main>, footers. Each route group's layout
 * renders it (the root layout stays free of per-request data, so public pages can be served
 * from cache): the cached public pages (app/(public)) pass `user="browser"`, so their HTML is
 * the same for every visitor and the signed-in parts of the top bar load in the browser
 * (browser-session.ts); every other group passes the session's user, read per request.
 */
export function SiteChrome({ user, children }: { user: SessionUser | null | "browser"; children: ReactNode }) {
  const links = siteLinks();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink target="main" />
      <ScrollToTop />
      <SessionSync />
      <TopNav user={user} links={links} />
      <InstallPrompt />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <SiteFooters links={links} />
    </div>
  );
}

/** SiteChrome with the session's user: for the route groups rendered per request. */
export async function SessionSiteChrome({ children }: { children: ReactNode }) {
  return <SiteChrome user={await getSessionUser()}>{children}</SiteChrome>;
}
