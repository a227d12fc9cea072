/**
 * What the organization's own donor mail does with the payment core's events
 * (lib/domain-events): a succeeded gift with an email queues a thank-you job naming it, in the
 * gift's transaction, so it exists once and only if the payment's change commits; the job's
 * worker writes the thank-you (./thank-you-mail.ts, sendThankYouForGift) outside the checkout.
 */
import "server-only";
import { subscribe } from "@/lib/domain-events";
import { sendJob, THANK_YOU_QUEUE } from "@/lib/mail/queue";

/** Subscribe the thank-you email to gift.succeeded. */
export function installThankYouSubscribers(): void {
  subscribe("gift.succeeded", "thank-you.email", async (tx, { donation }) => {
    if (!donation.donorEmail || donation.offlineMethod) return;
    await sendJob(THANK_YOU_QUEUE, { donationId: donation.id }, { tx });
  });
}
