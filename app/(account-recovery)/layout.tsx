import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

/** Account recovery: forgotten password, password reset, email confirmation. Rendered per request with the site's bars and the visitor's session in the top bar. */
export default function AccountRecoveryLayout({ children }: { children: ReactNode }) {
  return <SessionSiteChrome>{children}</SessionSiteChrome>;
}
