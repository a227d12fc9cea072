/**
 * What the payments' own folder does after a payment's success has committed: the checkout's
 * card-testing points are given back (./checkout-defences.ts), once per payment, since
 * gift.succeeded and ticket_order.paid are published once per payment.
 */
import "server-only";
import { subscribeAfterCommit } from "@/lib/domain-events";
import { givePointsBack } from "./checkout-defences";

/** Subscribe the checkout's points back to a gift's or a ticket order's succeeded payment. */
export function installPaymentSubscribers(): void {
  subscribeAfterCommit("gift.succeeded", "payments.checkout-points-back", ({ payment }) => givePointsBack(payment.metadata));
  subscribeAfterCommit("ticket_order.paid", "payments.checkout-points-back", ({ payment }) => givePointsBack(payment.metadata));
}
