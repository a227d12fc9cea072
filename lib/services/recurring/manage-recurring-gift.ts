/**
 * The recurring-gift manage page's use-cases: a donor sees a monthly
 * gift (amount, next charge date, past charges with receipts) and changes the amount, moves
 * the charge day, skips the next charge, pauses until a date and resumes, replaces the payment
 * method or cancels it. Access is either the signed manage link's token (guests too; see
 * manage-link.ts) or the signed-in donor who owns the gift, checked here before any read or
 * write. Every change emits recurring_gift.updated (or .canceled) in its transaction.
 * Amounts are integer cents; dates UTC.
 */
import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/can";
import { getDb, type Executor } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatCents, type Cents } from "@/lib/money";
import { activeProviderName } from "@/lib/payments";
import { sandboxSavedCard } from "@/lib/payments/sandbox";
import { finishStripeSetup, startStripeSetup } from "@/lib/payments/stripe";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import type { ManageRecurringInput, PaymentMethodInput } from "@/lib/validations/recurring";
import { messages } from "@/lib/validations/messages";
import { publish } from "@/lib/domain-events";
import { fundraisers, donations, organizations, recurringGifts } from "@/models";
import { firstPaymentProviderId } from "./first-payment";
import { addMonthsUtc, anchorDayOf, firstChargeOnOrAfter, periodDate } from "@/lib/time/recurring-dates";
import { checkRecurringManageToken } from "@/lib/auth/recurring-manage-link";
import { organizationDisplayName } from "@/lib/directory/display-name";

type GiftRow = typeof recurringGifts.$inferSelect;

/** Who is asking: the manage link's token and/or the signed-in user. */
export type GiftAccess = { token?: string | null; actor?: Actor | null };

export type RecurringGiftState = "active" | "paused" | "past_due" | "canceled";

/** The gift as its donor sees it on the manage page. */
export type ManagedRecurringGift = {
  id: string;
  organizationName: string;
  fundraiserName: string | null;
  amountCents: Cents;
  state: RecurringGiftState;
  /** ISO date-time (UTC) of the next charge; null when canceled. */
  nextChargeAt: string | null;
  chargeDay: number;
  /** ISO date-time (UTC) the pause ends; null when not paused. */
  pausedUntil: string | null;
  paymentMethodLabel: string;
  /** "stripe" shows Stripe's card form for a new payment method, "sandbox" the test-card form. */
  paymentForm: "stripe" | "sandbox" | "none";
  /** Most recent failure reason while a charge is being retried or past due. */
  failureReason: string | null;
  charges: { id: string; createdAt: string; amountCents: Cents; status: string; receiptUrl: string | null }[];
  /** Largest monthly amount allowed (DONATION_MAX_CENTS), for the amount form. */
  maxCents: Cents;
};

/** The state shown for `gift` at `now` (default the current time). */
export function recurringGiftState({ gift: g, now = new Date() }: { gift: Pick<GiftRow, "status" | "pastDueAt" | "pausedUntil">; now?: Date }): RecurringGiftState {
  if (g.status === "canceled") return "canceled";
  if (g.pastDueAt) return "past_due";
  if (g.pausedUntil && g.pausedUntil.getTime() > now.getTime()) return "paused";
  return "active";
}

/**
 * Load the gift and check access: the signed-in owner, or a valid token for THIS gift.
 * @throws AppError(forbidden) for a token that is invalid, altered, for another gift or
 *   expired (its own message); AppError(unauthenticated) with neither; AppError(not_found).
 */
async function authorize(db: Executor, giftId: string, access: GiftAccess, now: Date, lock = false): Promise<GiftRow> {
  const q = db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId)).limit(1);
  const [gift] = lock ? await q.for("update") : await q;
  if (gift && can(access.actor, "recurringGift.manage", { donorId: gift.donorUserId, organizationId: gift.organizationId })) return gift;
  if (access.token) {
    const check = checkRecurringManageToken(giftId, access.token, now);
    if (check === "expired") throw new AppError("forbidden", messages.recurringManage.linkExpired);
    if (check !== "valid" || !gift) throw new AppError("forbidden", messages.recurringManage.linkInvalid);
    return gift;
  }
  if (!access.actor) throw new AppError("unauthenticated", messages.auth.signInRequired);
  throw new AppError("not_found", messages.generic.notFound);
}

export type ManagedRecurringGiftOptions = {
  giftId: string;
  /** Who asks: the manage link's token and/or the signed-in donor. */
  access: GiftAccess;
  /** The present instant; defaults to the current time. */
  now?: Date;
};

/**
 * The manage page's view of gift `giftId`.
 * @throws see authorize.
 */
export async function getManagedRecurringGift({ giftId, access, now = new Date() }: ManagedRecurringGiftOptions): Promise<ManagedRecurringGift> {
  const db = await getDb();
  const gift = await authorize(db, giftId, access, now);
  return toDto(db, gift, now);
}

async function toDto(db: Executor, gift: GiftRow, now: Date): Promise<ManagedRecurringGift> {
  const [org] = await db.select({ name: organizations.name, legalName: organizations.legalName }).from(organizations).where(eq(organizations.id, gift.organizationId));
  const [fundraiser] = gift.fundraiserId ? await db.select({ name: fundraisers.name }).from(fundraisers).where(eq(fundraisers.id, gift.fundraiserId)) : [];
  const rows = await db
    .select({ id: donations.id, createdAt: donations.createdAt, amountCents: donations.amountCents, status: donations.status, failureReason: donations.failureReason })
    .from(donations)
    .where(eq(donations.recurringGiftId, gift.id))
    .orderBy(asc(donations.createdAt));
  const state = recurringGiftState({ gift, now });
  const lastFailed = [...rows].reverse().find((r) => r.status === "failed");
  return {
    id: gift.id,
    organizationName: org ? organizationDisplayName(org) : "the organization",
    fundraiserName: fundraiser?.name ?? null,
    amountCents: gift.amountCents,
    state,
    nextChargeAt: state === "canceled" ? null : (gift.nextChargeAt?.toISOString() ?? null),
    chargeDay: anchorDayOf(gift),
    pausedUntil: state === "paused" ? gift.pausedUntil!.toISOString() : null,
    paymentMethodLabel: gift.paymentMethodLabel ?? "The card of your first gift",
    paymentForm: gift.provider === "stripe" ? "stripe" : gift.provider === "sandbox" ? "sandbox" : "none",
    failureReason: gift.retryPeriod || gift.pastDueAt ? (lastFailed?.failureReason ?? null) : null,
    charges: rows
      .reverse()
      .map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        amountCents: r.amountCents,
        status: r.status,
        receiptUrl: r.status === "succeeded" ? `/api/receipts/${r.id}?token=${donationAccessToken(r.id)}` : null,
      })),
    maxCents: serverEnv().DONATION_MAX_CENTS,
  };
}

export type ManageRecurringGiftOptions = ManagedRecurringGiftOptions & { input: ManageRecurringInput };

/**
 * Apply one change (`input`) from the manage page (PUT /api/recurring/{id}), in a transaction with the
 * gift row locked. Every change leaves past donations untouched; a skip names the charge date
 * it skips, so a repeated request skips once.
 * @throws AppError(conflict) when the gift is canceled or nothing can be skipped / resumed;
 *   AppError(validation) for an amount over DONATION_MAX_CENTS, a pause date out of range or a
 *   card the provider refuses; see authorize for access errors.
 */
export async function manageRecurringGift({ giftId, access, input, now = new Date() }: ManageRecurringGiftOptions): Promise<ManagedRecurringGift> {
  const db = await getDb();
  // A new Stripe payment method is checked with Stripe before the transaction (network call).
  const newMethod = input.action === "payment_method" ? await resolvePaymentMethod(input.method, [giftId], access, now) : null;
  return db.transaction(async (tx) => {
    const gift = await authorize(tx, giftId, access, now, true);
    if (gift.status === "canceled") throw new AppError("conflict", messages.recurringManage.canceled);
    const anchor = anchorDayOf(gift);
    const next = gift.nextChargeAt ?? now;
    let changes: Partial<GiftRow> = {};
    switch (input.action) {
      case "amount": {
        const max = serverEnv().DONATION_MAX_CENTS;
        if (input.amountCents > max) {
          throw new AppError("validation", messages.donation.amountMax(formatCents(max)), { amountCents: messages.donation.amountMax(formatCents(max)) });
        }
        changes = { amountCents: input.amountCents };
        break;
      }
      case "charge_day": {
        const notBefore = new Date(Math.max(now.getTime() + 1, gift.pausedUntil?.getTime() ?? 0));
        changes = { chargeDay: input.chargeDay, nextChargeAt: firstChargeOnOrAfter(next, input.chargeDay, notBefore) };
        break;
      }
      case "skip": {
        if (!gift.nextChargeAt) throw new AppError("conflict", messages.recurringManage.nothingToSkip);
        // Already skipped (a repeated click): the next charge is no longer that date.
        if (periodDate(gift.nextChargeAt) !== input.period) break;
        changes = { nextChargeAt: addMonthsUtc(gift.nextChargeAt, 1, anchor) };
        break;
      }
      case "pause": {
        const until = new Date(`${input.until}T00:00:00.000Z`);
        const latest = addMonthsUtc(now, 12);
        if (Number.isNaN(until.getTime()) || until.getTime() <= now.getTime() || until.getTime() > latest.getTime()) {
          throw new AppError("validation", messages.recurringManage.pauseDateInvalid, { until: messages.recurringManage.pauseDateInvalid });
        }
        changes = { pausedUntil: until, nextChargeAt: firstChargeOnOrAfter(next, anchor, until) };
        break;
      }
      case "resume": {
        if (!gift.pausedUntil || gift.pausedUntil.getTime() <= now.getTime()) throw new AppError("conflict", messages.recurringManage.notPaused);
        changes = { pausedUntil: null, nextChargeAt: firstChargeOnOrAfter(now, anchor, new Date(now.getTime() + 1)) };
        break;
      }
      case "payment_method": {
        changes = { paymentMethodRef: newMethod!.ref, paymentMethodLabel: newMethod!.label, ...retryNowIfFailing(gift, now) };
        break;
      }
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(recurringGifts).set(changes).where(eq(recurringGifts.id, gift.id));
      await publish(tx, "recurring_gift.changed", { giftId: gift.id, change: "recurring_gift.updated", occurredAt: now });
    }
    const [updated] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, gift.id));
    return toDto(tx, updated!, now);
  });
}

/** A failing or past-due gift is retried at the next run once the donor gives a new payment method. */
function retryNowIfFailing(gift: GiftRow, now: Date): Partial<GiftRow> {
  return gift.retryPeriod ? { retryAt: now } : {};
}

/** The saved reference and label of a new payment method (sandbox test card or Stripe SetupIntent). */
async function resolvePaymentMethod(method: PaymentMethodInput, giftIds: string[], access: GiftAccess, now: Date): Promise<{ ref: string; label: string }> {
  if ("card" in method) {
    if (activeProviderName() !== "sandbox") throw new AppError("bad_request", messages.generic.badRequest);
    return sandboxSavedCard(method.card.number);
  }
  // Check access before talking to Stripe about these gifts.
  const db = await getDb();
  for (const id of giftIds) await authorize(db, id, access, now);
  return finishStripeSetup(method.setupIntentId, giftIds);
}

/**
 * Start a payment method update with Stripe (POST /api/recurring/{id}): a SetupIntent whose
 * client secret the browser confirms with Stripe's card form. With the sandbox there is
 * nothing to start: the page shows the test-card form.
 * @throws see authorize; AppError(conflict) when the gift is canceled.
 */
export async function startPaymentMethodUpdate({ giftId, access, now = new Date() }: ManagedRecurringGiftOptions): Promise<{ provider: "stripe" | "sandbox"; clientSecret: string | null }> {
  const db = await getDb();
  const gift = await authorize(db, giftId, access, now);
  if (gift.status === "canceled") throw new AppError("conflict", messages.recurringManage.canceled);
  if (gift.provider !== "stripe") return { provider: "sandbox", clientSecret: null };
  const originalPaymentId = await firstPaymentProviderId({ db, giftId: gift.id });
  const { clientSecret } = await startStripeSetup({ giftIds: [gift.id], savedRef: gift.paymentMethodRef, originalPaymentId, email: gift.donorEmail });
  return { provider: "stripe", clientSecret };
}

/**
 * Cancel a gift after the page's confirmation step (DELETE /api/recurring/{id}). No further
 * charge or retry happens. Idempotent.
 * @throws see authorize.
 */
export async function cancelManagedRecurringGift({ giftId, access, now = new Date() }: ManagedRecurringGiftOptions): Promise<ManagedRecurringGift> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const gift = await authorize(tx, giftId, access, now, true);
    if (gift.status !== "canceled") {
      await tx
        .update(recurringGifts)
        .set({ status: "canceled", canceledAt: now, nextChargeAt: null, retryAt: null, pausedUntil: null })
        .where(eq(recurringGifts.id, gift.id));
      await publish(tx, "recurring_gift.changed", { giftId: gift.id, change: "recurring_gift.canceled", occurredAt: now });
    }
    const [updated] = await tx.select().from(recurringGifts).where(eq(recurringGifts.id, gift.id));
    return toDto(tx, updated!, now);
  });
}

/**
 * The donor area's cancel (DELETE /api/donor/recurring/{id}): the signed-in donor cancels one
 * of their own gifts. Same write as the manage page's cancel: status canceled, no next charge,
 * no pending retry (retryAt) and no pause (pausedUntil), so the charge run never picks it up
 * again. Idempotent.
 * @throws AppError(not_found) when the gift does not exist or is not the actor's.
 */
export async function cancelRecurringGift({ actor, giftId, now = new Date() }: { actor: Actor; giftId: string; now?: Date }): Promise<{ status: "canceled" }> {
  await cancelManagedRecurringGift({ giftId, access: { actor }, now });
  return { status: "canceled" };
}

/**
 * The donor area's amount change (PUT /api/donor/recurring/{id}): the signed-in donor's new
 * monthly amount, in integer cents, for future charges; past donations are untouched. Emits
 * recurring_gift.updated in the same transaction, with the gift row locked.
 * @throws AppError(validation) above DONATION_MAX_CENTS, the one-time limit (one limit for
 *   both); AppError(not_found) when not the actor's; AppError(conflict) when canceled.
 */
export async function changeRecurringGiftAmount({ actor, giftId, amountCents, now = new Date() }: { actor: Actor; giftId: string; amountCents: Cents; now?: Date }): Promise<{ amountCents: Cents }> {
  const max = serverEnv().DONATION_MAX_CENTS;
  if (amountCents > max) throw new AppError("validation", messages.donation.amountMax(formatCents(max)), { amountCents: messages.donation.amountMax(formatCents(max)) });
  const db = await getDb();
  await db.transaction(async (tx) => {
    const gift = await authorize(tx, giftId, { actor }, now, true);
    if (gift.status === "canceled") throw new AppError("conflict", messages.donor.recurringCanceled);
    await tx.update(recurringGifts).set({ amountCents }).where(eq(recurringGifts.id, gift.id));
    await publish(tx, "recurring_gift.changed", { giftId: gift.id, change: "recurring_gift.updated", occurredAt: now });
  });
  return { amountCents };
}

/**
 * "Update the card on all my recurring gifts": the signed-in donor's new payment method on
 * every one of their gifts that is not canceled, in one step.
 * @returns how many gifts now use it.
 * @throws AppError(conflict) when the donor has no such gift; AppError(validation) for a card
 *   the provider refuses.
 */
export async function updateAllRecurringPaymentMethods({
  actor,
  method,
  now = new Date(),
}: {
  actor: Actor;
  method: PaymentMethodInput;
  now?: Date;
}): Promise<{ updated: number; paymentMethodLabel: string }> {
  const db = await getDb();
  const gifts = await db
    .select({ id: recurringGifts.id })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.donorUserId, actor.id), eq(recurringGifts.status, "active")));
  if (gifts.length === 0) throw new AppError("conflict", messages.recurringManage.noActiveGifts);
  const saved = await resolvePaymentMethod(
    method,
    gifts.map((g) => g.id),
    { actor },
    now,
  );
  await db.transaction(async (tx) => {
    for (const { id } of gifts) {
      const [gift] = await tx
        .select()
        .from(recurringGifts)
        .where(and(eq(recurringGifts.id, id), eq(recurringGifts.donorUserId, actor.id), eq(recurringGifts.status, "active")))
        .for("update");
      if (!gift) continue;
      await tx
        .update(recurringGifts)
        .set({ paymentMethodRef: saved.ref, paymentMethodLabel: saved.label, ...retryNowIfFailing(gift, now) })
        .where(eq(recurringGifts.id, id));
      await publish(tx, "recurring_gift.changed", { giftId: id, change: "recurring_gift.updated", occurredAt: now });
    }
  });
  return { updated: gifts.length, paymentMethodLabel: saved.label };
}

/**
 * Start a Stripe SetupIntent for all of the signed-in donor's active gifts (the bulk card
 * update); null with the sandbox.
 */
export async function startAllPaymentMethodsUpdate({ actor }: { actor: Actor }): Promise<{ provider: "stripe" | "sandbox"; clientSecret: string | null }> {
  const db = await getDb();
  const gifts = await db
    .select({ id: recurringGifts.id, provider: recurringGifts.provider, ref: recurringGifts.paymentMethodRef })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.donorUserId, actor.id), eq(recurringGifts.status, "active")));
  if (gifts.length === 0) throw new AppError("conflict", messages.recurringManage.noActiveGifts);
  if (activeProviderName() !== "stripe") return { provider: "sandbox", clientSecret: null };
  const { clientSecret } = await startStripeSetup({ giftIds: gifts.map((g) => g.id), savedRef: gifts.find((g) => g.ref)?.ref ?? null, originalPaymentId: null, email: actor.email });
  return { provider: "stripe", clientSecret };
}
