import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/layout/hydration-mark";
import { baseUrl } from "@/lib/env";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(baseUrl()),
  title: {
    default: "Givebridge | Giving that connects nonprofits and donors",
    template: "%s | Givebridge",
  },
  description:
    "Givebridge connects US nonprofits and donors: find a cause near you, give to fundraisers, track your impact, and give nonprofits the tools to grow.",
  applicationName: "Givebridge",
  icons: { icon: "/images/givebridge-logo.svg" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#175e57",
};

/**
 * The document around every page. It reads nothing of the request, so the public pages under
 * it can be rendered once and served from cache (app/(public)); the site's bars come from each
 * route group's layout (components/layout/site-chrome.tsx), and the embeddable pages
 * (app/(embed)) have none.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
