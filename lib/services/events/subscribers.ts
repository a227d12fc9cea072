/**
 * What a ticket order's payment causes (lib/domain-events): a paid order is confirmed and its
 * buyer's purchase confirmation queued; a failed one is canceled and its seats given back. Both
 * run in the payment core's transaction and change the order only while it is pending
 * (./ticket-payments.ts), so each happens once and only if the payment's change commits.
 */
import "server-only";
import { subscribe } from "@/lib/domain-events";
import { enqueueTicketMail } from "./ticket-mail";
import { applyTicketPaymentOutcome } from "./ticket-payments";

/** Subscribe ticket orders to ticket_order.paid and ticket_order.failed. */
export function installEventSubscribers(): void {
  subscribe("ticket_order.paid", "events.ticket-order-confirmed", async (tx, { payment, orderId }) => {
    await applyTicketPaymentOutcome({ tx, payment, orderId, outcome: "succeeded" });
    await enqueueTicketMail({ tx, payment, orderId });
  });
  subscribe("ticket_order.failed", "events.ticket-order-canceled", async (tx, { payment, orderId }) => {
    await applyTicketPaymentOutcome({ tx, payment, orderId, outcome: "failed" });
  });
}
