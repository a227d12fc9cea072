import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

/** /404: where links without a target go (spec section 2). Same content as the not-found page. */
export default function Page404() {
  return (
    <SessionSiteChrome>
      <NotFoundContent />
    </SessionSiteChrome>
  );
}
