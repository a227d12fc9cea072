/**
 * Seats held by unfinished paid checkouts are released after a timeout (for example a card
 * that needs a verification step the buyer never completes). Each pending paid order carries
 * hold_expires_at; releaseExpiredTicketHolds cancels the orders whose hold has passed and
 * gives their seats back, in one transaction per order guarded by
 *   UPDATE event_ticket_orders SET status = 'canceled' WHERE id = ? AND status = 'pending' ...
 * so every hold is released exactly once, however often or concurrently the job runs. The
 * order's unfinished payment is canceled with it, so it can no longer be completed.
 */
import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { startPeriodicJob } from "@/lib/mail/queue";
import { releaseSeats } from "./ticket-payments";
import { eventTicketOrders, payments } from "@/models";

/** How long a pending paid order holds its seats, in minutes. */
export const TICKET_HOLD_MINUTES = 30;

/**
 * Release the seats of pending paid orders whose hold expired before `now` (UTC; default: the present).
 * @returns the number of orders canceled now (0 on a repeated run). Idempotent.
 */
export async function releaseExpiredTicketHolds({ now = new Date() }: { now?: Date } = {}): Promise<{ released: number }> {
  const db = await getDb();
  const due = await db
    .select({ id: eventTicketOrders.id })
    .from(eventTicketOrders)
    .where(and(eq(eventTicketOrders.status, "pending"), lt(eventTicketOrders.holdExpiresAt, now)))
    .limit(500);
  let released = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx
        .update(eventTicketOrders)
        .set({ status: "canceled" })
        .where(and(eq(eventTicketOrders.id, id), eq(eventTicketOrders.status, "pending"), lt(eventTicketOrders.holdExpiresAt, now)))
        .returning({ ticketTypeId: eventTicketOrders.ticketTypeId, quantity: eventTicketOrders.quantity, paymentId: eventTicketOrders.paymentId });
      if (!order) return false;
      await releaseSeats({ tx, ticketTypeId: order.ticketTypeId, quantity: order.quantity });
      // The unfinished payment of the order can no longer be completed.
      if (order.paymentId) {
        await tx
          .update(payments)
          .set({ status: "canceled", failureReason: "The ticket hold expired before the payment was completed.", updatedAt: now })
          .where(and(eq(payments.id, order.paymentId), inArray(payments.status, ["pending", "requires_action"])));
      }
      return true;
    });
    if (done) released += 1;
  }
  return { released };
}

/** Run releaseExpiredTicketHolds every minute in this process (the server calls this at start). Idempotent. */
export async function startTicketHoldRelease(): Promise<void> {
  await startPeriodicJob("ticket-hold-release", 60, async () => {
    const r = await releaseExpiredTicketHolds();
    if (r.released > 0) logger.info("expired ticket holds released", r);
  });
}
