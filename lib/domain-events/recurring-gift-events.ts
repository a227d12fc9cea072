/**
 * The event published wherever a monthly recurring gift changes (its first payment succeeded,
 * it was updated, canceled, or a period's charge failed), in the transaction of the change.
 * Declared here, below lib/services, because services of several folders publish it (recurring
 * gifts, account deletion) and outgoing webhooks subscribe to it.
 */
export type RecurringGiftChange = "recurring_gift.created" | "recurring_gift.updated" | "recurring_gift.canceled" | "recurring_gift.payment_failed";

/** The failed charge a `recurring_gift.payment_failed` change is about (amounts in cents, times UTC ISO 8601). */
export type FailedRecurringPayment = {
  donation_id: string;
  amount_cents: number;
  failure_reason: string;
  /** 1 for the period's first failure. */
  attempt: number;
  next_retry_at: string | null;
  past_due: boolean;
};

declare module "./index" {
  interface DomainEventMap {
    "recurring_gift.changed": { giftId: string; change: RecurringGiftChange; occurredAt: Date; failedPayment?: FailedRecurringPayment };
  }
}
