/**
 * The exactly-once heart of payments: lock, record, transition, publish, nothing else. A verified provider event is recorded in
 * payment_events (unique provider + event id) in the same transaction as its effect on the
 * payment, so a duplicate delivery changes nothing. The succeeded effect (campaign progress
 * += amount, effects_applied_at) is guarded by a conditional UPDATE ... WHERE
 * effects_applied_at IS NULL AND refunded_at IS NULL, and a refund reverses it once (UPDATE
 * ... WHERE refunded_at IS NULL). What follows from it is published as one domain event in the
 * same transaction (lib/domain-events/events.ts: gift.succeeded, gift.failed, gift.refunded,
 * ticket_order.paid, ticket_order.failed, fundraiser.progressed), and receipts, ticket orders,
 * pledges, recurring gifts and outgoing webhooks subscribe to it from their own folders
 * (lib/services/subscribers.ts), each reading what else it needs itself, so they too happen
 * once and only if the change commits. The cached pages are refreshed after the commit
 * (payment.changed). This module imports none of them (docs/decisions/0007-payment-model.md). The payment row is locked
 * (SELECT ... FOR UPDATE) so events of one payment apply one at a time, in whatever order they
 * arrive (docs/decisions/0004-exactly-once-payment-events.md).
 */
import "server-only";
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { selectBuiltOnce } from "@/lib/db/prepared";
import { DomainEventBatch } from "@/lib/domain-events";
import { logger } from "@/lib/logger";
import { metrics } from "@/lib/metrics";
import { providerByName } from "@/lib/payments";
import type { PaymentEvent, ProviderName } from "@/lib/payments/types";
import { fundraisers, donations, eventTicketOrders, paymentEvents, payments } from "@/models";

/** A stored payment (amounts in cents, times UTC). */
export type PaymentRow = typeof payments.$inferSelect;
/** A stored gift: what a payment pays for when it is a gift. */
type GiftRow = typeof donations.$inferSelect;

export type EventOutcome = {
  /** False when the event was already recorded (a duplicate delivery). */
  recorded: boolean;
  /** The payment the event was about (for a gift, also the donation's id); null when unknown. */
  paymentId: string | null;
  /** applied: the succeeded effect ran now; reversed: a refund undid it now. */
  effect: "applied" | "reversed" | "none";
};

export type HandleWebhookOptions = {
  /** The payment provider that sent the delivery. */
  provider: ProviderName;
  /** The request body exactly as received (the signature covers these bytes). */
  rawBody: string;
  /** The request headers, which carry the provider's signature. */
  headers: Headers | Record<string, string>;
};

/**
 * Verify a webhook delivery of `provider` on its `rawBody` and `headers`, then apply it.
 * @throws AppError(bad_request) for a missing or invalid signature — before any write.
 */
export async function handleWebhook({ provider, rawBody, headers }: HandleWebhookOptions): Promise<EventOutcome> {
  const event = await providerByName(provider).verifyWebhook(rawBody, headers);
  return applyPaymentEvent(event);
}

/**
 * One statement: lock the event's payment (FOR UPDATE returns its latest committed version;
 * matched by the provider's payment id, or by our payment id with the same provider; a null
 * input matches nothing) and record the event with it in payment_events; with them what the
 * payment pays for (its gift, or its ticket order's id), so no second read is needed for
 * them. No row back means the event was already recorded; `payment` is null when no payment
 * matched. Built once per process (lib/db/prepared.ts): at some 50 columns named through two
 * CTEs, building it took longer than PostgreSQL took to run it.
 */
const lockAndRecordEvent = selectBuiltOnce("payment_event_lock_and_record", (tx: Executor) => {
  const provider = sql.placeholder("provider");
  const locked = tx.$with("locked").as(
    tx
      .select()
      .from(payments)
      .where(
        or(
          and(eq(payments.provider, provider), eq(payments.providerPaymentId, sql.placeholder("providerPaymentId"))),
          and(eq(payments.id, sql.placeholder("paymentId")), eq(payments.provider, provider)),
        ),
      )
      .limit(1)
      .for("update"),
  );
  const recorded = tx.$with("recorded").as(
    tx
      .insert(paymentEvents)
      .values({ provider, eventId: sql.placeholder("eventId"), type: sql.placeholder("type"), paymentId: sql`(select "id" from "locked")` })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId }),
  );
  return tx
    .with(locked, recorded)
    .select({
      eventId: recorded.eventId,
      payment: locked._.selectedFields,
      gift: donations,
      ticketOrderId: sql<string | null>`(select ${eventTicketOrders.id} from ${eventTicketOrders} where ${eventTicketOrders.paymentId} = ${locked.id})`,
    })
    .from(recorded)
    .leftJoin(locked, sql`true`)
    .leftJoin(donations, eq(donations.paymentId, locked.id));
});

/** The payment an event is about and what it pays for: a gift, a ticket order, or (unknown) neither. */
type PaymentTarget = { payment: PaymentRow; gift: GiftRow | null; ticketOrderId: string | null };

/**
 * Apply one verified provider event exactly once (see the module comment); a duplicate
 * delivery changes nothing and an event of an unknown payment is recorded and otherwise ignored.
 * @returns whether it was recorded now, its payment's id and the effect it had.
 * @throws whatever a subscriber throws (the whole transaction, the event's record included,
 *   then rolls back, so a redelivery applies it again).
 */
export async function applyPaymentEvent(event: PaymentEvent): Promise<EventOutcome> {
  const db = await getDb();
  // What the transaction publishes; its after-commit subscribers (page refresh) run after it.
  const events = new DomainEventBatch();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await lockAndRecordEvent(tx, {
      provider: event.provider,
      providerPaymentId: event.providerPaymentId ?? null,
      paymentId: event.paymentId ?? null,
      eventId: event.eventId,
      type: event.rawType,
    });
    if (!row) return { recorded: false, paymentId: null, effect: "none" as const };
    const payment: PaymentRow | null = row.payment;
    if (!payment) {
      if (event.providerPaymentId || event.paymentId) logger.warn("payment event for an unknown payment", { provider: event.provider, type: event.rawType });
      return { recorded: true, paymentId: null, effect: "none" as const };
    }
    const gift: GiftRow | null = row.gift;
    const effect = await transition(tx, events, { payment, gift, ticketOrderId: row.ticketOrderId }, event);
    if (effect !== "none") await events.publish(tx, "payment.changed", { organizationId: payment.organizationId, campaignId: gift?.fundraiserId ?? null, ticket: row.ticketOrderId !== null, supporterPageId: gift?.supporterPageId ?? null, supporterTeamId: gift?.supporterTeamId ?? null });
    return { recorded: true, paymentId: payment.id, effect };
  });
  await events.afterCommit();
  if (outcome.recorded) metrics.paymentEventApplied(outcome.effect);
  return outcome;
}

/**
 * Move the fundraiser's progress by `addedCents` (negative for a refund) and publish
 * fundraiser.progressed with the row as updated. A gift without a fundraiser moves nothing.
 */
async function moveProgress(tx: Executor, events: DomainEventBatch, d: GiftRow, addedCents: number, now: Date): Promise<void> {
  if (!d.fundraiserId) return;
  const [fundraiser] = await tx
    .update(fundraisers)
    .set({ progressCents: sql`${fundraisers.progressCents} + ${addedCents}` })
    .where(eq(fundraisers.id, d.fundraiserId))
    .returning({ id: fundraisers.id, organizationId: fundraisers.organizationId, name: fundraisers.name, goalCents: fundraisers.goalCents, progressCents: fundraisers.progressCents });
  if (fundraiser) await events.publish(tx, "fundraiser.progressed", { fundraiser, addedCents, occurredAt: now });
}

/** A payment's lifecycle columns, which its gift mirrors (models/payments.ts). */
type LifecycleChange = Partial<Pick<PaymentRow, "status" | "failureReason" | "succeededAt" | "refundedAt">>;

/**
 * Write `change` (and `extra`, the payment's own columns) on the target's payment, where
 * `guard` still holds, and mirror `change` on its gift in the same transaction.
 * @returns the payment's effects_applied_at after the write, or undefined when the guard failed.
 */
async function recordLifecycle(
  tx: Executor,
  t: PaymentTarget,
  change: LifecycleChange,
  now: Date,
  options: { extra?: Partial<PaymentRow>; guard?: SQL } = {},
): Promise<{ effectsAppliedAt: Date | null } | undefined> {
  const where = options.guard ? and(eq(payments.id, t.payment.id), options.guard) : eq(payments.id, t.payment.id);
  const paymentUpdate = tx.update(payments).set({ ...change, ...options.extra, updatedAt: now }).where(where).returning({ effectsAppliedAt: payments.effectsAppliedAt });
  if (!t.gift) return (await paymentUpdate)[0];
  // One statement: the gift is updated only when the payment was (its guard held).
  const updatedPayment = tx.$with("updated_payment").as(paymentUpdate);
  const [updated] = await tx
    .with(updatedPayment)
    .update(donations)
    .set({ ...change, updatedAt: now })
    .where(and(eq(donations.id, t.gift.id), sql`exists (select 1 from ${updatedPayment})`))
    .returning({ effectsAppliedAt: sql<Date | null>`(select ${updatedPayment.effectsAppliedAt} from ${updatedPayment})`.mapWith(payments.effectsAppliedAt) });
  return updated;
}

async function transition(tx: Executor, events: DomainEventBatch, t: PaymentTarget, event: PaymentEvent): Promise<EventOutcome["effect"]> {
  const now = new Date();
  const p = t.payment;
  const gift = t.gift;
  const providerPaymentId = event.providerPaymentId && !p.providerPaymentId ? { providerPaymentId: event.providerPaymentId } : {};
  const chargeId = event.providerChargeId ? { providerChargeId: event.providerChargeId } : {};
  switch (event.type) {
    case "payment.requires_action":
    case "payment.processing": {
      // Only moves forward from a state that has not settled yet.
      if (p.status !== "pending" && p.status !== "requires_action") return "none";
      const status = event.type === "payment.processing" ? "processing" : "requires_action";
      await recordLifecycle(tx, t, { status }, now, { extra: providerPaymentId });
      return "none";
    }
    case "payment.failed": {
      if (p.status === "succeeded" || p.status === "refunded") return "none";
      const reason = event.failureReason ?? "The payment failed.";
      await recordLifecycle(tx, t, { status: "failed", failureReason: reason }, now, { extra: providerPaymentId });
      // A failed ticket payment cancels its pending order; a failed monthly charge is retried.
      if (t.ticketOrderId) await events.publish(tx, "ticket_order.failed", { payment: { ...p, status: "failed" }, orderId: t.ticketOrderId, occurredAt: now });
      if (gift) await events.publish(tx, "gift.failed", { donation: { ...gift, status: "failed" }, reason, occurredAt: now });
      return "none";
    }
    case "payment.succeeded": {
      // `p` was read under this transaction's row lock, so whether the effect is still due is
      // known here; the WHERE repeats it so the statement can never apply it twice.
      const due = !p.effectsAppliedAt && !p.refundedAt && p.status !== "refunded";
      const succeededAt = p.succeededAt ?? now;
      if (p.status !== "refunded") {
        await recordLifecycle(tx, t, { status: "succeeded", failureReason: null, succeededAt }, now, {
          extra: { ...providerPaymentId, ...chargeId, ...(due ? { effectsAppliedAt: now } : {}) },
          guard: due ? and(isNull(payments.effectsAppliedAt), isNull(payments.refundedAt)) : undefined,
        });
      }
      if (!due) return "none";
      const payment: PaymentRow = { ...p, status: "succeeded", succeededAt, effectsAppliedAt: now };
      // A ticket payment is a sale: the buyer gets a purchase confirmation, never a donation receipt.
      if (t.ticketOrderId) await events.publish(tx, "ticket_order.paid", { payment, orderId: t.ticketOrderId, occurredAt: now });
      if (gift) {
        const donation: GiftRow = { ...gift, status: "succeeded", failureReason: null, succeededAt };
        await events.publish(tx, "gift.succeeded", { donation, payment, occurredAt: now });
        // The fundraiser's progress row is the one every gift to it writes: it is updated last,
        // so its lock is held for this statement and the commit only, not for the work above.
        await moveProgress(tx, events, gift, gift.amountCents, now);
      }
      return "applied";
    }
    case "payment.refunded": {
      const refunded = await recordLifecycle(tx, t, { status: "refunded", refundedAt: now }, now, { extra: chargeId, guard: isNull(payments.refundedAt) });
      if (!refunded?.effectsAppliedAt) return "none";
      // A refunded ticket sale is not a refunded gift: no gift.refunded for it.
      if (gift) {
        await moveProgress(tx, events, gift, -gift.amountCents, now);
        await events.publish(tx, "gift.refunded", { donation: { ...gift, status: "refunded", refundedAt: now }, occurredAt: now });
      }
      return "reversed";
    }
    default:
      return "none";
  }
}
