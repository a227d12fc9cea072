/**
 * What a recurring gift does when a period's charge fails or finally succeeds:
 * failed charges are retried on a schedule; the donor is emailed after each failure with the
 * update-payment link; after the last one the gift is marked past due, then canceled, and the
 * nonprofit is told. Called by the payment-event path inside the transaction that records
 * the event, so each step happens once per event (payment_events is unique per event) and the
 * email (and the recurring_gift.payment_failed webhook event) is queued only if that
 * transaction commits.
 *
 * Schedule: retries 1, 3 and 7 days after the period's first failure (RETRY_AFTER_DAYS); when
 * the last retry fails the gift is past due, and a week later (PAST_DUE_CANCEL_DAYS) the
 * charge job cancels it (cancelPastDueGifts in charge-recurring-gifts.ts). A period's attempts
 * are separate donation rows keyed `recurring:<gift>:<period>[:retry<n>]`, and an attempt is
 * only made while no attempt of that period is pending or succeeded, so a period is never
 * charged twice.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { enqueueMail } from "@/lib/mail/queue";
import { chargeFailedMail, pastDueMail, type RecurringMailFacts } from "@/lib/mail/templates/recurring";
import { publish } from "@/lib/domain-events";
import { fundraisers, donations, organizations, payments, recurringGifts } from "@/models";
import { recurringManageUrl } from "@/lib/auth/recurring-manage-link";
import { organizationDisplayName } from "@/lib/directory/display-name";

/** Days after a period's first failed charge on which it is tried again. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;
/** Days a gift stays past due before it is canceled. */
export const PAST_DUE_CANCEL_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

type DonationRow = typeof donations.$inferSelect;
type GiftRow = typeof recurringGifts.$inferSelect;

/** The attempt number of a recurring period's donation (0 for the period's first charge). */
export function attemptOf(d: Pick<DonationRow, "metadata">): number {
  return Number(d.metadata?.attempt ?? 0) || 0;
}

/** True for the donation of a recurring period (not a gift's first payment made at checkout). */
export function isRecurringPeriod(d: Pick<DonationRow, "recurringGiftId" | "metadata">): boolean {
  return Boolean(d.recurringGiftId) && d.metadata?.kind === "recurring" && Boolean(d.metadata?.period);
}

export type RecurringMailFactsOptions = {
  tx: Executor;
  gift: GiftRow;
  /** The instant the manage link is issued at; defaults to the current time. */
  now?: Date;
};

/** The recipient and wording facts of `gift`'s emails, read in `tx`. Null without a donor email. */
export async function recurringMailFacts({ tx, gift, now = new Date() }: RecurringMailFactsOptions): Promise<RecurringMailFacts | null> {
  let to = gift.donorEmail;
  if (!to) {
    const [first] = await tx.select({ email: donations.donorEmail }).from(donations).where(eq(donations.recurringGiftId, gift.id)).limit(1);
    to = first?.email ?? null;
  }
  if (!to) return null;
  const [org] = await tx.select({ name: organizations.name, legalName: organizations.legalName, logoUrl: organizations.logoUrl }).from(organizations).where(eq(organizations.id, gift.organizationId));
  const [fundraiser] = gift.fundraiserId ? await tx.select({ name: fundraisers.name }).from(fundraisers).where(eq(fundraisers.id, gift.fundraiserId)) : [];
  return { to, amountCents: gift.amountCents, organizationName: org ? organizationDisplayName(org) : "the organization", organizationLogoUrl: org?.logoUrl ?? null, fundraiserName: fundraiser?.name ?? null, manageUrl: recurringManageUrl(gift.id, now) };
}

export type RecordRecurringChargeFailureOptions = {
  tx: Executor;
  /** The failed donation (a recurring period's attempt; any other donation is ignored). */
  donation: DonationRow;
  /** The provider's failure reason. */
  reason: string;
  /** When it failed; defaults to the current time. */
  now?: Date;
};

/**
 * A recurring period's attempt (`donation`) failed (in the payment-event transaction): count it, schedule
 * the next retry or mark the gift past due, and queue the donor's email. A failure that is not
 * the gift's current attempt (out of order, already counted) changes nothing.
 */
export async function recordRecurringChargeFailure({ tx, donation: d, reason, now = new Date() }: RecordRecurringChargeFailureOptions): Promise<void> {
  if (!isRecurringPeriod(d)) return;
  const period = d.metadata.period!;
  const attempt = attemptOf(d);
  const [gift] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, d.recurringGiftId!)).for("update");
  if (!gift || gift.status === "canceled") return;
  const current = gift.retryPeriod === period ? gift.failedAttempts : 0;
  if (attempt !== current) return;
  const failures = attempt + 1;
  const firstFailedAt = attempt === 0 ? now : await firstFailureAt(tx, gift.id, period, now);
  const facts = await recurringMailFacts({ tx, gift, now });
  const failedPayment = (nextRetryAt: Date | null) => ({
    donation_id: d.id,
    amount_cents: d.amountCents,
    failure_reason: reason,
    attempt: failures,
    next_retry_at: nextRetryAt?.toISOString() ?? null,
    past_due: nextRetryAt === null,
  });
  if (failures <= RETRY_AFTER_DAYS.length) {
    const retryAt = new Date(firstFailedAt.getTime() + RETRY_AFTER_DAYS[failures - 1]! * DAY_MS);
    await tx.update(recurringGifts).set({ failedAttempts: failures, retryPeriod: period, retryAt }).where(eq(recurringGifts.id, gift.id));
    if (facts) await enqueueMail(chargeFailedMail(facts, reason, retryAt), { tx });
    await publish(tx, "recurring_gift.changed", { giftId: gift.id, change: "recurring_gift.payment_failed", occurredAt: now, failedPayment: failedPayment(retryAt) });
    return;
  }
  // Past due from the last scheduled retry (its attempt may have run a little later).
  const lastRetryAt = firstFailedAt.getTime() + RETRY_AFTER_DAYS[RETRY_AFTER_DAYS.length - 1]! * DAY_MS;
  const pastDueAt = gift.pastDueAt ?? new Date(Math.max(now.getTime(), lastRetryAt));
  await tx.update(recurringGifts).set({ failedAttempts: failures, retryPeriod: period, retryAt: null, pastDueAt }).where(eq(recurringGifts.id, gift.id));
  if (facts) await enqueueMail(pastDueMail(facts, reason, new Date(pastDueAt.getTime() + PAST_DUE_CANCEL_DAYS * DAY_MS)), { tx });
  await publish(tx, "recurring_gift.changed", { giftId: gift.id, change: "recurring_gift.payment_failed", occurredAt: now, failedPayment: failedPayment(null) });
}

/** When the period's first attempt was made (its donation's creation). */
async function firstFailureAt(tx: Executor, giftId: string, period: string, fallback: Date): Promise<Date> {
  const [first] = await tx
    .select({ createdAt: payments.createdAt })
    .from(payments)
    .where(eq(payments.idempotencyKey, `recurring:${giftId}:${period}`))
    .limit(1);
  return first?.createdAt ?? fallback;
}

/** Recurring period donation `donation` succeeded, in its transaction `tx`: the gift is in good standing again. */
export async function recordRecurringChargeSuccess({ tx, donation: d }: { tx: Executor; donation: DonationRow }): Promise<void> {
  if (!isRecurringPeriod(d)) return;
  const [gift] = await tx.select({ retryPeriod: recurringGifts.retryPeriod, pastDueAt: recurringGifts.pastDueAt }).from(recurringGifts).where(eq(recurringGifts.id, d.recurringGiftId!));
  if (!gift || (!gift.retryPeriod && !gift.pastDueAt)) return;
  await tx.update(recurringGifts).set({ failedAttempts: 0, retryPeriod: null, retryAt: null, pastDueAt: null }).where(eq(recurringGifts.id, d.recurringGiftId!));
}
