"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";

/**
 * next-auth's client session, for the signed-in areas whose forms call useSession().update()
 * after changing the user (the dashboard). The session comes from the server, so the first
 * render already knows who is signed in. Public pages do without it: the top bar is rendered
 * on the server and refreshed with the page.
 */
export function Providers({ session, children }: { session: Session | null; children: ReactNode }) {
  return <SessionProvider session={session}>{children}</SessionProvider>;
}
