"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown } from "lucide-react";
import type { NavGroup } from "./nav-items";
import { SmartLink } from "./smart-link";

export const menuContentClasses =
  "z-50 min-w-56 rounded-card border border-slate-200 bg-white p-1.5 shadow-pop data-[state=open]:animate-pop-in";
export const menuItemClasses =
  "flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2.5 text-[0.95rem] text-ink outline-none " +
  "data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900";

/**
 * One desktop dropdown (For Donors, For Charities, About). Radix gives the keyboard support
 * (Enter/Space/arrows to open and move, Escape to close), aria-expanded on the trigger and
 * closing on an outside click. Non-modal so the page does not lock while it is open.
 */
export function NavDropdown({ group }: { group: NavGroup }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="group inline-flex h-10 items-center gap-1 rounded-lg px-3 text-[0.95rem] font-semibold text-ink hover:bg-surface-sunken data-[state=open]:bg-brand-50 data-[state=open]:text-brand-800"
      >
        {group.label}
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
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
