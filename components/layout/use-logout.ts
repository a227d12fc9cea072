"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { clearSignInStores } from "@/lib/client/stores";

/**
 * Log Out: end the next-auth session without a full-page redirect, drop the locally stored
 * user and organization, then go to / and refresh the server components.
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      await signOut({ redirect: false });
    } catch {
      // The cookie could not be cleared (offline?); still drop local state below.
    }
    clearSignInStores();
    router.push("/");
    router.refresh();
    setPending(false);
  }, [router]);
  return { logout, pending };
}
