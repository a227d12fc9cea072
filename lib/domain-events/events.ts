/**
 * Every domain event: its name and payload, published by the service that made it happen, in
 * the transaction that made it happen (./index.ts). Declared here, below lib/services, so a
 * subscriber reads an event without importing its publisher and imports between the folders of
 * lib/services point one way (ENGINEERING.md). Amounts are integer cents; times UTC. A payload
 * carries what happened; a subscriber reads whatever else it needs itself, in the transaction
 * it is given.
 *
 * The payment core (lib/services/payments/apply-payment-event.ts) publishes, each once, in the
 * transaction that records the provider event that caused it:
 * - gift.succeeded: a gift's payment succeeded and its effects (progress, receipt) are due now.
 * - gift.failed: a gift's payment failed (each recorded failure event).
 * - gift.refunded: a succeeded gift was refunded and its effects reversed now.
 * - ticket_order.paid / ticket_order.failed: the payment of a ticket order succeeded (once) or
 *   failed. A ticket purchase is a sale, never a gift (IRS Publication 1771).
 * - fundraiser.progressed: a fundraiser's progress moved by `addedCents` (negative for a refund).
 * - payment.changed: after commit, the cached pages that show the payment are to be refreshed.
 *
 * Others:
 * - offline_gift.recorded: an organization recorded a gift it received outside the platform
 *   (lib/services/donations/offline-gifts.ts).
 * - recurring_gift.changed: a monthly recurring gift changed (its first payment succeeded, it
 *   was updated or canceled, or a period's charge failed), published by the recurring-gift
 *   services and account deletion.
 * - supporter_page.changed: a supporter page (peer-to-peer fundraising) was created or changed
 *   (lib/services/supporter-pages).
 */
import type { Cents } from "@/lib/money";
import type { donations, payments, supporterPages } from "@/models";

/** A stored gift as the event saw it (amounts in cents, times UTC). */
export type GiftRow = typeof donations.$inferSelect;

/** A stored payment as the event saw it: the money movement of a gift or a ticket order. */
export type PaymentEventRow = typeof payments.$inferSelect;

/** The fundraiser a gift moved, as updated (progress after the change). */
export type ProgressedFundraiser = { id: string; organizationId: string; name: string; goalCents: Cents; progressCents: Cents };

/** What a `recurring_gift.changed` event says changed. */
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

/** What changed on a supporter page: a new page, or an edit / status change / team change of one. */
export type SupporterPageChange = "supporter_page.created" | "supporter_page.updated";

/** Every event's name and payload. */
export interface DomainEventMap {
  /** `donation` and `payment` carry the state just applied. */
  "gift.succeeded": { donation: GiftRow; payment: PaymentEventRow; occurredAt: Date };
  "gift.failed": { donation: GiftRow; reason: string; occurredAt: Date };
  "gift.refunded": { donation: GiftRow; occurredAt: Date };
  "ticket_order.paid": { payment: PaymentEventRow; orderId: string; occurredAt: Date };
  "ticket_order.failed": { payment: PaymentEventRow; orderId: string; occurredAt: Date };
  "fundraiser.progressed": { fundraiser: ProgressedFundraiser; addedCents: Cents; occurredAt: Date };
  /** `supporterPageId` / `supporterTeamId`: the supporter page and team the gift was made on (peer-to-peer), or null. */
  "payment.changed": { organizationId: string; campaignId: string | null; ticket: boolean; supporterPageId: string | null; supporterTeamId: string | null };
  /** `donation` is the row as recorded (status succeeded, `offline_method` set); `occurredAt` is when it was recorded (UTC). */
  "offline_gift.recorded": { donation: GiftRow; occurredAt: Date };
  "recurring_gift.changed": { giftId: string; change: RecurringGiftChange; occurredAt: Date; failedPayment?: FailedRecurringPayment };
  /** `page` is the row as written; `occurredAt` is when (UTC). */
  "supporter_page.changed": { change: SupporterPageChange; page: typeof supporterPages.$inferSelect; occurredAt: Date };
  /** An organization's claim was verified (lib/services/claims); its drafts are public as of `occurredAt` (UTC). */
  "claim.verified": { organizationId: string; claimId: string; method: string; occurredAt: Date };
}
