"use client";

import { useSyncExternalStore } from "react";
import { Alert } from "@/components/ui/alert";
import { messages } from "@/lib/validations/messages";

const noSubscription = () => () => {};

/**
 * Shown inside the embedded form when its host page is not a secure context (plain http):
 * browsers then withhold what a payment needs (Web Crypto for the checkout challenge, the
 * payment providers' forms), so the donor gets a clear way to give on Givebridge instead.
 */
export function InsecureHostNotice({ giveHref }: { giveHref: string }) {
  // Never changes while the page lives; on the server it is assumed secure (nothing shown).
  const insecure = useSyncExternalStore(
    noSubscription,
    () => !window.isSecureContext,
    () => false,
  );
  if (!insecure) return null;
  return (
    <Alert
      variant="warning"
      className="mt-4"
      action={
        <a href={giveHref} target="_blank" rel="noopener" className="text-sm font-semibold text-brand-700 underline">
          Give on Givebridge<span className="sr-only"> (opens in a new tab)</span>
        </a>
      }
    >
      {messages.embed.insecureHost}
    </Alert>
  );
}
