"use client";

import { useEffect } from "react";

/** Scrolls a section into view and moves focus to it once (?sec=fundraiser opens the fundraiser section). */
export function ScrollToSection({ id }: { id: string }) {
  useEffect(() => {
    const el = document.getElementById(id);
    if (!el) return;
    el.scrollIntoView({ block: "start" });
    el.focus({ preventScroll: true });
  }, [id]);
  return null;
}
