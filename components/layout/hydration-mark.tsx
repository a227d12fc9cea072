"use client";

import { useEffect } from "react";

/**
 * Marks the document as hydrated (`data-hydrated` on <html>) once React has hydrated the root
 * layout. Until then, the paint-first loader (lib/http/paint-first.ts) refuses the native
 * submission of forms that only their script can send; the end-to-end tests wait for the mark
 * before they act on a page (e2e/fixtures.ts). Renders nothing.
 */
export function HydrationMark(): null {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}
