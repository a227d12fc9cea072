import type { ReactNode } from "react";
import { SessionSiteChrome } from "@/components/layout/site-chrome";

/** Sign-in and sign-up pages: one centred column. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <SessionSiteChrome>
      <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">{children}</div>
    </SessionSiteChrome>
  );
}
