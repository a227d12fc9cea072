"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** The localStorage key on which next-auth tells other tabs that the session changed. */
const NEXTAUTH_MESSAGE_KEY = "nextauth.message";

/**
 * Keeps the server-rendered top bar in step with sign-outs in other tabs: when next-auth
 * announces a session change, the page's server components are rendered again.
 */
export function SessionSync() {
  const router = useRouter();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === NEXTAUTH_MESSAGE_KEY && event.newValue) router.refresh();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [router]);
  return null;
}
