"use client";

import { useSearchParams } from "next/navigation";
import { useEffect } from "react";

/**
 * When the address asks for section `id` (?sec=fundraiser opens the fundraiser section), scrolls
 * it into view, moves focus to it and marks it (data-targeted) once. The query is read in the
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
    el.focus({ preventScroll: true });
  }, [id, targeted]);
  return null;
}
