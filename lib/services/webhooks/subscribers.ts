/**
 * Outgoing webhooks subscribe to the domain events they report (lib/domain-events), each
 * emitted in the transaction of the change, so an event is recorded once and only if the
 * change commits (the outbox of emit-webhook-event.ts). A payment event is reported only
 * when its organization has an endpoint at all (hasWebhookEndpoint, one indexed read); most
 * have none, and then nothing else is read.
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { subscribe } from "@/lib/domain-events";
import { webhookEndpoints } from "@/models";
import { isRecurringPeriod } from "@/lib/services/recurring/failures";
import { crossedGoal, emitDonationEvent, emitOrganizationVerified, emitDonorCreatedIfNew, emitGoalReachedIfCrossed, emitOfflineGiftCreated, emitRecurringGiftEvent, emitSupporterPageEvent, emitTicketOrderPaid } from "./webhook-events";

/** Whether organization `organizationId` has at least one webhook endpoint, read in `tx`. */
async function hasWebhookEndpoint(tx: Executor, organizationId: string): Promise<boolean> {
  const [row] = await tx.select({ one: sql<number>`1` }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId)).limit(1);
  return Boolean(row);
}

/** Subscribe outgoing webhooks to gift, offline-gift, ticket-order, fundraiser, recurring-gift, supporter-page and verified-claim events. */
export function installWebhookSubscribers(): void {
  subscribe("claim.verified", "webhooks.organization-verified", async (tx, { organizationId, claimId, occurredAt }) => {
    if (await hasWebhookEndpoint(tx, organizationId)) await emitOrganizationVerified({ tx, organizationId, claimId, occurredAt });
  });
  subscribe("gift.succeeded", "webhooks.donation-succeeded", async (tx, { donation, occurredAt }) => {
    if (!(await hasWebhookEndpoint(tx, donation.organizationId))) return;
    await emitDonationEvent({ tx, donationId: donation.id, organizationId: donation.organizationId, type: "donation.succeeded", occurredAt });
    // A monthly gift starts with its first payment (made at checkout, not a later period).
    if (donation.recurringGiftId && !isRecurringPeriod(donation)) await emitRecurringGiftEvent({ tx, giftId: donation.recurringGiftId, type: "recurring_gift.created", now: occurredAt });
    await emitDonorCreatedIfNew({ tx, donationId: donation.id, organizationId: donation.organizationId, occurredAt });
  });
  subscribe("offline_gift.recorded", "webhooks.offline-gift-created", async (tx, { donation, occurredAt }) => {
    await emitOfflineGiftCreated({ tx, donationId: donation.id, organizationId: donation.organizationId, occurredAt });
    await emitDonorCreatedIfNew({ tx, donationId: donation.id, organizationId: donation.organizationId, occurredAt });
  });
  subscribe("gift.refunded", "webhooks.donation-refunded", async (tx, { donation, occurredAt }) => {
    if (await hasWebhookEndpoint(tx, donation.organizationId)) await emitDonationEvent({ tx, donationId: donation.id, organizationId: donation.organizationId, type: "donation.refunded", occurredAt });
  });
  subscribe("ticket_order.paid", "webhooks.ticket-order-paid", async (tx, { payment, orderId, occurredAt }) => {
    if (await hasWebhookEndpoint(tx, payment.organizationId)) await emitTicketOrderPaid({ tx, payment, orderId, paidAt: occurredAt });
  });
  // Runs under the fundraiser row's lock (the progress update is the gift's last write): the
  // endpoints are read only for the one gift that crosses the goal, not for every gift.
  subscribe("fundraiser.progressed", "webhooks.goal-reached", async (tx, { fundraiser, addedCents, occurredAt }) => {
    if (crossedGoal({ fundraiser, addedCents }) && (await hasWebhookEndpoint(tx, fundraiser.organizationId))) await emitGoalReachedIfCrossed({ tx, fundraiser, addedCents, reachedAt: occurredAt });
  });
  subscribe("recurring_gift.changed", "webhooks.recurring-gift", async (tx, { giftId, change, occurredAt, failedPayment }) => {
    await emitRecurringGiftEvent({ tx, giftId, type: change, now: occurredAt, failedPayment });
  });
  subscribe("supporter_page.changed", "webhooks.supporter-page", async (tx, { change, page, occurredAt }) => {
    await emitSupporterPageEvent({ tx, page, type: change, occurredAt });
  });
}
