/**
 * The schedule of recurring-gift charges: a durable pg-boss job ("recurring-charges", on the
 * application's database) queued once at server start and every RECURRING_INTERVAL_SECONDS
 * after; each run charges the gifts that are due (lib/services/recurring/charge-recurring-gifts.ts).
 * Runs are idempotent, so a run repeated after a crash or overlapping another process's run
 * never charges a period twice.
 */
import { logger } from "@/lib/logger";
import { startPeriodicJob } from "@/lib/mail/queue";
import { chargeDueRecurringGifts } from "./charge-recurring-gifts";

export const RECURRING_QUEUE = "recurring-charges";
/** Every five minutes. */
export const RECURRING_INTERVAL_SECONDS = 5 * 60;

/** Start charging due recurring gifts in this process (the server calls this at start). Idempotent. */
export async function startRecurringCharges(): Promise<void> {
  await startPeriodicJob(RECURRING_QUEUE, RECURRING_INTERVAL_SECONDS, async () => {
    const r = await chargeDueRecurringGifts();
    if (r.submitted + r.failed + r.canceled > 0) logger.info("recurring gifts charged", r);
  });
}
