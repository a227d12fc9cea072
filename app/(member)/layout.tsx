import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

/**
 * The per-request twins of the cached public pages (app/(public)), for signed-in visitors:
 * the proxy rewrites /nonprofit/x to /member/nonprofit/x when the request carries a session
 * cookie (lib/auth/session-cookie.ts), so the top bar shows the account and owners get their
 * tools, while anonymous visitors keep getting the cached page. /member/… itself is not a
 * public address: the proxy answers it 404.
 */
export const dynamic = "force-dynamic";

export default function MemberLayout({ children }: { children: ReactNode }) {
  return <SessionSiteChrome>{children}</SessionSiteChrome>;
}
