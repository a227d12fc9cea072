/**
 * What the payment core's own folder does with its events (lib/domain-events): a succeeded
 * gift's receipt and notifications and its tribute card, a ticket order confirmed or canceled with its payment and
 * the buyer's purchase confirmation, and, after the commit, the cached pages that show the
 * payment refreshed (lib/cache/public-pages.ts) and the checkout's card-testing points given
 * back (checkout-defences.ts). Mail is queued in the transaction, so it is
 * sent once and only if the payment's change commits.
 */
import "server-only";
import { refreshGiftPages } from "@/lib/cache/public-pages";
import { subscribe, subscribeAfterCommit } from "@/lib/domain-events";
import { enqueueDonationMail, enqueueTicketMail } from "./apply-payment-event";
import { givePointsBack } from "./checkout-defences";
import "./payment-events";
import { applyTicketPaymentOutcome } from "./ticket-payments";
import { enqueueTributeCard } from "./tribute-card";

/** Subscribe receipts, ticket orders and the page refresh to the payment events. */
export function installDonationSubscribers(): void {
  subscribe("gift.succeeded", "donations.receipt", async (tx, { donation, facts }) => {
    await enqueueDonationMail(tx, donation, undefined, facts);
  });
  // A tribute gift's card, queued for the donor's chosen day (./tribute-card.ts).
  subscribe("gift.succeeded", "donations.tribute-card", async (tx, { donation, facts }) => {
    await enqueueTributeCard({ tx, donation, facts });
  });
  subscribe("ticket_order.paid", "donations.ticket-order-confirmed", async (tx, { payment, orderId }) => {
    await applyTicketPaymentOutcome(tx, payment, orderId, "succeeded");
    await enqueueTicketMail(tx, payment, orderId);
  });
  subscribe("ticket_order.failed", "donations.ticket-order-canceled", async (tx, { payment, orderId }) => {
    await applyTicketPaymentOutcome(tx, payment, orderId, "failed");
  });
  subscribeAfterCommit("payment.changed", "donations.refresh-pages", (pages) => refreshGiftPages(pages));
  // A payment that went through gives its checkout's points back (checkout-defences.ts).
  subscribeAfterCommit("gift.succeeded", "donations.checkout-points-back", ({ payment }) => givePointsBack(payment.metadata));
  subscribeAfterCommit("ticket_order.paid", "donations.checkout-points-back", ({ payment }) => givePointsBack(payment.metadata));
}
