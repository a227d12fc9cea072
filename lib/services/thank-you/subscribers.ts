/**
 * What the organization's own donor mail does with the payment core's events
 * (lib/domain-events): a succeeded gift queues the organization's thank-you in the gift's
 * transaction (./thank-you-mail.ts), so it is sent once and only if the payment's change commits.
 */
import "server-only";
import { subscribe } from "@/lib/domain-events";
import "@/lib/services/donations/payment-events";
import { enqueueThankYou } from "./thank-you-mail";

/** Subscribe the thank-you email to gift.succeeded. */
export function installThankYouSubscribers(): void {
  subscribe("gift.succeeded", "thank-you.email", async (tx, { donation, facts }) => {
    await enqueueThankYou({ tx, donation, facts });
  });
}
