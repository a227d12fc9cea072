"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * `false` in the server's HTML and until React has hydrated this component, `true` after.
 * Buttons whose whole effect is client code (open an in-place editor, say) render disabled
 * until then, so a click made while the page's scripts still load is refused visibly instead
 * of being swallowed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
