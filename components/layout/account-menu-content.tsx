"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import type { DeferredWidgetProps } from "./deferred-widget";
import { accountTriggerClasses, menuContentClasses, menuItemClasses } from "./menu-classes";
import { accountItems, displayName } from "./nav-items";
import { SmartLink } from "./smart-link";
import { useLogout } from "./use-logout";

export type AccountMenuContentProps = DeferredWidgetProps & {
  user: SessionUser;
  links: SiteLinks;
  /** The trigger's accessible name ("Account menu for <name>"). */
  label: string;
  /** The trigger's content: the avatar and its chevron. */
  children: ReactNode;
};

/**
 * The signed-in user's avatar button and menu (nonprofit, individual or admin items), on
 * Radix. Loaded on demand by AccountMenu.
 */
export function AccountMenuContent({ user, links, label, triggerRef, children }: AccountMenuContentProps) {
  const { logout, pending } = useLogout();
  const name = displayName(user);
  const items = accountItems(user, links);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label={label} className={accountTriggerClasses}>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} collisionPadding={12} className={`${menuContentClasses} w-64`}>
          <DropdownMenu.Label className="px-3 pt-2 pb-2.5">
            <span className="block truncate font-semibold text-ink">{name}</span>
            <span className="block truncate text-sm text-ink-muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mx-1 mb-1 h-px bg-slate-200" />
          {items.map((item) =>
            item.kind === "link" ? (
              <DropdownMenu.Item key={item.label} asChild>
                <SmartLink href={item.href} className={menuItemClasses}>
                  <item.icon className="size-4 text-ink-muted" aria-hidden="true" />
                  {item.label}
                </SmartLink>
              </DropdownMenu.Item>
            ) : (
              <Fragment key="logout">
                <DropdownMenu.Separator className="mx-1 my-1 h-px bg-slate-200" />
                <DropdownMenu.Item disabled={pending} onSelect={() => void logout()} className={menuItemClasses}>
                  <LogOut className="size-4 text-ink-muted" aria-hidden="true" />
                  {item.label}
                </DropdownMenu.Item>
              </Fragment>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
