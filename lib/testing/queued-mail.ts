/**
 * Test-only: the mail waiting in the durable queue (pg-boss's `mail` jobs, lib/mail/queue.ts),
 * oldest first, so a service test can assert what was queued without delivering it.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { mailOfJob, type MailJob } from "@/lib/mail/mail-job";
import type { MailMessage } from "@/lib/mail/transport";

/** Every queued message, or only those addressed to `to`. */
export async function queuedMail(db: Executor, to?: string): Promise<MailMessage[]> {
  const result = await db.execute(sql`select data from pgboss.job where name = 'mail' order by created_on, id`);
  // Donation emails are queued as their facts: rendered here as delivery renders them.
  const all = (rowsOf(result) as { data: MailJob }[]).map((r) => mailOfJob(r.data)).filter((m): m is MailMessage => m !== null);
  return to === undefined ? all : all.filter((m) => m.to === to);
}
