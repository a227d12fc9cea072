/**
 * The pledge job: every PLEDGE_INTERVAL_SECONDS, lapse pledges whose 90 days have passed and
 * email the pledgers of organizations that can now receive gifts, however they got there
 * (claim, approval, going live, a payment connection). Both steps are idempotent.
 */
import "server-only";
import { logger } from "@/lib/logger";
import { startPeriodicJob } from "@/lib/mail/queue";
import { expirePledges, notifyPledgers, organizationsWithOpenPledges } from "./pledges";

export const PLEDGE_INTERVAL_SECONDS = 5 * 60;

/** One run of the pledge job at `now` (UTC; default the current time). @returns pledges lapsed and pledgers emailed. */
export async function runPledgeJob({ now = new Date() }: { now?: Date } = {}): Promise<{ expired: number; notified: number }> {
  const expired = await expirePledges({ now });
  let notified = 0;
  for (const organizationId of await organizationsWithOpenPledges({ now })) notified += await notifyPledgers({ organizationId, now });
  return { expired, notified };
}

/** Start the pledge job in this process (the server calls this at start). Idempotent. */
export async function startPledgeJob(): Promise<void> {
  await startPeriodicJob("pledges", PLEDGE_INTERVAL_SECONDS, async () => {
    const r = await runPledgeJob();
    if (r.expired + r.notified > 0) logger.info("pledges processed", r);
  });
}
