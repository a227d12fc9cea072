import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

/** A fundraiser's supporters: starting a page of one's own, and unsubscribing from the organization's messages. Rendered per request with the site's bars and the visitor's session in the top bar. */
export default function SupportersLayout({ children }: { children: ReactNode }) {
  return <SessionSiteChrome>{children}</SessionSiteChrome>;
}
