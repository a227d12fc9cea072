"use client";

/**
 * The invisible proof-of-work check of a guest checkout (OWASP ASVS 5.0 2.4, anti-automation): the self-hosted ALTCHA
 * widget fetches a signed challenge from GET /api/checkout/challenge and solves it in the
 * browser while the donor fills in the form; the checkout sends the solution as `altcha`.
 * Nothing is shown and no third-party service is called. The widget's code (about 35 KB
 * compressed, and a long task to start) loads when the donor first touches the page, not with
 * it: a visitor who only reads the page never pays for it, and the page is ready sooner (issue
 * 14, Lighthouse's blocking time on the donate page).
 */
import { createElement, useCallback, useEffect, useId, useRef, type ReactNode } from "react";

/**
 * How long a checkout sent before the widget's code has loaded waits for it, in milliseconds;
 * after that it goes without a solution and the server asks the donor to try again.
 */
const WIDGET_LOAD_WAIT_MS = 15_000;

/**
 * Resolves when the widget `id` is ready to be asked (its element defined and its component
 * mounted, which the element does after it is defined: its state reads then), or after
 * WIDGET_LOAD_WAIT_MS.
 */
async function widgetReady(id: string): Promise<void> {
  const until = Date.now() + WIDGET_LOAD_WAIT_MS;
  while (Date.now() < until) {
    const el = document.getElementById(id) as AltchaElement | null;
    if (el && typeof el.getState === "function" && el.getState()) return;
    await pause(50);
  }
}

type AltchaElement = HTMLElement & {
  verify: () => Promise<{ payload: string } | null>;
  reset: () => void;
  getState?: () => string;
};

/** The widget's "statechange" event: its new state, and the payload once verified. */
function stateChange(e: Event): { state?: string; payload?: string } {
  return (e as CustomEvent<{ state?: string; payload?: string } | undefined>).detail ?? {};
}

/** Events that show a person has started on the page: the widget's code loads on the first. */
const FIRST_TOUCH_EVENTS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/** Load the widget's code (it defines the custom element, which then starts its solve). Idempotent. */
const loadWidget = () => void import("altcha");

/** Resolves after `ms` milliseconds. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The payload of the solve the widget is running now (its "onload" start), when it ends
 * verified; null when it ends otherwise or after WIDGET_LOAD_WAIT_MS.
 */
function solveInProgress(el: AltchaElement): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (payload: string | null) => {
      clearTimeout(timer);
      el.removeEventListener("statechange", onState);
      resolve(payload);
    };
    const onState = (e: Event) => {
      const { state, payload } = stateChange(e);
      if (state === "verified") done(payload ?? null);
      else if (state && state !== "verifying") done(null);
    };
    const timer = setTimeout(() => done(null), WIDGET_LOAD_WAIT_MS);
    el.addEventListener("statechange", onState);
  });
}

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

/** What {@link useCheckoutChallenge} gives a form. */
export type CheckoutChallenge = {
  /** The widget element to render inside the form (null when disabled). */
  element: ReactNode;
  /**
   * A fresh solved payload, waiting for the widget's code to load and solving now if none is
   * ready; null when disabled or unsolvable.
   */
  take: () => Promise<string | null>;
  /** The payload solved already, if any (taken: it is used once); never waits. */
  ready: () => string | null;
};

/**
 * @param enabled false where no payment is taken (free tickets): no widget.
 * @param options.preload false to load and solve only when `take()` is called (the sign-in
 *   form, which needs it only when the server asks); by default the widget loads on the
 *   visitor's first touch of the page and solves while they fill in the form.
 * @returns the widget and its payloads ({@link CheckoutChallenge}).
 */
export function useCheckoutChallenge(enabled: boolean, { preload = true }: { preload?: boolean } = {}): CheckoutChallenge {
  const id = `checkout-challenge-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const ready = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const onState = (e: Event) => {
      const { state, payload } = stateChange(e);
      if (state === "verified" && payload) ready.current = payload;
    };
    const el = document.getElementById(id);
    el?.addEventListener("statechange", onState);
    // The widget registers its custom element; load it in the browser only, once the visitor
    // starts on the page (a tap, a key, a field taking the focus).
    const onFirstTouch = () => {
      for (const type of FIRST_TOUCH_EVENTS) document.removeEventListener(type, onFirstTouch, true);
      loadWidget();
    };
    if (preload) for (const type of FIRST_TOUCH_EVENTS) document.addEventListener(type, onFirstTouch, { capture: true, passive: true });
    return () => {
      el?.removeEventListener("statechange", onState);
      for (const type of FIRST_TOUCH_EVENTS) document.removeEventListener(type, onFirstTouch, true);
    };
  }, [enabled, id, preload]);

  const take = useCallback(async (): Promise<string | null> => {
    if (!enabled) return null;
    // A solved payload is used once: taking it clears it.
    const takeReady = () => {
      const payload = ready.current;
      ready.current = null;
      return payload;
    };
    const payload = takeReady();
    if (payload) return payload;
    // A donor (or a slow phone) may send the form before the widget's code has even loaded:
    // wait for it rather than send no solution, which the server refuses.
    loadWidget();
    await widgetReady(id);
    const el = document.getElementById(id) as AltchaElement | null;
    if (!el || typeof el.verify !== "function") return null;
    // The widget starts its own solve as soon as it is mounted: its result is the one to take
    // (starting another at the same time made both fail). Give it a moment to begin.
    for (let i = 0; i < 20 && el.getState?.() === "unverified" && !ready.current; i++) await pause(50);
    const solvedMeanwhile = takeReady();
    if (solvedMeanwhile) return solvedMeanwhile;
    if (el.getState?.() === "verifying") {
      const solved = await solveInProgress(el);
      takeReady();
      if (solved) return solved;
    }
    try {
      el.reset();
      const result = await el.verify();
      takeReady();
      return result?.payload ?? null;
    } catch {
      return null;
    }
  }, [enabled, id]);

  const readyNow = useCallback((): string | null => {
    const payload = ready.current;
    ready.current = null;
    return payload;
  }, []);

  return { element: enabled ? <ChallengeWidget id={id} /> : null, take, ready: readyNow };
}

/**
 * Send a checkout with the challenge its sender needs (lib/services/payments/checkout-defences.ts):
 * a guest's always carries a solution; a signed-in donor's carries one only when the widget has
 * solved one already, and when the server answers that the security check is needed (past the
 * card-testing threshold of the donor's address or session), the challenge is solved and the
 * same request (same idempotency key) sent once more. The donor only sees "Processing…" a
 * little longer.
 * @param send posts the checkout with `altcha` (or without it, for null).
 * @throws what `send` or the challenge's solve throws.
 */
export async function sendWithChallenge<R extends { ok: boolean; status: number; fields?: Record<string, string> }>(
  challenge: CheckoutChallenge,
  signedIn: boolean,
  send: (altcha: string | null) => Promise<R>,
): Promise<R> {
  const first = signedIn ? challenge.ready() : await challenge.take();
  const res = await send(first);
  if (res.ok || !signedIn || first || res.status !== 422 || !res.fields?.challenge) return res;
  const solved = await challenge.take();
  return solved ? send(solved) : res;
}
