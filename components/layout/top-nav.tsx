"use client";

import { useSession } from "next-auth/react";
import { usePathname } from "next/navigation";
import { buttonClasses } from "@/components/ui/button";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { AccountMenu } from "./account-menu";
import { BrandLink } from "./brand-link";
import { MobileDrawer } from "./mobile-drawer";
import { NavDropdown } from "./nav-dropdown";
import { desktopMenus } from "./nav-items";
import { hidesNavSearch, hidesTopBar } from "./routes";
import { SearchBox } from "./search-box";
import { SmartLink } from "./smart-link";

export type TopNavProps = {
  /** The signed-in user from the server (getSessionUser()), or null. */
  user: SessionUser | null;
  /** Resolved links (lib/config/links.ts siteLinks()). */
  links: SiteLinks;
};

/**
 * The current user: the client session once next-auth has it (so useSession().update() and
 * signOut() show at once), else the user the server rendered with.
 */
function useNavUser(initial: SessionUser | null): SessionUser | null {
  const { data, status } = useSession();
  if (status === "loading") return initial;
  return data?.user?._id ? data.user : null;
}

/**
 * The top navigation bar (spec section 2). Not rendered on /search; its search box is hidden
 * on paths beginning with /campaigns or /search. At >= 800 px: dropdowns and the account area;
 * below: a burger that opens MobileDrawer.
 */
export function TopNav({ user: initialUser, links }: TopNavProps) {
  const pathname = usePathname() ?? "/";
  const user = useNavUser(initialUser);
  if (hidesTopBar(pathname)) return null;
  const showSearch = !hidesNavSearch(pathname);

  return (
    <header className="relative z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 nav:sticky nav:top-0">
      <div className="mx-auto flex h-16 max-w-site items-center gap-2 px-4 sm:px-6 lg:gap-4">
        <BrandLink className="mr-1 lg:mr-2" />

        <nav aria-label="Main" className="hidden items-center gap-0.5 nav:flex">
          {desktopMenus(links, Boolean(user)).map((group) => (
            <NavDropdown key={group.id} group={group} />
          ))}
        </nav>

        {showSearch ? (
          <div className="hidden min-w-0 flex-1 justify-center lg:flex">
            <SearchBox className="max-w-md" />
          </div>
        ) : (
          <div className="hidden flex-1 lg:block" />
        )}

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          {user ? (
            <div className="hidden nav:block">
              <AccountMenu user={user} links={links} />
            </div>
          ) : (
            <div className="hidden items-center gap-2 nav:flex">
              <SmartLink href={links.login} className={buttonClasses({ variant: "ghost", size: "sm", className: "h-10 px-3.5" })}>
                Login
              </SmartLink>
              <SmartLink href={links.signup} className={buttonClasses({ variant: "accent", size: "sm", className: "h-10 px-4" })}>
                Sign Up
              </SmartLink>
            </div>
          )}
          <MobileDrawer user={user} links={links} />
        </div>
      </div>

      {showSearch ? (
        <div className="mx-auto max-w-site px-4 pb-3 sm:px-6 lg:hidden">
          <SearchBox />
        </div>
      ) : null}
    </header>
  );
}
