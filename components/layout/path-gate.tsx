"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { hidesNavSearch, hidesTopBar } from "./routes";

const rules = { topBar: hidesTopBar, navSearch: hidesNavSearch } as const;

/**
 * Shows server-rendered `children` unless the current path hides them (routes.ts): `topBar`
 * on /search, `navSearch` on paths with their own search. The root layout does not re-render
 * on client navigation, so the path is read here, in the browser.
 */
export function PathGate({ hide, fallback = null, children }: { hide: keyof typeof rules; fallback?: ReactNode; children: ReactNode }) {
  const pathname = usePathname() ?? "/";
  return rules[hide](pathname) ? fallback : children;
}
