"use client";

import { useSearchParams } from "next/navigation";
import { useEffect } from "react";

/**
 * When the address asks for section `id` (?sec=fundraiser opens the fundraiser section), scrolls
 * it into view, marks it (data-targeted) and, unless something inside it already has the focus
 * (the owner's new-fundraiser form), moves focus to it; once. The query is read in the
 * browser, so the cached profile stays the same page for every visitor; render it inside a
 * Suspense boundary (useSearchParams).
 */
export function ScrollToSection({ id }: { id: string }) {
  const targeted = useSearchParams().get("sec") === id;
  useEffect(() => {
    const el = document.getElementById(id);
    if (!targeted || !el) return;
    el.dataset.targeted = "true";
    el.scrollIntoView({ block: "start" });
    // A form the section opened (the owner's new-fundraiser form) may already hold the focus.
    if (!el.contains(document.activeElement)) el.focus({ preventScroll: true });
  }, [id, targeted]);
  return null;
}
