/**
 * Monthly gifts follow their charges through the payment core's events (lib/domain-events):
 * a period's charge that succeeds puts the gift back in good standing; one that fails is
 * counted, retried on schedule and mailed to the donor (failures.ts), in the transaction that
 * records the provider event, so each happens once per event.
 */
import "server-only";
import { subscribe } from "@/lib/domain-events";
import { recordRecurringChargeFailure, recordRecurringChargeSuccess } from "./failures";

/** Subscribe recurring gifts to gift.succeeded and gift.failed. */
export function installRecurringSubscribers(): void {
  subscribe("gift.succeeded", "recurring.charge-succeeded", (tx, { donation }) => recordRecurringChargeSuccess({ tx, donation }));
  subscribe("gift.failed", "recurring.charge-failed", (tx, { donation, reason, occurredAt }) => recordRecurringChargeFailure({ tx, donation, reason, now: occurredAt }));
}
