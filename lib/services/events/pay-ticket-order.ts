/**
 * The ticket order purpose of startPayment (lib/services/payments/start-payment.ts): a paid
 * order's payment is recorded with the order's link to it (event_ticket_orders.payment_id) in
 * one transaction, under one idempotency key per order (./ticket-payments.ts), and charged as
 * what it is, a sale of tickets: no gift, no fundraiser, no tribute, and the processing fees
 * are never added for the buyer (IRS Publication 1771: a ticket is goods received, not a gift).
 */
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import {
  chargePayment,
  checkPayee,
  definePaymentPurpose,
  newPaymentValues,
  type PurposeStartOptions,
  type StartedPayment,
  type TicketOrderPurpose,
} from "@/lib/services/payments/start-payment";
import { messages } from "@/lib/validations/messages";
import { donations, eventTicketOrders, payments } from "@/models";
import { ticketPaymentKey } from "./ticket-payments";

/** Register the ticket order as a purpose of startPayment (lib/services/subscribers.ts). */
export function installTicketOrderPurpose(): void {
  definePaymentPurpose<TicketOrderPurpose, StartedPayment>({ type: "ticket_order", start: startTicketOrderPayment });
}

/**
 * Check, record and charge the payment of ticket order `purpose.orderId` (amount in cents):
 * the organization and the card are checked first, then the order's seats are held
 * (`purpose.hold`, a new order), then the payment and the order's link to it are written
 * together, then it is charged. A retried order finds its payment again by its key.
 * @throws AppError(conflict) the key names another payment (another organization or amount,
 *   or a gift); and whatever checkPayee, `hold` or the provider throw.
 */
async function startTicketOrderPayment({ actor, amountCents, method, card, purpose, metadata }: PurposeStartOptions<TicketOrderPurpose>): Promise<StartedPayment> {
  const { org, providerName, sandboxCard, fees } = await checkPayee({ organizationId: purpose.organizationId, amountCents, method, card, coverFees: false });
  if (purpose.hold) await purpose.hold();
  const db = await getDb();
  const idempotencyKey = ticketPaymentKey(purpose.orderId);
  const payment = newPaymentValues({ organizationId: org.id, providerName, method, amountCents, feeCents: fees.feeCents, idempotencyKey, metadata });
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(payments).values(payment).onConflictDoNothing({ target: payments.idempotencyKey }).returning();
    if (!row) return null;
    await tx.update(eventTicketOrders).set({ paymentId: row.id }).where(and(eq(eventTicketOrders.id, purpose.orderId), isNull(eventTicketOrders.paymentId)));
    return row;
  });
  const [existing] = created ? [{ payment: created, giftId: null }] : await db.select({ payment: payments, giftId: donations.id }).from(payments).leftJoin(donations, eq(donations.paymentId, payments.id)).where(eq(payments.idempotencyKey, idempotencyKey));
  if (!existing) throw new AppError("conflict", messages.donation.idempotencyMismatch);
  const paid = existing.payment;
  if (!created && (paid.organizationId !== org.id || paid.amountCents !== amountCents || existing.giftId !== null)) throw new AppError("conflict", messages.donation.idempotencyMismatch);
  const { status, failureReason, clientSecret, redirectUrl } = await chargePayment({
    payment: paid,
    providerName,
    org,
    fees,
    method,
    description: purpose.description,
    receiptEmail: actor?.email ?? purpose.buyerEmail,
    card: sandboxCard,
    saveForRecurring: false,
  });
  return { status, failureReason, clientSecret, redirectUrl };
}
