"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";
import { EMBED_ORIGIN_PARAM, heightMessage, parentOrigin } from "@/lib/embed/frame-messages";
import { isEmbeddablePath } from "@/lib/http/embeddable";

const REMEMBERED = "givebridge:embed-parent";

/** The parent's origin for this frame (lib/embed/frame-messages.ts), remembered for the frame's later pages. */
function resolveParentOrigin(): string | null {
  if (window.parent === window) return null;
  let remembered: string | null = null;
  try {
    remembered = sessionStorage.getItem(REMEMBERED);
  } catch {
    // Storage can be blocked in third-party frames: the browser's own facts still apply.
  }
  const ancestors = window.location.ancestorOrigins;
  const origin = parentOrigin({
    ownOrigin: window.location.origin,
    ancestorOrigins: ancestors ? Array.from(ancestors) : null,
    requested: new URLSearchParams(window.location.search).get(EMBED_ORIGIN_PARAM),
    referrer: document.referrer || null,
    remembered,
  });
  try {
    if (origin) sessionStorage.setItem(REMEMBERED, origin);
  } catch {
    // As above.
  }
  return origin;
}

/**
 * The body of every /embed/ page (the root layout renders it instead of the site's bars):
 * the page's <main>, whose height is posted to the parent window whenever it changes, so
 * public/embed.js can size the iframe. A client navigation that left /embed/ (a page that
 * refuses framing) is reloaded, so the browser applies that page's frame-ancestors 'none'.
 */
export function EmbedFrame({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const pathname = usePathname() ?? "/";

  useEffect(() => {
    if (!isEmbeddablePath(pathname)) window.location.reload();
  }, [pathname]);

  useEffect(() => {
    const el = ref.current;
    const target = resolveParentOrigin();
    if (!el || !target) return;
    let last = -1;
    const post = () => {
      const message = heightMessage(el.getBoundingClientRect().height);
      if (message.height === last) return;
      last = message.height;
      window.parent.postMessage(message, target);
    };
    const observer = new ResizeObserver(post);
    observer.observe(el);
    post();
    return () => observer.disconnect();
  }, [pathname]);

  return (
    <main id="main" ref={ref} tabIndex={-1} className="focus:outline-none">
      {children}
    </main>
  );
}
