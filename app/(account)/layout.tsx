import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * Pages of a signed-in donor or nonprofit outside the dashboard: Manage Donations
 * (/manage-pay, its analytics and budgets), Connect Payments and PayPal's return page, a
 * donor's donation history (/donor/{id}, also the donor's public page, which robots.txt keeps
 * out of search), /donationTracking and the monthly gift's signed link (/recurring/{id}).
 * Never indexed and always rendered per request. Each page sets its own width; none uses
 * the client session, so there is no provider here (see app/(dashboard)/layout.tsx).
 */
export const dynamic = "force-dynamic";

export default function AccountLayout({ children }: { children: ReactNode }) {
  return <SessionSiteChrome>{children}</SessionSiteChrome>;
}
