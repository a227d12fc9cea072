"use client";

import type { ReactNode } from "react";
import { useBrowserUser } from "./browser-session";
import { useDeferredWidget } from "./deferred-widget";
import { navTriggerClasses } from "./menu-classes";
import type { NavDropdownMenuProps } from "./nav-dropdown-menu";
import type { NavGroup } from "./nav-items";

const loadMenu = () => import("./nav-dropdown-menu").then((m) => m.NavDropdownMenu);

/**
 * One desktop dropdown of the top bar. The page loads with a plain button that looks and reads
 * like the menu's trigger; the Radix menu (NavDropdownMenu) is downloaded when the visitor
 * hovers, focuses or presses it, and opens on that same press. On a cached page
 * (`fromBrowser`), items for anonymous visitors only are dropped once the browser knows the
 * visitor is signed in.
 */
export function NavDropdown({ group: given, fromBrowser = false, children }: { group: NavGroup; fromBrowser?: boolean; children: ReactNode }) {
  const signedIn = useBrowserUser(fromBrowser) !== null;
  const group = signedIn ? { ...given, items: given.items.filter((item) => !item.anonymousOnly) } : given;
  const { Widget, triggerRef, standIn } = useDeferredWidget<Omit<NavDropdownMenuProps, "triggerRef">>(loadMenu, "menu");
  if (Widget) {
    return (
      <Widget group={group} triggerRef={triggerRef}>
        {children}
      </Widget>
    );
  }
  return (
    <button {...standIn} className={navTriggerClasses}>
      {children}
    </button>
  );
}
