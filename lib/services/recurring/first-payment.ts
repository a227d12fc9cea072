/**
 * The payment that started a recurring gift: the first of its charges that went through
 * (succeeded, or succeeded and later refunded). Later charges reuse its payment method
 * (Stripe: the PaymentIntent's saved card; PayPal: the vaulted method).
 */
import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { donations, payments } from "@/models";

/** The provider's id of recurring gift `giftId`'s first payment that went through, read in `db`; null when none did. */
export async function firstPaymentProviderId({ db, giftId }: { db: Executor; giftId: string }): Promise<string | null> {
  const [first] = await db
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(donations)
    .innerJoin(payments, eq(payments.id, donations.paymentId))
    .where(and(eq(donations.recurringGiftId, giftId), inArray(donations.status, ["succeeded", "refunded"])))
    .orderBy(asc(donations.createdAt))
    .limit(1);
  return first?.providerPaymentId ?? null;
}
