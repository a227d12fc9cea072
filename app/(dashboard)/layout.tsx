import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteChrome } from "@/components/layout/site-chrome";
import { getSession, sessionUserOf } from "@/lib/http/session";
import { Providers } from "../providers";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Signed-in areas: never indexed, always rendered per request. */
export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  return (
    <SiteChrome user={sessionUserOf(session)}>
      <Providers session={session}>
        <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">{children}</div>
      </Providers>
    </SiteChrome>
  );
}
