/**
 * A gift from a donor who pledged to the organization while it could not receive gifts
 * completes that pledge, in the transaction that applies the gift (lib/domain-events).
 */
import "server-only";
import { subscribe } from "@/lib/domain-events";
import { completePledgeWithDonation } from "./pledges";

/** Subscribe pledges to gift.succeeded. */
export function installPledgeSubscribers(): void {
  // One UPDATE of the donor's notified pledges to the organization; most gifts match none.
  subscribe("gift.succeeded", "pledges.complete", (tx, { donation }) => completePledgeWithDonation({ tx, donation }));
}
