"use client";

import * as Accordion from "@radix-ui/react-accordion";
import * as Dialog from "@radix-ui/react-dialog";
import { ChevronDown, LogOut, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { BrandLink } from "./brand-link";
import type { DeferredWidgetProps } from "./deferred-widget";
import { burgerClasses } from "./menu-classes";
import { accountItems, displayName, drawerGroups } from "./nav-items";
import { SmartLink } from "./smart-link";
import { useLogout } from "./use-logout";
import { UserAvatar } from "./user-avatar";

/** Spec section 9: mobile breakpoint 800 px (the `nav` screen in tailwind.config.ts). */
const DESKTOP_QUERY = "(min-width: 800px)";

export type MobileDrawerPanelProps = DeferredWidgetProps & {
  user: SessionUser | null;
  links: SiteLinks;
  /** The burger button's content (its icon). */
  children: ReactNode;
};

/**
 * The burger menu used below 800 px instead of the dropdowns: a Radix Dialog (focus trapped,
 * Escape closes, labelled "Menu") with mutually exclusive accordion groups. It closes when a
 * link is followed, when the route changes and when the window grows to desktop width.
 * Loaded on demand by MobileDrawer.
 */
export function MobileDrawerPanel({ user, links, triggerRef, children }: MobileDrawerPanelProps) {
  const pathname = usePathname();
  // The drawer is open for the path it was opened on; any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn !== null && openOn === pathname;
  const close = () => setOpenOn(null);
  const { logout, pending } = useLogout();

  useEffect(() => {
    const mq = window.matchMedia(DESKTOP_QUERY);
    const onChange = (e: MediaQueryListEvent) => {
      if (e.matches) setOpenOn(null);
    };
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);

  const groups = drawerGroups(links, Boolean(user));
  const linkClasses =
    "flex min-h-11 items-center rounded-lg px-3 py-2 text-[0.95rem] text-ink hover:bg-brand-50 hover:text-brand-900";

  return (
    <Dialog.Root open={open} onOpenChange={(next) => setOpenOn(next ? pathname : null)}>
      <Dialog.Trigger ref={triggerRef} aria-label="Open menu" className={burgerClasses}>
        {children}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-brand-950/50 data-[state=open]:animate-fade-in nav:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-pop focus:outline-none data-[state=open]:animate-slide-in-right nav:hidden"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <BrandLink />
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-sunken"
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <nav aria-label="Mobile" className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
            {user ? (
              <div className="mb-3 rounded-card bg-surface-muted p-3">
                <div className="flex items-center gap-3 px-1 pb-2">
                  <UserAvatar src={user.profileImg} kind={user.type === "nonprofit" ? "organization" : "person"} size={44} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-ink">{displayName(user)}</p>
                    <p className="truncate text-sm text-ink-muted">{user.email}</p>
                  </div>
                </div>
                <ul>
                  {accountItems(user, links).map((item) =>
                    item.kind === "link" ? (
                      <li key={item.label}>
                        <SmartLink href={item.href} onClick={close} className={`${linkClasses} gap-3`}>
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
                            close();
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

            <Accordion.Root type="single" collapsible className="divide-y divide-slate-200">
              {groups.map((group) => (
                <Accordion.Item key={group.id} value={group.id}>
                  <Accordion.Header>
                    <Accordion.Trigger className="group flex min-h-12 w-full items-center justify-between rounded-lg px-3 text-left text-base font-semibold text-ink hover:bg-surface-sunken">
                      {group.label}
                      <ChevronDown
                        className="size-5 text-ink-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                        aria-hidden="true"
                      />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down">
                    <ul className="pb-2 pl-3">
                      {group.items.map((item) => (
                        <li key={item.label}>
                          <SmartLink href={item.href} onClick={close} className={linkClasses}>
                            {item.label}
                          </SmartLink>
                        </li>
                      ))}
                    </ul>
                  </Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </nav>

          {user ? null : (
            <div className="grid shrink-0 grid-cols-2 gap-3 border-t border-slate-200 p-4">
              <SmartLink href={links.login} onClick={close} className={buttonClasses({ variant: "outline", fullWidth: true })}>
                Login
              </SmartLink>
              <SmartLink href={links.signup} onClick={close} className={buttonClasses({ variant: "accent", fullWidth: true })}>
                Sign Up
              </SmartLink>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
