"use client";

import type { ReactNode } from "react";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { useDeferredWidget } from "./deferred-widget";
import { burgerClasses } from "./menu-classes";
import type { MobileDrawerPanelProps } from "./mobile-drawer-panel";

const loadPanel = () => import("./mobile-drawer-panel").then((m) => m.MobileDrawerPanel);

export type MobileDrawerProps = {
  user: SessionUser | null;
  links: SiteLinks;
  /** The burger button's content (its icon). */
  children: ReactNode;
};

/**
 * The burger button below 800 px. The drawer behind it (MobileDrawerPanel: Radix Dialog and
 * Accordion) is downloaded when the button is touched, focused or pressed, and opens on that
 * press.
 */
export function MobileDrawer({ user, links, children }: MobileDrawerProps) {
  const { Widget, triggerRef, standIn } = useDeferredWidget<Omit<MobileDrawerPanelProps, "triggerRef">>(loadPanel, "dialog");
  if (Widget) {
    return (
      <Widget user={user} links={links} triggerRef={triggerRef}>
        {children}
      </Widget>
    );
  }
  return (
    <button {...standIn} aria-label="Open menu" className={burgerClasses}>
      {children}
    </button>
  );
}
