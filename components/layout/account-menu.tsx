"use client";

import type { ReactNode } from "react";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import type { AccountMenuContentProps } from "./account-menu-content";
import { useDeferredWidget } from "./deferred-widget";
import { accountTriggerClasses } from "./menu-classes";

const loadMenu = () => import("./account-menu-content").then((m) => m.AccountMenuContent);

export type AccountMenuProps = {
  user: SessionUser;
  links: SiteLinks;
  /** The trigger's accessible name ("Account menu for <name>"). */
  label: string;
  /** The trigger's content: the avatar and its chevron. */
  children: ReactNode;
};

/**
 * The signed-in user's avatar button. The Radix menu behind it (AccountMenuContent) is
 * downloaded when the user hovers, focuses or presses the button, and opens on that press.
 */
export function AccountMenu({ user, links, label, children }: AccountMenuProps) {
  const { Widget, triggerRef, standIn } = useDeferredWidget<Omit<AccountMenuContentProps, "triggerRef">>(loadMenu, "menu");
  if (Widget) {
    return (
      <Widget user={user} links={links} label={label} triggerRef={triggerRef}>
        {children}
      </Widget>
    );
  }
  return (
    <button {...standIn} aria-label={label} className={accountTriggerClasses}>
      {children}
    </button>
  );
}
