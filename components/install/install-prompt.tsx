"use client";

import { Download } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { readStore, storeKeys, writeStore } from "@/lib/client/stores";
import { installPromptDue, nextInstallCounter } from "./install-counter";

/** Chromium's install event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

/** This page load's visit, counted once (module state survives a remounted effect). */
let visit: { installDue: boolean } | undefined;
function countVisit(): { installDue: boolean } {
  if (visit) return visit;
  const counter = readStore<unknown>(storeKeys.installPopupCounter);
  writeStore(storeKeys.installPopupCounter, nextInstallCounter(counter));
  visit = { installDue: installPromptDue(counter) };
  return visit;
}

/**
 * A banner pinned to the bottom of the screen: the install prompt, when the browser offers
 * installation and the visit counter "install-popup-counter" is due. It is known only in the
 * browser, after the page is shown; pinned, it appears without moving the page under the
 * reader. It has a dismiss button, is announced as a region and does not trap the focus.
 */
export function InstallPrompt() {
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const visit = countVisit();
    const standalone = window.matchMedia?.("(display-mode: standalone)").matches;
    if (!visit.installDue || standalone) return;
    const onPrompt = (e: Event) => {
      e.preventDefault(); // keep the browser's mini-infobar away; we show our own banner
      setInstallEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setInstallEvent(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!installEvent) return null;

  return (
    <div role="region" aria-label="Install Givebridge" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div className="pointer-events-auto mx-auto flex max-w-2xl flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-brand-50 px-4 py-3 text-sm text-ink shadow-lg">
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
    </div>
  );
}
