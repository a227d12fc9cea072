"use client";

import { ChevronDown } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { sessionUserIs } from "@/lib/auth/account-type";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { AccountMenu } from "./account-menu";
import { useShownUser } from "./browser-session";
import { displayName } from "./nav-items";
import { SmartLink } from "./smart-link";
import { UserAvatar } from "./user-avatar";

/**
 * The top bar's account area at >= 800 px: the signed-in user's avatar menu, or Login and
 * Sign Up. `user` is the server's user on the pages rendered per request, or "browser" on the
 * cached public pages, which show Login and Sign Up until the browser learns the visitor is
 * signed in (browser-session.ts).
 */
export function AccountArea({ user: given, links }: { user: SessionUser | null | "browser"; links: SiteLinks }) {
  const user = useShownUser(given, (u) => u);
  if (user) {
    return (
      <div className="hidden nav:block">
        <AccountMenu user={user} links={links} label={`Account menu for ${displayName(user)}`}>
          <UserAvatar src={user.profileImg} kind={sessionUserIs(user, "nonprofit") ? "organization" : "person"} size={36} />
          <ChevronDown className="size-4 text-ink-muted transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
        </AccountMenu>
      </div>
    );
  }
  return (
    <div className="hidden items-center gap-2 nav:flex">
      <SmartLink href={links.login} className={buttonClasses({ variant: "ghost", size: "sm", className: "h-10 px-3.5" })}>
        Login
      </SmartLink>
      <SmartLink href={links.signup} className={buttonClasses({ variant: "accent", size: "sm", className: "h-10 px-4" })}>
        Sign Up
      </SmartLink>
    </div>
  );
}
