"use client";

import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import type { SessionUser } from "@/lib/auth/types";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/session-cookie";

/**
 * The signed-in user as the browser learns it, for the cached public pages (app/(public)),
 * whose HTML is the same for everyone (lib/cache/cached-pages.ts). The session cookie is
 * HttpOnly, so the page reads the proxy's signed-in hint (lib/auth/session-cookie.ts): without
 * it the visitor is anonymous and nothing is requested; with it the session is asked of
 * next-auth (GET /api/auth/session: the spec's session fields, lib/auth/types.ts). The answer
 * is shared by every component of the page and asked again when the hint changes (after a
 * sign-in or a sign-out, on the next navigation) or when next-auth announces a session change
 * in another tab. Until it arrives the visitor counts as anonymous, as in the server's HTML.
 */

/** The localStorage key on which next-auth tells other tabs that the session changed. */
const NEXTAUTH_MESSAGE_KEY = "nextauth.message";

let user: SessionUser | null = null;
/** The hint as it was when `user` was last settled; undefined: never, or forgotten. */
let settledHint: boolean | undefined;
/** Incremented by every new question, so an older answer arriving late is dropped. */
let asked = 0;
const listeners = new Set<() => void>();
let watchingTabs = false;

function emit(next: SessionUser | null): void {
  if (next === user) return;
  user = next;
  for (const listener of listeners) listener();
}

/** True when the proxy's signed-in hint is set: the session is worth asking for (browser only). */
export function hasSignedInHint(): boolean {
  return document.cookie.split(";").some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/** Asks next-auth for the session; any failure counts as signed out. */
async function askSession(): Promise<void> {
  const question = ++asked;
  let next: SessionUser | null = null;
  try {
    const res = await fetch("/api/auth/session", { credentials: "same-origin", cache: "no-store", headers: { accept: "application/json" } });
    if (res.ok) next = ((await res.json()) as { user?: SessionUser } | null)?.user ?? null;
  } catch {
    // Offline or aborted: anonymous until the next navigation asks again.
  }
  if (question === asked) emit(next);
}

/** Settles the user for the current hint: nothing to do when the hint has not changed since. */
function sync(): void {
  const hint = hasSignedInHint();
  if (hint === settledHint) return;
  settledHint = hint;
  if (!hint) {
    asked++;
    emit(null);
    return;
  }
  void askSession();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== NEXTAUTH_MESSAGE_KEY || !event.newValue) return;
  settledHint = undefined;
  sync();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!watchingTabs) {
    watchingTabs = true;
    window.addEventListener("storage", onStorage);
  }
  return () => listeners.delete(listener);
}

const getSnapshot = () => user;
const getAnonymous = () => null;
const noSubscription = () => () => {};

/**
 * The signed-in user (null: anonymous, or not known yet). With `enabled` false it is always
 * null and nothing is requested: the pages rendered per request pass the server's user instead.
 */
export function useBrowserUser(enabled: boolean): SessionUser | null {
  const pathname = usePathname();
  const current = useSyncExternalStore(enabled ? subscribe : noSubscription, enabled ? getSnapshot : getAnonymous, getAnonymous);
  useEffect(() => {
    if (enabled) sync();
  }, [enabled, pathname]);
  return current;
}

/**
 * What a component shows of the signed-in user: `given` itself when the page was rendered per
 * request (taken from the server's session, or null), or `pick` of the user the browser learns
 * (useBrowserUser) when `given` is "browser", as on the cached public pages.
 * E.g. `useShownUser(userId, (u) => u._id)`.
 */
export function useShownUser<T>(given: T | null | "browser", pick: (user: SessionUser) => T): T | null {
  const browserUser = useBrowserUser(given === "browser");
  if (given !== "browser") return given;
  return browserUser ? pick(browserUser) : null;
}

/** After this tab signed out: the user is dropped at once and the session asked again on the next check. */
export function forgetBrowserUser(): void {
  settledHint = undefined;
  asked++;
  emit(null);
}
