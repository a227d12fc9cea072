"use client";

import type { ReactNode } from "react";
import { useDeferredWidget } from "./deferred-widget";
import { navTriggerClasses } from "./menu-classes";
import type { NavDropdownMenuProps } from "./nav-dropdown-menu";
import type { NavGroup } from "./nav-items";

const loadMenu = () => import("./nav-dropdown-menu").then((m) => m.NavDropdownMenu);

/**
 * One desktop dropdown of the top bar. The page loads with a plain button that looks and reads
 * like the menu's trigger; the Radix menu (NavDropdownMenu) is downloaded when the visitor
 * hovers, focuses or presses it, and opens on that same press.
 */
export function NavDropdown({ group, children }: { group: NavGroup; children: ReactNode }) {
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
