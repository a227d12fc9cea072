/**
 * A donor cancels a recurring gift or changes its monthly amount (cents). Future charges use
 * the new amount; past donations are untouched. Each change emits its webhook event
 * (recurring_gift.canceled / .updated) in its transaction.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { formatCents, type Cents } from "@/lib/money";
import { emitRecurringGiftEvent } from "@/lib/services/webhooks/webhook-events";
import { messages } from "@/lib/validations/messages";
import { recurringGifts } from "@/models";

async function ownActiveGift(actor: Actor, giftId: string) {
  const db = await getDb();
  const [gift] = await db
    .select({ id: recurringGifts.id, status: recurringGifts.status })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.id, giftId), eq(recurringGifts.donorUserId, actor.id)))
    .limit(1);
  if (!gift) throw new AppError("not_found", messages.generic.notFound);
  return { db, gift };
}

/**
 * Cancel the actor's recurring gift. Idempotent.
 * @throws AppError(not_found) when the gift is not the actor's.
 */
export async function cancelRecurringGift(actor: Actor, giftId: string): Promise<{ status: "canceled" }> {
  const { db, gift } = await ownActiveGift(actor, giftId);
  if (gift.status !== "canceled") {
    await db.transaction(async (tx) => {
      const canceled = await tx
        .update(recurringGifts)
        .set({ status: "canceled", canceledAt: new Date(), nextChargeAt: null })
        .where(and(eq(recurringGifts.id, giftId), eq(recurringGifts.status, "active")))
        .returning({ id: recurringGifts.id });
      if (canceled.length > 0) await emitRecurringGiftEvent(tx, giftId, "recurring_gift.canceled");
    });
  }
  return { status: "canceled" };
}

/**
 * Change the monthly amount of the actor's active recurring gift.
 * @throws AppError(not_found) when not the actor's; AppError(conflict) when canceled;
 *   AppError(validation) above DONATION_MAX_CENTS, the one-time limit (one limit for both).
 */
export async function changeRecurringGiftAmount({ actor, giftId, amountCents }: { actor: Actor; giftId: string; amountCents: Cents }): Promise<{ amountCents: Cents }> {
  const max = serverEnv().DONATION_MAX_CENTS;
  if (amountCents > max) throw new AppError("validation", messages.donation.amountMax(formatCents(max)), { amountCents: messages.donation.amountMax(formatCents(max)) });
  const { db, gift } = await ownActiveGift(actor, giftId);
  if (gift.status === "canceled") throw new AppError("conflict", messages.donor.recurringCanceled);
  await db.transaction(async (tx) => {
    await tx.update(recurringGifts).set({ amountCents }).where(eq(recurringGifts.id, giftId));
    await emitRecurringGiftEvent(tx, giftId, "recurring_gift.updated");
  });
  return { amountCents };
}
