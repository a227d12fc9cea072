import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { EmbedFrame } from "@/components/embed/embed-frame";
import { InstallPrompt } from "@/components/install/install-prompt";
import { SiteFooters } from "@/components/layout/footers";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { SessionSync } from "@/components/layout/session-sync";
import { SkipLink } from "@/components/layout/skip-link";
import { TopNav } from "@/components/layout/top-nav";
import { getSessionUser } from "@/lib/auth/session";
import { siteLinks } from "@/lib/config/links";
import { baseUrl } from "@/lib/env";
import { EMBED_REQUEST_HEADER } from "@/lib/http/embeddable";
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

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The bar depends on the visitor's session cookie: every page renders per request.
  await connection();
  // The embeddable donate form (/embed/…, framed by other sites) has none of the site's bars.
  if ((await headers()).get(EMBED_REQUEST_HEADER) === "1") {
    return (
      <html lang="en">
        <body className="bg-white">
          <EmbedFrame>{children}</EmbedFrame>
        </body>
      </html>
    );
  }
  const user = await getSessionUser();
  const links = siteLinks();

  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <SkipLink target="main" />
        <ScrollToTop />
        <SessionSync />
        <TopNav user={user} links={links} />
        <InstallPrompt />
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          {children}
        </main>
        <SiteFooters links={links} />
      </body>
    </html>
  );
}
