/**
 * Charging monthly recurring gifts (a gift is one-time or monthly). Each period of
 * an active gift becomes its own donation row, created under the idempotency key
 * `recurring:<gift id>:<period date>` (unique column, INSERT ... ON CONFLICT DO NOTHING) in the
 * same transaction that moves the gift's next_charge_at one calendar month on; the gift row is
 * locked (SELECT ... FOR UPDATE) and re-checked, so runs that overlap, repeat or crash can never
 * make two donations for one period. The provider is then asked to charge off-session with the
 * same key (Stripe: an off-session PaymentIntent, idempotent per key; sandbox: the saved test
 * card succeeds; PayPal: not possible, recorded as failed with the reason). Its events go
 * through the webhook path, so progress, receipts and emails apply exactly once, as for any
 * donation. A period whose provider call never returned (process killed) stays pending and is
 * submitted again, with the same key, by a later run.
 *
 * Rules: a canceled gift is never charged; a gift whose first payment failed or was canceled
 * is canceled (it never started); a gift whose first payment has not settled yet waits; a gift
 * to a fundraiser that has ended is canceled; while the organization does not accept gifts
 * (not claimed, approved, live and connected to a payout account) the period is recorded as failed with a reason and not charged.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { baseUrl, serverEnv } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/queue";
import { canceledPastDueDonorMail, canceledPastDueNonprofitMail, chargeReminderMail } from "@/lib/mail/templates/recurring";
import { logger } from "@/lib/logger";
import { providerByName } from "@/lib/payments";
import { feesFor } from "@/lib/payments/fees";
import { sandboxPaymentId } from "@/lib/payments/sandbox";
import { applyPaymentEvent } from "@/lib/services/payments/apply-payment-event";
import { messages } from "@/lib/validations/messages";
import { canReceiveGifts, receivingColumns } from "@/lib/services/organizations/receiving";
import { publish } from "@/lib/domain-events";
import { fundraisers, donations, organizations, payments, recurringGifts } from "@/models";
import { firstPaymentProviderId } from "./first-payment";
import { anchorDayOf, nextChargeDate, periodDate } from "@/lib/time/recurring-dates";
import { PAST_DUE_CANCEL_DAYS, recurringMailFacts } from "./failures";
import { metrics } from "@/lib/metrics";

/** What one run did, in counts of gifts / periods. */
export type RecurringRunResult = {
  /** Periods submitted to the provider (their outcome arrives as payment events). */
  submitted: number;
  /** Periods recorded as failed (provider refusal, organization not accepting gifts). */
  failed: number;
  /** Gifts canceled because they never started or their fundraiser ended. */
  canceled: number;
  /** Due gifts left for a later run (first payment still settling, or taken by another run). */
  skipped: number;
  /** Failed periods tried again (on the retry schedule of lib/services/recurring/failures.ts). */
  retried?: number;
  /** Past-due gifts canceled a week after their last retry failed. */
  pastDueCanceled?: number;
  /** Reminders queued three days before a charge. */
  reminded?: number;
};

/** How long a period may stay pending before a run submits it again (the first run died). */
const STALE_PENDING_MS = 2 * 60_000;

/**
 * The idempotency key of gift `giftId`'s period starting at `periodStart` (its UTC date names
 * the period); never a UUID, so never a checkout's key.
 */
export function recurringIdempotencyKey({ giftId, periodStart }: { giftId: string; periodStart: Date }): string {
  return `recurring:${giftId}:${periodDate(periodStart)}`;
}

/**
 * Charge every active gift due at `now` (next_charge_at <= now, oldest first, up to `limit`),
 * then submit again the periods left pending by a run that died. Safe to run concurrently and
 * repeatedly (see the module comment). Errors of one gift are logged and do not stop the run.
 */
export async function chargeDueRecurringGifts(options: { now?: Date; limit?: number } = {}): Promise<RecurringRunResult> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const result: RecurringRunResult = { submitted: 0, failed: 0, canceled: 0, skipped: 0 };
  const due = await db
    .select({ id: recurringGifts.id })
    .from(recurringGifts)
    .where(
      and(
        eq(recurringGifts.status, "active"),
        lte(recurringGifts.nextChargeAt, now),
        isNull(recurringGifts.pastDueAt),
        or(isNull(recurringGifts.pausedUntil), lte(recurringGifts.pausedUntil, now)),
      ),
    )
    .orderBy(asc(recurringGifts.nextChargeAt))
    .limit(options.limit ?? 500);
  for (const { id } of due) {
    try {
      const outcome = await chargeRecurringGift({ giftId: id, now });
      result[outcome]++;
      metrics.recurringCharge(outcome);
    } catch (err) {
      result.skipped++;
      metrics.recurringCharge("error");
      logger.error("recurring gift not charged", { giftId: id, error: (err as Error).name });
    }
  }
  result.retried = await retryFailedPeriods({ now, limit: options.limit ?? 500 });
  result.pastDueCanceled = await cancelPastDueGifts({ now });
  result.reminded = await sendChargeReminders({ now });
  const stale = await db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.status, "pending"),
        sql`${donations.metadata}->>'kind' = 'recurring'`,
        lt(donations.createdAt, new Date(now.getTime() - STALE_PENDING_MS)),
      ),
    )
    .limit(options.limit ?? 500);
  for (const { id } of stale) {
    try {
      const outcome = await submitPeriod(id);
      if (outcome !== "skipped") result[outcome]++;
    } catch (err) {
      logger.error("recurring period not submitted", { donationId: id, error: (err as Error).name });
    }
  }
  return result;
}

type Planned = { kind: "charge"; donationId: string } | { kind: "failed" | "canceled" | "skipped" };

/**
 * Charge the period of gift `giftId` due at `now` (UTC; default the current time). Returns what happened to it.
 * @throws database or provider errors other than a refusal (the period stays pending and a
 *   later run submits it again with the same key).
 */
export async function chargeRecurringGift({ giftId, now = new Date() }: { giftId: string; now?: Date }): Promise<keyof RecurringRunResult> {
  const db = await getDb();
  const planned = await db.transaction((tx) => planPeriod(tx, giftId, now));
  if (planned.kind !== "charge") return planned.kind;
  return submitPeriod(planned.donationId);
}

/**
 * In `tx`: lock the gift, record the period's donation once and move next_charge_at on. With
 * `retry`, the attempt is the next retry of the failed period `retry_period` (failures.ts):
 * made only while no attempt of that period is pending or succeeded, under its own key.
 */
async function planPeriod(tx: Executor, giftId: string, now: Date, retry = false): Promise<Planned> {
  const [gift] = await tx
    .select()
    .from(recurringGifts)
    .where(
      and(
        eq(recurringGifts.id, giftId),
        eq(recurringGifts.status, "active"),
        retry ? lte(recurringGifts.retryAt, now) : and(lte(recurringGifts.nextChargeAt, now), isNull(recurringGifts.pastDueAt)),
        retry ? undefined : or(isNull(recurringGifts.pausedUntil), lte(recurringGifts.pausedUntil, now)),
      ),
    )
    .for("update");
  // Canceled, not due, or already advanced by a run that held the lock first.
  if (!gift || !gift.nextChargeAt) return { kind: "skipped" };
  if (retry) {
    const period = gift.retryPeriod;
    const live = period
      ? await tx
          .select({ id: donations.id })
          .from(donations)
          .where(
            and(
              eq(donations.recurringGiftId, gift.id),
              sql`${donations.metadata}->>'period' = ${period}`,
              inArray(donations.status, ["pending", "requires_action", "processing", "succeeded"]),
            ),
          )
          .limit(1)
      : [];
    if (!period || live.length > 0) {
      // Never charge a period twice: an attempt is out, or the period was paid.
      await tx.update(recurringGifts).set({ retryAt: null }).where(eq(recurringGifts.id, gift.id));
      return { kind: "skipped" };
    }
  }
  const [first] = await tx
    .select()
    .from(donations)
    .where(eq(donations.recurringGiftId, gift.id))
    .orderBy(asc(donations.createdAt))
    .limit(1);
  const cancel = async (): Promise<Planned> => {
    await tx.update(recurringGifts).set({ status: "canceled", canceledAt: now }).where(eq(recurringGifts.id, gift.id));
    // A gift that never started emits nothing (see emitRecurringGiftEvent).
    await publish(tx, "recurring_gift.changed", { giftId: gift.id, change: "recurring_gift.canceled", occurredAt: now });
    return { kind: "canceled" };
  };
  if (!first || first.status === "failed" || first.status === "canceled") return cancel();
  if (!first.succeededAt) return { kind: "skipped" };

  const [org] = await tx
    .select(receivingColumns)
    .from(organizations)
    .where(eq(organizations.id, gift.organizationId));
  if (gift.fundraiserId) {
    const [fundraiser] = await tx.select({ status: fundraisers.status }).from(fundraisers).where(eq(fundraisers.id, gift.fundraiserId));
    if (!fundraiser || fundraiser.status !== "active") return cancel();
  }
  // Claimed, approved, live and connected to a payout account for this gift's provider.
  const accepting = Boolean(org && canReceiveGifts({ org, provider: gift.provider }));

  const periodStart = retry ? new Date(`${gift.retryPeriod}T00:00:00.000Z`) : gift.nextChargeAt;
  const attempt = retry ? gift.failedAttempts : 0;
  const fees = feesFor(gift.amountCents, first.paymentMethodType, first.coverFees, serverEnv().PLATFORM_FEE_BPS);
  const donationId = randomUUID();
  const status = accepting ? "pending" : "failed";
  const failureReason = accepting ? null : messages.recurringGifts.organizationNotAccepting;
  // The period's payment, once per key (a run that recorded it already inserts nothing), and its gift.
  const inserted = await tx
    .insert(payments)
    .values({
      id: donationId,
      organizationId: gift.organizationId,
      provider: gift.provider,
      providerPaymentId: gift.provider === "sandbox" && accepting ? sandboxPaymentId(donationId) : null,
      paymentMethodType: first.paymentMethodType,
      amountCents: gift.amountCents,
      feeCents: fees.feeCents,
      status,
      failureReason,
      idempotencyKey: recurringIdempotencyKey({ giftId: gift.id, periodStart }) + (attempt > 0 ? `:retry${attempt}` : ""),
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning({ id: payments.id });
  if (inserted.length > 0) {
    await tx.insert(donations).values({
      id: donationId,
      paymentId: donationId,
      organizationId: gift.organizationId,
      fundraiserId: gift.fundraiserId,
      donorUserId: gift.donorUserId,
      recurringGiftId: gift.id,
      amountCents: gift.amountCents,
      feeCents: fees.feeCents,
      coverFees: first.coverFees,
      status,
      failureReason,
      paymentMethodType: first.paymentMethodType,
      donorName: first.donorName,
      donorEmail: first.donorEmail,
      donorTelephone: first.donorTelephone,
      donorCity: first.donorCity,
      donorState: first.donorState,
      donorGender: first.donorGender,
      donorAgeRange: first.donorAgeRange,
      anonymous: first.anonymous,
      shareName: first.shareName,
      shareEmail: first.shareEmail,
      shareTelephone: first.shareTelephone,
      shareLocation: first.shareLocation,
      shareGender: first.shareGender,
      shareAge: first.shareAge,
      // Each charge is attributed to the supporter page and team the first gift was made on.
      supporterPageId: first.supporterPageId,
      supporterTeamId: first.supporterTeamId,
      metadata: { frequency: "month", kind: "recurring", period: periodDate(periodStart), ...(attempt > 0 ? { attempt: String(attempt) } : {}) },
    });
  }
  await tx
    .update(recurringGifts)
    .set(retry ? { retryAt: null } : { nextChargeAt: nextChargeDate(periodStart, anchorDayOf(gift), now) })
    .where(eq(recurringGifts.id, gift.id));
  // The period was already recorded (its key exists): the stale-pending pass handles it.
  if (inserted.length === 0) return { kind: "skipped" };
  return accepting ? { kind: "charge", donationId } : { kind: "failed" };
}

/**
 * Ask the provider to charge a pending period off-session and apply its answer through the
 * payment-event path. Returns "skipped" when the period is no longer pending.
 */
async function submitPeriod(donationId: string): Promise<"submitted" | "failed" | "skipped"> {
  const db = await getDb();
  const [row] = await db
    .select({ d: donations, payment: { provider: payments.provider, idempotencyKey: payments.idempotencyKey } })
    .from(donations)
    .innerJoin(payments, eq(payments.id, donations.paymentId))
    .where(and(eq(donations.id, donationId), eq(payments.status, "pending")));
  const giftId = row?.d.recurringGiftId;
  if (!row || !giftId) return "skipped";
  const { d, payment } = row;
  const originalPaymentId = await firstPaymentProviderId({ db, giftId });
  const [gift] = await db.select({ ref: recurringGifts.paymentMethodRef }).from(recurringGifts).where(eq(recurringGifts.id, giftId));
  const [org] = await db
    .select({ name: organizations.name, stripeAccountId: organizations.stripeAccountId, stripeComplete: organizations.stripeComplete })
    .from(organizations)
    .where(eq(organizations.id, d.organizationId));
  const [fundraiser] = d.fundraiserId ? await db.select({ name: fundraisers.name }).from(fundraisers).where(eq(fundraisers.id, d.fundraiserId)) : [];
  const fees = feesFor(d.amountCents, d.paymentMethodType, d.coverFees, serverEnv().PLATFORM_FEE_BPS);
  const answer = await providerByName(payment.provider).chargeOffSession({
    paymentId: d.id,
    chargeCents: d.coverFees ? d.amountCents + d.feeCents : d.amountCents,
    applicationFeeCents: fees.platformFeeCents,
    currency: "usd",
    method: d.paymentMethodType,
    idempotencyKey: payment.idempotencyKey,
    destinationAccountId: org?.stripeComplete ? org.stripeAccountId : null,
    description: `Monthly donation to ${org?.name ?? "the organization"}${fundraiser ? ` (${fundraiser.name})` : ""}`,
    receiptEmail: d.donorEmail,
    originalPaymentId,
    savedPaymentMethodRef: gift?.ref ?? null,
  });
  if (answer.outcome === "failed") {
    await applyPaymentEvent({
      provider: payment.provider,
      // A local event id: the refusal came as the answer to our call, not as a webhook.
      eventId: `local_recurring_failed_${d.id}`,
      type: "payment.failed",
      rawType: "recurring.charge_failed",
      providerPaymentId: answer.providerPaymentId,
      paymentId: d.id,
      failureReason: answer.failureReason,
    });
    return "failed";
  }
  await db
    .update(payments)
    .set({ providerPaymentId: answer.charge.providerPaymentId })
    .where(and(eq(payments.id, d.id), isNull(payments.providerPaymentId)));
  for (const event of answer.charge.events) await applyPaymentEvent(event);
  return "submitted";
}

/**
 * Try again the failed periods whose retry is due (retry_at <= `now`, UTC; default the current
 * time), at most `limit` (default 500), each under its own key; the outcome goes through the
 * payment-event path (failures.ts schedules the next one).
 * @returns how many attempts were submitted or recorded.
 */
export async function retryFailedPeriods({ now = new Date(), limit = 500 }: { now?: Date; limit?: number } = {}): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: recurringGifts.id })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.status, "active"), lte(recurringGifts.retryAt, now)))
    .orderBy(asc(recurringGifts.retryAt))
    .limit(limit);
  let n = 0;
  for (const { id } of due) {
    try {
      const planned = await db.transaction((tx) => planPeriod(tx, id, now, true));
      if (planned.kind === "charge") {
        await submitPeriod(planned.donationId);
        n++;
      } else if (planned.kind === "failed") n++;
    } catch (err) {
      logger.error("recurring retry not made", { giftId: id, error: (err as Error).name });
    }
  }
  return n;
}

/**
 * Cancel the gifts still past due at `now` (UTC; default the current time) PAST_DUE_CANCEL_DAYS
 * after their last retry failed, and tell the donor and the nonprofit, once (conditional
 * UPDATE ... RETURNING in the mail's transaction).
 * @returns how many were canceled.
 */
export async function cancelPastDueGifts({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - PAST_DUE_CANCEL_DAYS * 24 * 60 * 60 * 1000);
  const due = await db
    .select({ id: recurringGifts.id })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.status, "active"), lte(recurringGifts.pastDueAt, cutoff)));
  let n = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [gift] = await tx
        .update(recurringGifts)
        .set({ status: "canceled", canceledAt: now, nextChargeAt: null, retryAt: null })
        .where(and(eq(recurringGifts.id, id), eq(recurringGifts.status, "active"), lte(recurringGifts.pastDueAt, cutoff)))
        .returning();
      if (!gift) return;
      n++;
      await publish(tx, "recurring_gift.changed", { giftId: gift.id, change: "recurring_gift.canceled", occurredAt: now });
      const facts = await recurringMailFacts({ tx, gift, now });
      const giveAgain = `${baseUrl()}/donation/${gift.organizationId}/${gift.fundraiserId ?? "direct"}`;
      if (facts) await enqueueMail(canceledPastDueDonorMail(facts, giveAgain), { tx });
      const [org] = await tx.select({ email: organizations.email }).from(organizations).where(eq(organizations.id, gift.organizationId));
      if (org?.email) {
        await enqueueMail(
          canceledPastDueNonprofitMail(org.email, {
            amountCents: gift.amountCents,
            organizationName: facts?.organizationName ?? "your organization",
            organizationLogoUrl: facts?.organizationLogoUrl ?? null,
            fundraiserName: facts?.fundraiserName ?? null,
          }),
          { tx },
        );
      }
    });
  }
  return n;
}

/** How long before a charge its reminder goes out: three days. */
export const REMINDER_BEFORE_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Queue the reminder of every charge due within REMINDER_BEFORE_MS of `now` (UTC; default the
 * current time), with a fresh manage link,
 * once per gift and period (reminder_period is set by a conditional UPDATE in the mail's
 * transaction). Paused and past-due gifts get none.
 * @returns how many reminders were queued.
 */
export async function sendChargeReminders({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: recurringGifts.id, nextChargeAt: recurringGifts.nextChargeAt })
    .from(recurringGifts)
    .where(
      and(
        eq(recurringGifts.status, "active"),
        isNull(recurringGifts.pastDueAt),
        gt(recurringGifts.nextChargeAt, now),
        lte(recurringGifts.nextChargeAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
        or(isNull(recurringGifts.pausedUntil), lte(recurringGifts.pausedUntil, now)),
      ),
    );
  let n = 0;
  for (const { id, nextChargeAt } of due) {
    const period = periodDate(nextChargeAt!);
    await db.transaction(async (tx) => {
      const [gift] = await tx
        .update(recurringGifts)
        .set({ reminderPeriod: period })
        .where(and(eq(recurringGifts.id, id), eq(recurringGifts.nextChargeAt, nextChargeAt!), or(isNull(recurringGifts.reminderPeriod), ne(recurringGifts.reminderPeriod, period))))
        .returning();
      if (!gift) return;
      const facts = await recurringMailFacts({ tx, gift, now });
      if (!facts) return;
      await enqueueMail(chargeReminderMail(facts, nextChargeAt!), { tx });
      n++;
    });
  }
  return n;
}
