"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { useBrowserUser } from "@/components/layout/browser-session";
import { visitorViewTarget } from "@/lib/cache/visitor-views";
import { loadVisitorView } from "./visitor-view-action";

/**
 * Shows the cached page (`children`, the same for everyone) and, once the browser knows the
 * visitor is signed in (components/layout/browser-session.ts), replaces it with the view
 * rendered for them when there is one (loadVisitorView: an owner's profile with its editors, an
 * event with their like). The view is asked for again whenever the server renders the page
 * again (`children` changes: router.refresh() after an owner's edit), so edits show as they do
 * on the pages rendered per request. Until the view arrives, and if asking fails, the cached
 * page stays.
 */
export function VisitorView({ children }: { children: ReactNode }) {
  const userId = useBrowserUser(true)?._id ?? null;
  const pathname = usePathname();
  const [view, setView] = useState<{ pathname: string; userId: string; node: ReactNode } | null>(null);

  useEffect(() => {
    if (!userId || !visitorViewTarget(pathname)) return;
    let current = true;
    loadVisitorView(pathname, window.location.search).then(
      (node) => {
        if (current) setView(node ? { pathname, userId, node } : null);
      },
      () => {
        // The cached page stays; the next render of the page asks again.
      },
    );
    return () => {
      current = false;
    };
  }, [userId, pathname, children]);

  return view && view.pathname === pathname && view.userId === userId ? view.node : children;
}
