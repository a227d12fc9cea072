"use client";

import { useEffect } from "react";

/**
 * Marks the document as hydrated (`data-hydrated` on <html>) once React has hydrated the root
 * layout. Pages never depend on it; it lets an end-to-end test that is about what a page does,
 * not about how soon it answers, wait until the page's code runs (e2e/fixtures.ts `hydrated`).
 * Renders nothing.
 */
export function HydrationMark(): null {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}
