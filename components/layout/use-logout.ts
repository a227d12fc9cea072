"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { clearSignInStores } from "@/lib/client/stores";
import { forgetBrowserUser } from "./browser-session";

/**
 * Log Out: end the next-auth session without a full-page redirect, drop the locally stored
 * user and organization and the cached pages' user (browser-session.ts), then go to / and
 * refresh the server components. next-auth's client
 * is only downloaded when the user logs out.
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      const { signOut } = await import("next-auth/react");
      await signOut({ redirect: false });
    } catch {
      // The cookie could not be cleared (offline?); still drop local state below.
    }
    clearSignInStores();
    forgetBrowserUser();
    router.push("/");
    router.refresh();
    setPending(false);
  }, [router]);
  return { logout, pending };
}
