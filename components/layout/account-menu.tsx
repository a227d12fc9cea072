"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LogOut } from "lucide-react";
import { Fragment } from "react";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { accountItems, displayName } from "./nav-items";
import { menuContentClasses, menuItemClasses } from "./nav-dropdown";
import { SmartLink } from "./smart-link";
import { useLogout } from "./use-logout";
import { UserAvatar } from "./user-avatar";

/** The signed-in user's avatar button and menu (nonprofit, individual or admin items). */
export function AccountMenu({ user, links }: { user: SessionUser; links: SiteLinks }) {
  const { logout, pending } = useLogout();
  const name = displayName(user);
  const items = accountItems(user, links);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${name}`}
        className="group inline-flex h-11 items-center gap-1.5 rounded-full py-1 pr-2 pl-1 hover:bg-surface-sunken data-[state=open]:bg-brand-50"
      >
        <UserAvatar src={user.profileImg} kind={user.type === "nonprofit" ? "organization" : "person"} size={36} />
        <ChevronDown className="size-4 text-ink-muted transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
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
