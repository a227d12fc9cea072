"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";

/**
 * Client-side context for the whole app. The session comes from the server, so the first
 * render already knows who is signed in and later code can call useSession().update().
 */
export function Providers({ session, children }: { session: Session | null; children: ReactNode }) {
  return <SessionProvider session={session}>{children}</SessionProvider>;
}
