/**
 * The schedule of recurring-gift charges: a durable pg-boss job ("recurring-charges", on the
 * application's database) queued once at server start and every RECURRING_INTERVAL_SECONDS
 * after; each run charges the gifts that are due (lib/services/recurring/charge-recurring-gifts.ts).
 * Runs are idempotent, so a run repeated after a crash or overlapping another process's run
 * never charges a period twice. Each run also retries failed periods, cancels gifts past due
 * for a week and queues the reminders of charges three days ahead; a second job sends
 * January's year-end statement emails.
 */
import "server-only";
import { logger } from "@/lib/logger";
import { startPeriodicJob } from "@/lib/mail/queue";
import { chargeDueRecurringGifts } from "./charge-recurring-gifts";
import { sendYearEndStatements } from "./year-end-statements";

/** January's year-end statement emails: checked every six hours, idempotent per donor and year. */
export const YEAR_END_QUEUE = "year-end-statements";
export const YEAR_END_INTERVAL_SECONDS = 6 * 60 * 60;

export const RECURRING_QUEUE = "recurring-charges";
/** Every five minutes. */
export const RECURRING_INTERVAL_SECONDS = 5 * 60;

/** Start charging due recurring gifts in this process (the server calls this at start). Idempotent. */
export async function startRecurringCharges(): Promise<void> {
  await startPeriodicJob(RECURRING_QUEUE, RECURRING_INTERVAL_SECONDS, async () => {
    const r = await chargeDueRecurringGifts();
    if (r.submitted + r.failed + r.canceled > 0) logger.info("recurring gifts charged", r);
  });
  await startPeriodicJob(YEAR_END_QUEUE, YEAR_END_INTERVAL_SECONDS, async () => {
    const r = await sendYearEndStatements();
    if (r.queued > 0) logger.info("year-end statements queued", r);
  });
}
