"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/** Spec: scroll resets to the top on each navigation (links to an #anchor keep their target). */
export function ScrollToTop() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false; // leave the browser's own restore on the first load alone
      return;
    }
    if (window.location.hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
