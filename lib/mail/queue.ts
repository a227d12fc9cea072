/**
 * The durable mail queue: pg-boss jobs in the application's own database (PGlite or
 * PostgreSQL), so a message is never lost on a crash and failed deliveries are retried with
 * backoff. Enqueue inside the transaction that makes the change the mail is about: the job
 * exists only if that transaction commits, and it is delivered after the commit.
 */
import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import pLimit from "p-limit";
import { getDb, getHandle, type DatabaseHandle, type Executor } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { logger } from "@/lib/logger";
import { metrics } from "@/lib/metrics";
import { donations } from "@/models";
import { mailOfJob, type MailJob } from "./mail-job";
import { closeSmtpPool, deliverMail, SMTP_POOL_CONNECTIONS } from "./transport";

const QUEUE = "mail";

/**
 * Seconds a fetched mail job may stay active before pg-boss hands it to another worker
 * (pg-boss `expireInSeconds`, checked by its maintenance; its default is 15 minutes):
 * MAIL_JOB_EXPIRE_SECONDS (lib/env.ts, default 60). A worker killed mid-batch (SIGKILL, out of
 * memory, a lost machine) leaves its jobs active: at the default they are delivered by another
 * process one and a half to two and a half minutes later (this expiry, then up to the
 * maintenance interval below, then the queue's first retry delay, 30 to 60 s) instead of after a
 * quarter of an hour.
 * A live worker never sends a job after this long: see mailSendDeadlineMs.
 */
export function mailJobExpireSeconds(): number {
  return serverEnv().MAIL_JOB_EXPIRE_SECONDS;
}

/**
 * Milliseconds (half the expiry, 30 s at the default): a job of a batch not yet handed to the
 * SMTP server this long after the batch was fetched is handed back to the queue unsent (retried
 * with the queue's backoff), so that a slow batch never sends a message that pg-boss has
 * meanwhile expired and given to another worker, which would send it a second time. Well under
 * the expiry: one SMTP send must fit in the difference.
 */
export function mailSendDeadlineMs(): number {
  return mailJobExpireSeconds() * 500;
}

/**
 * How often pg-boss's maintenance (expiring active jobs past their expiry, archiving, purging)
 * runs across all processes (one at a time: it takes a lock), in seconds: 30, or half the mail
 * expiry when that is shorter. pg-boss's default is 120 s; a shorter interval bounds how long a
 * dead worker's jobs wait after they expire. The mail queue's first retry delay is the same.
 */
function maintenanceIntervalSeconds(): number {
  return Math.min(30, Math.floor(mailJobExpireSeconds() / 2));
}

/**
 * Outgoing webhook deliveries (lib/services/webhooks/deliver-webhook.ts). Its jobs are sent
 * inside the transactions that emit events, so the queue is created at start with the mail
 * queue. A job that throws (database trouble) is retried by pg-boss; an endpoint's failures are
 * retried on the webhook schedule with jobs of their own instead.
 */
export const WEBHOOK_QUEUE = "webhook-deliveries";
/** The queue of the organizations' thank-you emails to write (lib/services/thank-you): one job per succeeded gift. */
export const THANK_YOU_QUEUE = "thank-you";
/**
 * Donor-history imports' dry runs and runs (lib/services/donor-imports/import-jobs.ts). Created
 * at start because its jobs are sent inside the transaction that marks the import queued. A job
 * may read or write 100,000 rows: it expires after 30 minutes, and its work resumes on a retry.
 */
export const DONOR_IMPORT_QUEUE = "donor-imports";
/** Seconds a donor-import job may stay active before pg-boss hands it to another worker. */
export const DONOR_IMPORT_JOB_EXPIRE_SECONDS = 30 * 60;

type SqlAdapter = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[]; rowCount?: number }> };

/** pg-boss's database interface over our handle (multi-statement scripts go through exec). */
function adapterFor(handle: DatabaseHandle): SqlAdapter {
  if (handle.kind === "pglite") {
    const pg = handle.raw as import("@/lib/db/pglite-thread").PgliteClient;
    return {
      executeSql: async (text, values) => {
        if (!values || values.length === 0) {
          const results = await pg.exec(text);
          const last = results[results.length - 1];
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
        }
        const r = await pg.query(text, values as never[]);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      },
    };
  }
  const pool = handle.raw as import("pg").Pool;
  return {
    executeSql: async (text, values) => {
      const r = await pool.query(text, values as unknown[]);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
  };
}

/** Run pg-boss's statement inside a Drizzle transaction: `$1`-style placeholders become parameters. */
function adapterForTransaction(tx: Executor): SqlAdapter {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        if (i % 2 === 0) chunks.push(sql.raw(part));
        else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = (await tx.execute(sql.join(chunks, sql.raw("")))) as unknown as { rows?: unknown[]; rowCount?: number };
      return { rows: result.rows ?? (Array.isArray(result) ? result : []), rowCount: result.rowCount };
    },
  };
}

type BossState = {
  boss: PgBoss;
  handle: DatabaseHandle;
  /** Queues this process works (startQueueWorker). */
  workers: Set<string>;
  /** Batches of startQueueWorker handlers running now; stopping waits for them. */
  inflight: Set<Promise<unknown>>;
  periodic: Map<string, NodeJS.Timeout | null>;
};
const globalForBoss = globalThis as unknown as { __givebridgeBoss?: Promise<BossState> };

const QUEUE_SETUP_LOCK_KEY = 7_231_950_115;

/**
 * Create a pg-boss queue once, whatever the number of processes starting at the same time.
 * pg-boss's create_queue makes a partition table; two processes creating the same queue at
 * once deadlock on it (one of them then fails to start). On a PostgreSQL server the creation
 * runs under a session advisory lock and is skipped when the queue exists; the embedded
 * database has one process by construction.
 */
async function createQueueOnce(boss: PgBoss, handle: DatabaseHandle, name: string, options: PgBoss.Queue, { update = false } = {}): Promise<void> {
  const createOrUpdate = async () => {
    const existing = await boss.getQueue(name);
    if (!existing) await boss.createQueue(name, options);
    // With `update`, a queue made by an older release takes this release's expiry and retries
    // (pg-boss updateQueue; jobs already queued keep the settings they were sent with).
    else if (update && (existing.expireInSeconds !== options.expireInSeconds || existing.retryLimit !== options.retryLimit || existing.retryDelay !== options.retryDelay)) {
      await boss.updateQueue(name, options);
    }
  };
  if (handle.kind === "pglite") {
    await createOrUpdate();
    return;
  }
  const lockClient = await (handle.raw as import("pg").Pool).connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [QUEUE_SETUP_LOCK_KEY]);
    await createOrUpdate();
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [QUEUE_SETUP_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}

async function startBoss(): Promise<BossState> {
  const handle = await getHandle();
  const boss = new PgBoss({ db: adapterFor(handle), schedule: false, supervise: true, maintenanceIntervalSeconds: maintenanceIntervalSeconds() } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on("error", (err) => logger.error("mail queue error", { name: err.name }));
  await boss.start();
  await createQueueOnce(boss, handle, QUEUE, { name: QUEUE, retryLimit: 8, retryDelay: maintenanceIntervalSeconds(), retryBackoff: true, expireInSeconds: mailJobExpireSeconds() }, { update: true });
  await createQueueOnce(boss, handle, WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 });
  await createQueueOnce(boss, handle, THANK_YOU_QUEUE, { name: THANK_YOU_QUEUE, retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 });
  await createQueueOnce(boss, handle, DONOR_IMPORT_QUEUE, { name: DONOR_IMPORT_QUEUE, retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: DONOR_IMPORT_JOB_EXPIRE_SECONDS });
  return { boss, handle, workers: new Set(), inflight: new Set(), periodic: new Map() };
}

/** The process-wide queue (started on first use, once per database handle). */
async function getBoss(): Promise<BossState> {
  const handle = await getHandle();
  const current = globalForBoss.__givebridgeBoss ? await globalForBoss.__givebridgeBoss : undefined;
  if (current && current.handle === handle) return current;
  globalForBoss.__givebridgeBoss = startBoss();
  return globalForBoss.__givebridgeBoss;
}

/**
 * Start the queue's client (not the worker) outside any transaction. On the embedded
 * database the first start cannot happen inside a transaction (one connection), so the
 * server and the test databases call this before any enqueueMail({ tx }).
 */
export async function ensureMailQueue(): Promise<void> {
  await getBoss();
}

/**
 * Queue a message (or a job rendered at delivery: lib/mail/mail-job.ts). With `tx`, the job is
 * written in that transaction and only exists if it commits; `startAfter`: not delivered
 * before this instant. Returns the job id.
 */
export async function enqueueMail(message: MailJob, options: { tx?: Executor; startAfter?: Date } = {}): Promise<string | null> {
  metrics.mail("queued");
  return sendJob(QUEUE, message, options);
}

/**
 * Queue several messages in one statement (a donation's receipt and notices, as messages or
 * as their facts: lib/mail/mail-job.ts). With `tx`, the jobs are written in that transaction
 * and only exist if it commits. Each message is its own job, delivered and retried on its
 * own, exactly as with enqueueMail.
 */
export async function enqueueMails(messages: MailJob[], options: { tx?: Executor } = {}): Promise<void> {
  if (messages.length === 0) return;
  metrics.mail("queued", messages.length);
  if (messages.length === 1) {
    await sendJob(QUEUE, messages[0]!, options);
    return;
  }
  const { boss } = await getBoss();
  const insertOptions: PgBoss.InsertOptions = {};
  if (options.tx) insertOptions.db = adapterForTransaction(options.tx) as PgBoss.InsertOptions["db"];
  await boss.insert(
    messages.map((data) => ({ name: QUEUE, data })),
    insertOptions,
  );
}

/**
 * Queue a job of queue `name` (one created at start). With `tx`, the job is written in that
 * transaction and only exists if it commits; `startAfter`: not fetched before this instant.
 * Returns the job id.
 */
export async function sendJob(name: string, data: object, options: { tx?: Executor; startAfter?: Date } = {}): Promise<string | null> {
  const { boss } = await getBoss();
  const sendOptions: PgBoss.SendOptions = {};
  if (options.tx) sendOptions.db = adapterForTransaction(options.tx) as PgBoss.SendOptions["db"];
  if (options.startAfter) sendOptions.startAfter = options.startAfter;
  return boss.send(name, data, sendOptions);
}

/** Messages fetched and delivered together by one worker loop. */
export const MAIL_BATCH_SIZE = 50;

/**
 * Start delivering queued mail in this process (the server calls this at start). Idempotent.
 * Each loop fetches up to `batchSize` jobs and delivers them SMTP_POOL_CONNECTIONS at a
 * time, over the pooled SMTP connections (lib/mail/transport.ts); a donation email queued as
 * its facts is rendered first (lib/mail/mail-job.ts), and a tribute card whose gift is no
 * longer succeeded is dropped unsent. Each job still succeeds or fails on its
 * own: a message that failed is handed back to pg-boss's retry with backoff, the others
 * complete, so a delivered message is never sent again because a neighbour failed. A full
 * batch fetches the next one at once instead of waiting for the polling interval.
 */
export async function startMailWorker(options: { pollingIntervalSeconds?: number; batchSize?: number } = {}): Promise<void> {
  await startQueueWorker<MailJob>(QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: options.batchSize ?? MAIL_BATCH_SIZE, concurrency: SMTP_POOL_CONNECTIONS }, async (job, { fetchedAt, jobId }) => {
    if (Date.now() - fetchedAt > mailSendDeadlineMs()) throw new MailDeadlineError();
    if (!(await stillToSend(job))) return;
    const mail = mailOfJob(job);
    // The job's id names the message (its Message-ID): a copy sent again after a crash is the same message.
    if (mail) await deliverMail(mail, { key: `mail-${jobId}` }).then(() => metrics.mail("sent"), (err: unknown) => Promise.reject((metrics.mail("failed"), err)));
  });
}

/** A mail job handed back unsent: its batch was fetched more than mailSendDeadlineMs() ago. */
class MailDeadlineError extends Error {
  override name = "MailDeadlineError";
}

/**
 * Whether a job is still to be sent when it is delivered: a tribute card only while its gift
 * is still succeeded (a gift refunded before the card's day sends no card); every other job is.
 */
async function stillToSend(job: MailJob): Promise<boolean> {
  if (!("tributeCard" in job)) return true;
  const db = await getDb();
  const [gift] = await db.select({ status: donations.status }).from(donations).where(eq(donations.id, job.tributeCard.donationId));
  return gift?.status === "succeeded";
}

/**
 * Work the jobs of queue `name` in this process: up to `batchSize` fetched together, at most
 * `concurrency` of them (default: the whole batch) handled at a time, each on its own: a job
 * whose handler throws goes back to pg-boss's retry (its queue's backoff), the others
 * complete, each as soon as its handler returns (the handler is told its job's id, the same on
 * every retry, and when its batch was fetched: `fetchedAt`, ms since the epoch). A full batch
 * fetches the next one at once. A queue not created at start is created with 3 retries, 30 s
 * apart with backoff. Idempotent per name; stopMailQueue waits
 * for running handlers.
 */
export async function startQueueWorker<T extends object>(
  name: string,
  options: { pollingIntervalSeconds?: number; batchSize?: number; concurrency?: number },
  handler: (data: T, context: { fetchedAt: number; jobId: string }) => Promise<unknown>,
): Promise<void> {
  const state = await getBoss();
  if (state.workers.has(name)) return;
  state.workers.add(name);
  await createQueueOnce(state.boss, state.handle, name, { name, retryLimit: 3, retryDelay: 30, retryBackoff: true });
  const batchSize = options.batchSize ?? 10;
  let workerId = "";
  // The handlers share this process's one thread with its requests: a batch of 50 messages
  // composed at once held every checkout behind it (bench:donate p95 at 5 connections 176 ms,
  // against 123 ms with 5 at a time). The mail worker handles as many as it has SMTP connections.
  const limit = pLimit(options.concurrency ?? batchSize);
  workerId = await state.boss.work<T>(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize }, async (jobs) => {
    // Each job is marked complete as soon as its handler succeeds, not with the batch: a
    // process that dies mid-batch then leaves active only the jobs it had not finished, and
    // those are the only ones pg-boss runs again once they expire (a message already handed to
    // the SMTP server is not sent twice because a neighbour was still being sent).
    const fetchedAt = Date.now();
    const handle = async (job: { id: string; data: T }) => {
      await handler(job.data, { fetchedAt, jobId: job.id });
      await state.boss.complete(name, job.id);
    };
    const batch = Promise.allSettled(jobs.map((job) => limit(() => handle(job))));
    state.inflight.add(batch);
    const outcomes = await batch.finally(() => state.inflight.delete(batch));
    const failed = jobs.filter((_, i) => outcomes[i]!.status === "rejected").map((job) => job.id);
    // Failed jobs go back to retry now; pg-boss then completes only the jobs still active.
    if (failed.length > 0) {
      const reason = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected")?.reason as Error | undefined;
      logger.error("queued job failed; will retry", { queue: name, count: failed.length, error: reason?.name });
      await state.boss.fail(name, failed);
    }
    if (jobs.length === batchSize) state.boss.notifyWorker(workerId);
  });
}

/**
 * Run `handler` as a durable job of queue `name` in this process: one job is queued now and
 * one every `everySeconds` after. The queue's "stately" policy keeps at most one job queued
 * and one running across every process on the database, and a job whose process died is
 * retried once it expires. The handler must be idempotent (it may run again after a crash).
 * Used by the recurring-gift charges (lib/services/recurring/schedule.ts). Idempotent per name.
 */
export async function startPeriodicJob(name: string, everySeconds: number, handler: () => Promise<void>): Promise<void> {
  const state = await getBoss();
  if (state.periodic.has(name)) return;
  state.periodic.set(name, null);
  await createQueueOnce(state.boss, state.handle, name, { name, policy: "stately", retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 });
  await state.boss.work(name, { pollingIntervalSeconds: 5, batchSize: 1 }, async () => {
    await handler();
  });
  const tick = () => {
    state.boss.send(name, {}).catch((err: Error) => logger.error("periodic job not queued", { name, error: err.name }));
  };
  tick();
  const timer = setInterval(tick, everySeconds * 1000);
  timer.unref();
  state.periodic.set(name, timer);
}

/** Stop the queue (tests, shutdown). */
export async function stopMailQueue(): Promise<void> {
  const state = globalForBoss.__givebridgeBoss ? await globalForBoss.__givebridgeBoss.catch(() => undefined) : undefined;
  globalForBoss.__givebridgeBoss = undefined;
  if (state) {
    for (const timer of state.periodic.values()) if (timer) clearInterval(timer);
    // Stop fetching, then let every job already fetched (mail batches and the periodic jobs,
    // which pg-boss completes itself) finish and record its outcome while the database and the
    // SMTP connections are still open: pg-boss waits for them, up to the timeout.
    await state.boss.stop({ graceful: true, wait: true, close: false, timeout: 15_000 });
    await Promise.allSettled([...state.inflight]);
  }
  closeSmtpPool();
}

/** True when this process's mail worker is working the mail queue (readiness: GET /api/ready). */
export async function mailWorkerRunning(): Promise<boolean> {
  const state = globalForBoss.__givebridgeBoss ? await globalForBoss.__givebridgeBoss.catch(() => undefined) : undefined;
  return !!state && state.workers.has(QUEUE);
}
