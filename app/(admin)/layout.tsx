import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The admin's pages: the console (/admin), the signed approval link (/approve/{type}/{id})
 * and the development mailbox (/dev/mailbox). Each shows the admin sign-in or nothing to
 * anybody else, and each service checks the admin again. Never indexed and always rendered
 * per request; each page sets its own width and needs no client session provider.
 */
export const dynamic = "force-dynamic";

export default function AdminLayout({ children }: { children: ReactNode }) {
  return <SessionSiteChrome>{children}</SessionSiteChrome>;
}
