"use client";

import { ChevronDown, LogOut, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { sessionUserIs } from "@/lib/auth/account-type";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { BrandLink } from "./brand-link";
import { burgerClasses } from "./menu-classes";
import { useShownUser } from "./browser-session";
import { accountItems, displayName, drawerGroups } from "./nav-items";
import { SmartLink } from "./smart-link";
import { useLogout } from "./use-logout";
import { UserAvatar } from "./user-avatar";

/** Spec section 9: mobile breakpoint 800 px (the `nav` screen of the theme). */
const DESKTOP_QUERY = "(min-width: 800px)";

/** The drawer's id, which the burger and close buttons name as their popover target. */
const DRAWER_ID = "site-menu";

export type MobileDrawerProps = {
  /** The server's user, or "browser" on a cached page: the user the browser learns (browser-session.ts). */
  user: SessionUser | null | "browser";
  links: SiteLinks;
  /** The burger button's content (its icon). */
  children: ReactNode;
};

/** Hides the drawer if it is open. */
function hide(drawer: HTMLElement | null): void {
  if (drawer?.matches(":popover-open")) drawer.hidePopover();
}

const linkClasses = "flex min-h-11 items-center rounded-lg px-3 py-2 text-[0.95rem] text-ink hover:bg-brand-50 hover:text-brand-900";

/**
 * The burger menu used below 800 px instead of the dropdowns. The browser opens and closes it
 * (HTML popover: the burger is its `popovertarget`), so it answers a tap before the page's code
 * has run. The browser also gives it its keyboard and screen-reader behaviour: the burger is
 * announced as expanded or collapsed, Tab goes from the burger into the menu, Escape and a tap
 * outside close it and the focus returns to the burger. Its groups are native disclosures
 * (`<details>` sharing one `name`, so opening one closes the others). Once the code runs, it
 * also closes when a link in it is followed, when the route changes and when the window grows
 * to desktop width.
 */
export function MobileDrawer({ user: given, links, children }: MobileDrawerProps) {
  const user = useShownUser(given, (u) => u);
  const drawerRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const shownPath = useRef(pathname);
  const { logout, pending } = useLogout();

  // Any navigation closes it; not the first render, which may find it opened before hydration.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    hide(drawerRef.current);
  }, [pathname]);

  useEffect(() => {
    const mq = window.matchMedia(DESKTOP_QUERY);
    const onChange = (e: MediaQueryListEvent) => {
      if (e.matches) hide(drawerRef.current);
    };
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);

  // A followed link closes the menu; next/link changes the page without reloading it.
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest("a[href]")) hide(drawerRef.current);
  };

  const groups = drawerGroups(links, Boolean(user));

  return (
    <>
      <button type="button" popoverTarget={DRAWER_ID} aria-haspopup="dialog" aria-controls={DRAWER_ID} aria-label="Open menu" className={burgerClasses}>
        {children}
      </button>
      <div
        ref={drawerRef}
        id={DRAWER_ID}
        popover="auto"
        role="dialog"
        aria-label="Menu"
        onClick={onClick}
        className="inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-sm flex-col overflow-hidden border-0 bg-white p-0 text-ink shadow-pop backdrop:bg-brand-950/50 open:flex animate-slide-in-right"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <BrandLink />
          <button
            type="button"
            popoverTarget={DRAWER_ID}
            popoverTargetAction="hide"
            aria-label="Close menu"
            className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken"
          >
            <X className="size-6" aria-hidden="true" />
          </button>
        </div>

        <nav aria-label="Mobile" className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
          {user ? (
            <div className="mb-3 rounded-card bg-surface-muted p-3">
              <div className="flex items-center gap-3 px-1 pb-2">
                <UserAvatar src={user.profileImg} kind={sessionUserIs(user, "nonprofit") ? "organization" : "person"} size={44} />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-ink">{displayName(user)}</p>
                  <p className="truncate text-sm text-ink-muted">{user.email}</p>
                </div>
              </div>
              <ul>
                {accountItems(user, links).map((item) =>
                  item.kind === "link" ? (
                    <li key={item.label}>
                      <SmartLink href={item.href} className={`${linkClasses} gap-3`}>
                        <item.icon className="size-5 text-ink-muted" aria-hidden="true" />
                        {item.label}
                      </SmartLink>
                    </li>
                  ) : (
                    <li key="logout">
                      <button
                        type="button"
                        disabled={pending}
                        onClick={() => {
                          hide(drawerRef.current);
                          void logout();
                        }}
                        className={`${linkClasses} w-full gap-3 text-left`}
                      >
                        <LogOut className="size-5 text-ink-muted" aria-hidden="true" />
                        {item.label}
                      </button>
                    </li>
                  ),
                )}
              </ul>
            </div>
          ) : null}

          <div className="divide-y divide-slate-200">
            {groups.map((group) => (
              <details key={group.id} name="site-menu-group" className="group">
                <summary className="flex min-h-12 w-full cursor-pointer list-none items-center justify-between rounded-lg px-3 text-left text-base font-semibold text-ink hover:bg-surface-sunken [&::-webkit-details-marker]:hidden">
                  {group.label}
                  <ChevronDown className="size-5 text-ink-muted transition-transform duration-200 group-open:rotate-180" aria-hidden="true" />
                </summary>
                <ul className="pb-2 pl-3">
                  {group.items.map((item) => (
                    <li key={item.label}>
                      <SmartLink href={item.href} className={linkClasses}>
                        {item.label}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </div>
        </nav>

        {user ? null : (
          <div className="grid shrink-0 grid-cols-2 gap-3 border-t border-slate-200 p-4">
            <SmartLink href={links.login} className={buttonClasses({ variant: "outline", fullWidth: true })}>
              Login
            </SmartLink>
            <SmartLink href={links.signup} className={buttonClasses({ variant: "accent", fullWidth: true })}>
              Sign Up
            </SmartLink>
          </div>
        )}
      </div>
    </>
  );
}
