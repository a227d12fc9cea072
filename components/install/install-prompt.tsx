"use client";

import { Download, PartyPopper, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { readStore, storeKeys, writeStore } from "@/lib/client/stores";
import { installPromptDue, nextInstallCounter } from "./install-counter";

/** Chromium's install event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

/** This page load's visit, counted once (module state survives a remounted effect). */
let visit: { welcome: boolean; installDue: boolean } | undefined;
function countVisit(): { welcome: boolean; installDue: boolean } {
  if (visit) return visit;
  const welcome = !readStore<boolean>(storeKeys.welcomeMessage);
  if (welcome) writeStore(storeKeys.welcomeMessage, true);
  const counter = readStore<unknown>(storeKeys.installPopupCounter);
  writeStore(storeKeys.installPopupCounter, nextInstallCounter(counter));
  visit = { welcome, installDue: installPromptDue(counter) };
  return visit;
}

/**
 * Banners pinned to the bottom of the screen: the welcome message on the first visit only
 * (flag "welcome-message"), and the install prompt when the browser offers installation and
 * the visit counter "install-popup-counter" is due. Both are known only in the browser, after
 * the page is shown; pinned, they appear without moving the page under the reader (inserted
 * above the page, they pushed it down: a layout shift of 0.1-0.19 on the search page). Each
 * has a dismiss button and is announced as a region, and neither traps the focus.
 */
export function InstallPrompt() {
  const [welcome, setWelcome] = useState(false);
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const visit = countVisit();
    const timer = visit.welcome ? window.setTimeout(() => setWelcome(true), 0) : undefined;
    const standalone = window.matchMedia?.("(display-mode: standalone)").matches;
    if (!visit.installDue || standalone) return () => window.clearTimeout(timer);
    const onPrompt = (e: Event) => {
      e.preventDefault(); // keep the browser's mini-infobar away; we show our own banner
      setInstallEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setInstallEvent(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!welcome && !installEvent) return null;

  return (
    <div role="region" aria-label="Messages from Givebridge" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div className="pointer-events-auto mx-auto flex max-w-2xl flex-col gap-2 rounded-xl border border-slate-200 bg-brand-50 px-4 py-3 shadow-lg">
        {welcome ? (
          <div className="flex items-start gap-3 text-sm text-ink">
            <PartyPopper className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden="true" />
            <p className="flex-1">
              <strong>Welcome to Givebridge!</strong> Find a cause near you, give to fundraisers and track the good you do.
            </p>
            <button type="button" onClick={() => setWelcome(false)} aria-label="Dismiss the welcome message" className="rounded p-1 text-ink-muted hover:bg-white">
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : null}
        {installEvent ? (
          <div role="region" aria-label="Install Givebridge" className="flex flex-wrap items-center gap-3 text-sm text-ink">
            <Download className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <p className="min-w-0 flex-1">Install Givebridge on this device for one-tap access to your dashboard.</p>
            <div className="flex gap-2">
              <Button
                size="sm"
                onClick={async () => {
                  const ev = installEvent;
                  setInstallEvent(null);
                  await ev.prompt().catch(() => undefined);
                }}
              >
                Install
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setInstallEvent(null)}>
                Not now
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
