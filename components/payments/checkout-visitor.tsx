"use client";

import { useCallback, useSyncExternalStore, type ComponentProps } from "react";
import { hasSignedInHint } from "@/components/layout/browser-session";
import { GivingOnPage } from "@/components/supporter-pages/giving-on-page";
import type { CheckoutVisitor } from "@/lib/services/checkout/checkout-visitor";
import { NOTHING_SHARED } from "@/lib/donations/share-choices";
import { CheckoutForm } from "./checkout-form";

/**
 * The visitor's own part of the donate page, which is served from cache with the same HTML for
 * everyone (app/(public)/(site)/donation): the signed-in donor and their sharing defaults, a pledge
 * link's prefill (`?pledge=…&token=…`) and the supporter page the gift is made on (`?page=…`).
 * The browser asks GET /api/checkout/visitor for it once per page, and only when there is
 * something to ask: the signed-in hint cookie is set (components/layout/browser-session.ts) or
 * the address carries a pledge or a page. A guest without either asks nothing and sees the
 * page as cached. Until the answer arrives the form says so and its pay button waits, so a
 * signed-in donor never pays as a guest; if the request fails the visitor counts as a guest
 * (the server checks the gift again whatever the form sends).
 */

/** What the page is for: the organization and the fundraiser (null for a direct gift). */
export type CheckoutVisitorKey = { organizationId: string; fundraiserId: string | null };
/** The visitor's part, and whether it is still on its way. */
export type CheckoutVisitorState = { pending: boolean; visitor: CheckoutVisitor };

const GUEST: CheckoutVisitor = { donor: null, shareDefaults: NOTHING_SHARED, prefill: null, supporterPage: null };
/** What the cached HTML shows (and the server's snapshot): a guest, nothing pending. */
const AS_CACHED: CheckoutVisitorState = { pending: false, visitor: GUEST };

type Entry = { state: CheckoutVisitorState; listeners: Set<() => void> };
/** One entry per question (page, address and hint), shared by every component of the page. */
const entries = new Map<string, Entry>();

/** The request's query for the current address, or null when a guest has nothing to ask. */
function questionOf({ organizationId, fundraiserId }: CheckoutVisitorKey): string | null {
  const address = new URLSearchParams(window.location.search);
  const q = new URLSearchParams({ organizationId, fundraiserId: fundraiserId ?? "direct" });
  for (const name of ["pledge", "token", "page"]) {
    const value = address.get(name);
    if (value) q.set(name, value);
  }
  const signedIn = hasSignedInHint();
  if (!signedIn && !q.has("pledge") && !q.has("page")) return null;
  // The hint is part of the question: after signing in or out the visitor is asked for again.
  return `${q.toString()}#${signedIn ? "signed-in" : "guest"}`;
}

/** The entry of `question`, asking the server the first time it is needed. */
function entryOf(question: string): Entry {
  const known = entries.get(question);
  if (known) return known;
  const created: Entry = { state: { pending: true, visitor: GUEST }, listeners: new Set() };
  entries.set(question, created);
  void ask(question.slice(0, question.indexOf("#"))).then((visitor) => {
    created.state = { pending: false, visitor };
    for (const listener of created.listeners) listener();
  });
  return created;
}

/** GET /api/checkout/visitor; any failure (offline, an error) counts as a guest. */
async function ask(query: string): Promise<CheckoutVisitor> {
  try {
    const res = await fetch(`/api/checkout/visitor?${query}`, { credentials: "same-origin", cache: "no-store", headers: { accept: "application/json" } });
    return res.ok ? ((await res.json()) as CheckoutVisitor) : GUEST;
  } catch {
    return GUEST;
  }
}

/** The visitor's part of the checkout of `key` (see the module comment); the cached guest view until known. */
export function useCheckoutVisitor({ organizationId, fundraiserId }: CheckoutVisitorKey): CheckoutVisitorState {
  const subscribe = useCallback(
    (listener: () => void) => {
      const question = questionOf({ organizationId, fundraiserId });
      if (!question) return () => {};
      const entry = entryOf(question);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
        // Asked again on the next visit (the donor may have changed their defaults meanwhile).
        if (entry.listeners.size === 0 && !entry.state.pending) entries.delete(question);
      };
    },
    [organizationId, fundraiserId],
  );
  const getSnapshot = useCallback(() => {
    const question = questionOf({ organizationId, fundraiserId });
    return question ? entryOf(question).state : AS_CACHED;
  }, [organizationId, fundraiserId]);
  return useSyncExternalStore(subscribe, getSnapshot, () => AS_CACHED);
}

/** The checkout form of the cached donate page: CheckoutForm with the visitor's part from the browser. */
export function BrowserCheckoutForm(props: Omit<ComponentProps<typeof CheckoutForm>, "donor" | "shareDefaults" | "prefill" | "supporterPageId" | "pending">) {
  const { pending, visitor } = useCheckoutVisitor({ organizationId: props.organizationId, fundraiserId: props.fundraiserId });
  return (
    <CheckoutForm
      {...props}
      donor={visitor.donor}
      shareDefaults={visitor.shareDefaults}
      prefill={visitor.prefill}
      supporterPageId={props.fundraiserId ? (visitor.supporterPage?.id ?? null) : null}
      pending={pending}
    />
  );
}

/** "You are giving on Ana R.'s page …" when the address names an active supporter page of the fundraiser. */
export function BrowserGivingOnPage({ organizationId, fundraiserId, organizationName }: { organizationId: string; fundraiserId: string; organizationName: string }) {
  const { visitor } = useCheckoutVisitor({ organizationId, fundraiserId });
  return visitor.supporterPage ? <GivingOnPage page={visitor.supporterPage} organizationName={organizationName} /> : null;
}
