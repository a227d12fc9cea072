"use client";

/**
 * The invisible proof-of-work check of a guest checkout (issue 19): the self-hosted ALTCHA
 * widget fetches a signed challenge from GET /api/checkout/challenge and solves it in the
 * browser while the donor fills in the form; the checkout sends the solution as `altcha`.
 * Nothing is shown and no third-party service is called.
 */
import { createElement, useCallback, useEffect, useId, useRef, type ReactNode } from "react";

type AltchaElement = HTMLElement & {
  verify: () => Promise<{ payload: string } | null>;
  reset: () => void;
};

/** The widget itself (a custom element registered by the `altcha` package). */
function ChallengeWidget({ id }: { id: string }) {
  return createElement("altcha-widget", {
    id,
    challenge: "/api/checkout/challenge",
    auto: "onload",
    display: "invisible",
    name: "altcha",
    "data-testid": "checkout-challenge",
    suppressHydrationWarning: true,
  });
}

/**
 * @param enabled false for signed-in donors (no challenge).
 * @returns the widget element to render inside the form, and `take()`, which resolves to a
 *   fresh solved payload (solving now if none is ready), or null when disabled or unsolvable.
 */
export function useCheckoutChallenge(enabled: boolean): { element: ReactNode; take: () => Promise<string | null> } {
  const id = `checkout-challenge-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const ready = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail?.state === "verified" && detail.payload) ready.current = detail.payload;
    };
    const el = document.getElementById(id);
    el?.addEventListener("statechange", onState);
    // The widget registers its custom element; load it in the browser only.
    void import("altcha");
    return () => {
      el?.removeEventListener("statechange", onState);
    };
  }, [enabled, id]);

  const take = useCallback(async (): Promise<string | null> => {
    if (!enabled) return null;
    const payload = ready.current;
    ready.current = null;
    if (payload) return payload;
    const el = document.getElementById(id) as AltchaElement | null;
    if (!el || typeof el.verify !== "function") return null;
    try {
      el.reset();
      const result = await el.verify();
      ready.current = null;
      return result?.payload ?? null;
    } catch {
      return null;
    }
  }, [enabled, id]);

  return { element: enabled ? <ChallengeWidget id={id} /> : null, take };
}
