"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import type { DeferredWidgetProps } from "./deferred-widget";
import { menuContentClasses, menuItemClasses, navTriggerClasses } from "./menu-classes";
import type { NavGroup } from "./nav-items";
import { SmartLink } from "./smart-link";

export type NavDropdownMenuProps = DeferredWidgetProps & {
  group: NavGroup;
  /** The trigger's content: the group's label and its chevron. */
  children: ReactNode;
};

/**
 * One desktop dropdown (For Donors, For Charities, About). Radix gives the keyboard support
 * (Enter/Space/arrows to open and move, Escape to close), aria-expanded on the trigger and
 * closing on an outside click. Non-modal so the page does not lock while it is open. Loaded
 * on demand by NavDropdown.
 */
export function NavDropdownMenu({ group, triggerRef, children }: NavDropdownMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} className={navTriggerClasses}>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={8} collisionPadding={12} className={menuContentClasses}>
          {group.items.map((item) => (
            <DropdownMenu.Item key={item.label} asChild>
              <SmartLink href={item.href} className={menuItemClasses}>
                {item.label}
              </SmartLink>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
