/**
 * The events the payment core (apply-payment-event.ts) publishes, each once, in the
 * transaction that records the provider event that caused it (lib/domain-events). Amounts are
 * integer cents; times UTC.
 *
 * - gift.succeeded: a gift's payment succeeded and its effects (progress, receipt) are due now.
 * - gift.failed: a gift's payment failed (each recorded failure event).
 * - gift.refunded: a succeeded gift was refunded and its effects reversed now.
 * - ticket_order.paid / ticket_order.failed: the payment of a ticket order succeeded (once) or
 *   failed. A ticket purchase is a sale, never a gift (IRS Publication 1771).
 * - fundraiser.progressed: a fundraiser's progress moved by `addedCents` (negative for a refund).
 * - payment.changed: after commit, the cached pages that show the payment are to be refreshed.
 */
import type { Cents } from "@/lib/money";
import type { DonationFacts, DonationRow, PaymentRow } from "./donation-facts";

/** What the core's one read found besides the payment: whether any pledge or webhook endpoint is concerned. */
export type PaymentEffectHints = {
  /** The donor has a notified pledge to this organization (the gift completes it). */
  notifiedPledge: boolean;
  /** The organization has at least one webhook endpoint (else no webhook event is due). */
  webhookEndpoints: boolean;
};

/** The fundraiser a gift moved, as updated (progress after the change). */
export type ProgressedFundraiser = { id: string; organizationId: string; name: string; goalCents: Cents; progressCents: Cents };

declare module "@/lib/domain-events" {
  interface DomainEventMap {
    "gift.succeeded": { donation: DonationRow; payment: PaymentRow; facts: DonationFacts | null; hints: PaymentEffectHints; occurredAt: Date };
    "gift.failed": { donation: DonationRow; reason: string; occurredAt: Date };
    "gift.refunded": { donation: DonationRow; hints: PaymentEffectHints; occurredAt: Date };
    "ticket_order.paid": { payment: PaymentRow; orderId: string; hints: PaymentEffectHints; occurredAt: Date };
    "ticket_order.failed": { payment: PaymentRow; orderId: string; occurredAt: Date };
    "fundraiser.progressed": { fundraiser: ProgressedFundraiser; addedCents: Cents; hints: PaymentEffectHints; occurredAt: Date };
    /** `supporterPageId` / `supporterTeamId`: the supporter page and team the gift was made on (peer-to-peer), or null. */
    "payment.changed": { organizationId: string; campaignId: string | null; ticket: boolean; supporterPageId: string | null; supporterTeamId: string | null };
  }
}
