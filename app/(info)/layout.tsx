import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

/** Public information pages: pricing, legal pages, contact, developers, business sign-up, finding a cause, the newsletter, an organization's events. Rendered per request with the site's bars and the visitor's session in the top bar. */
export default function InfoLayout({ children }: { children: ReactNode }) {
  return <SessionSiteChrome>{children}</SessionSiteChrome>;
}
