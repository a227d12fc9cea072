import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

/** Checkout: the donate form, ticket orders and the pages a payment returns to. Rendered per request with the site's bars and the visitor's session in the top bar. */
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return <SessionSiteChrome>{children}</SessionSiteChrome>;
}
