import { ChevronDown, Menu } from "lucide-react";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { AccountArea } from "./account-area";
import { BrandLink } from "./brand-link";
import { MobileDrawer } from "./mobile-drawer";
import { NavDropdown } from "./nav-dropdown";
import { desktopMenus } from "./nav-items";
import { PathGate } from "./path-gate";
import { SearchBox } from "./search-box";

export type TopNavProps = {
  /**
   * The signed-in user from the server (getSessionUser()), or null; "browser" on the cached
   * public pages, whose HTML is the same for everyone: the account area, the drawer's account
   * items and the menus' Login item then follow the user the browser learns (browser-session.ts).
   */
  user: SessionUser | null | "browser";
  /** Resolved links (lib/config/links.ts siteLinks()). */
  links: SiteLinks;
};

/**
 * The top navigation bar (spec section 2), rendered on the server. Not rendered on /search;
 * its search box is hidden on paths beginning with /campaigns or /search. At >= 800 px:
 * dropdowns and the account area, whose Radix widgets are downloaded only when a visitor
 * reaches for them; below: a burger that opens MobileDrawer, a native popover that works
 * before the page's code has run. Sign-in, sign-out and profile
 * changes refresh the server components, which renders the bar again with the new user; on a
 * cached page the browser asks for the session again.
 */
export function TopNav({ user, links }: TopNavProps) {
  return (
    <PathGate hide="topBar">
      <header className="relative z-40 border-b border-slate-200 bg-white/95 nav:sticky nav:top-0 nav:backdrop-blur nav:supports-[backdrop-filter]:bg-white/85">
        <div className="mx-auto flex h-16 max-w-site items-center gap-2 px-4 sm:px-6 lg:gap-4">
          <BrandLink className="mr-1 lg:mr-2" />

          <nav aria-label="Main" className="hidden items-center gap-0.5 nav:flex">
            {desktopMenus(links, user !== null && user !== "browser").map((group) => (
              <NavDropdown key={group.id} group={group} fromBrowser={user === "browser"}>
                {group.label}
                <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
              </NavDropdown>
            ))}
          </nav>

          <PathGate hide="navSearch" fallback={<div className="hidden flex-1 lg:block" />}>
            <div className="hidden min-w-0 flex-1 justify-center lg:flex">
              <SearchBox className="max-w-md" />
            </div>
          </PathGate>

          <div className="ml-auto flex items-center gap-2 lg:ml-0">
            <AccountArea user={user} links={links} />
            <MobileDrawer user={user} links={links}>
              <Menu className="size-6" aria-hidden="true" />
            </MobileDrawer>
          </div>
        </div>

        <PathGate hide="navSearch">
          <div className="mx-auto max-w-site px-4 pb-3 sm:px-6 lg:hidden">
            <SearchBox />
          </div>
        </PathGate>
      </header>
    </PathGate>
  );
}
