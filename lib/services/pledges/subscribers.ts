/**
 * A gift from a donor who pledged to the organization while it could not receive gifts
 * completes that pledge, in the transaction that applies the gift (lib/domain-events).
 */
import "server-only";
import { subscribe } from "@/lib/domain-events";
import "@/lib/services/donations/payment-events";
import { completePledgeWithDonation } from "./pledges";

/** Subscribe pledges to gift.succeeded. */
export function installPledgeSubscribers(): void {
  subscribe("gift.succeeded", "pledges.complete", async (tx, { donation, hints }) => {
    if (hints.notifiedPledge) await completePledgeWithDonation(tx, donation);
  });
}
