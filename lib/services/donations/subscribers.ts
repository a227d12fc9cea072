/**
 * What a gift's payment causes in the gifts' own folder (lib/domain-events): a succeeded gift's
 * receipt and notifications and its tribute card, queued in the payment core's transaction so
 * they are sent once and only if the payment's change commits; each reads the gift's facts
 * (organization, fundraiser) itself (./donation-facts.ts). After the commit, the cached pages
 * that show the payment are refreshed (lib/cache/public-pages.ts).
 */
import "server-only";
import { refreshGiftPages } from "@/lib/cache/public-pages";
import { subscribe, subscribeAfterCommit } from "@/lib/domain-events";
import { enqueueDonationMail } from "./donation-mail";
import { enqueueTributeCard } from "./tribute-card";

/** Subscribe receipts, tribute cards and the page refresh to the payment events. */
export function installDonationSubscribers(): void {
  subscribe("gift.succeeded", "donations.receipt", async (tx, { donation }) => {
    await enqueueDonationMail({ tx, donation });
  });
  // A tribute gift's card, queued for the donor's chosen day (./tribute-card.ts).
  subscribe("gift.succeeded", "donations.tribute-card", async (tx, { donation }) => {
    await enqueueTributeCard({ tx, donation });
  });
  subscribeAfterCommit("payment.changed", "donations.refresh-pages", (pages) => refreshGiftPages(pages));
}
