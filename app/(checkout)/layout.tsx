import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

/** Checkout: ticket orders and the pages a payment returns to (the donate form itself is a cached public page, app/(public)/(site)/donation). Rendered per request with the site's bars and the visitor's session in the top bar. */
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return <SessionSiteChrome>{children}</SessionSiteChrome>;
}
