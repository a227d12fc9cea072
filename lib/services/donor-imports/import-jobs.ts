/**
 * The worker of the donor-import queue (DONOR_IMPORT_QUEUE, lib/mail/queue.ts): it runs the dry
 * runs and runs that requests queue (queueDonorImportDryRun, queueDonorImportRun), so no
 * request ever waits on an import. Each process works at most DONOR_IMPORT_CONCURRENCY jobs at
 * once, and an organization's imports run one at a time across every process: a job whose
 * organization has another import running (its heartbeat renewed within
 * DONOR_IMPORT_HEARTBEAT_STALE_SECONDS) is put back in the queue to start a few seconds later.
 *
 * A job is idempotent: a dry run replaces the kept rows; a run resumes after its last committed
 * batch and never writes a row twice (donations_import_row_uq). The member who queued it is
 * authorized again when it runs (a member removed meanwhile gets the job refused). A job that
 * fails records a plain sentence on the import (AppError messages as they are, any other error
 * as messages.donorImport.jobFailed) and is not retried: the person presses the button again.
 */
import "server-only";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { isAppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { DONOR_IMPORT_QUEUE, sendJob, startQueueWorker } from "@/lib/mail/queue";
import { messages } from "@/lib/validations/messages";
import { donorImports } from "@/models";
import { dryRunDonorImport, runDonorImport, type DonorImportJob } from "./donor-imports";

/** Import jobs one process works at once (each shares the process's thread with its requests). */
export const DONOR_IMPORT_CONCURRENCY = 2;
/** A running job renews its import's heartbeat at least this often (each batch, each 5,000 rows read). */
export const DONOR_IMPORT_HEARTBEAT_STALE_SECONDS = 120;
/** How long a job waits before trying again when its organization has another import running. */
export const DONOR_IMPORT_BUSY_RETRY_SECONDS = 3;
/** Rows per transaction of a queued run: short transactions keep the embedded database's one connection free for requests between them. */
export const DONOR_IMPORT_JOB_BATCH_SIZE = 250;

/** The actor the job acts as: the member who queued it (their membership is checked again by the service). */
function actorOf(job: DonorImportJob): Actor {
  return { ...job.actor, email: "", firstName: "", lastName: "", organizationName: "", telephone: null };
}

/**
 * Claim the organization for this job: under a per-organization transaction lock, no other
 * import of the organization has a live job. @returns false when another one runs (or this job
 * is no longer wanted: the import was deleted or holds another job).
 */
async function claim(db: Executor, job: DonorImportJob): Promise<"claimed" | "busy" | "gone"> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ organizationId: donorImports.organizationId, jobKind: donorImports.jobKind, jobState: donorImports.jobState }).from(donorImports).where(eq(donorImports.id, job.importId));
    if (!row || row.jobKind !== job.kind || (row.jobState !== "queued" && row.jobState !== "active")) return "gone";
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`donor-import:${row.organizationId}`}))`);
    const staleBefore = new Date(Date.now() - DONOR_IMPORT_HEARTBEAT_STALE_SECONDS * 1000);
    const [other] = await tx
      .select({ id: donorImports.id })
      .from(donorImports)
      .where(and(eq(donorImports.organizationId, row.organizationId), ne(donorImports.id, job.importId), eq(donorImports.jobState, "active"), gt(donorImports.jobHeartbeatAt, staleBefore)))
      .limit(1);
    if (other) return "busy";
    await tx.update(donorImports).set({ jobState: "active", jobHeartbeatAt: new Date() }).where(eq(donorImports.id, job.importId));
    return "claimed";
  });
}

/**
 * Work one `job` of the donor-import queue: claim the organization, then the dry run (with its
 * mapping stored on the import; progress in checked_rows) or the run (batches of
 * DONOR_IMPORT_JOB_BATCH_SIZE), then clear the job, or record why it stopped. `now` is the
 * present the dry run or run works at (tests; default: the present).
 * @returns what happened: "done", "failed", "busy" (queued again) or "gone" (nothing to do).
 */
export async function workDonorImportJob({ job, now }: { job: DonorImportJob; now?: Date }): Promise<"done" | "failed" | "busy" | "gone"> {
  const db = await getDb();
  const claimed = await claim(db, job);
  if (claimed === "gone") return "gone";
  if (claimed === "busy") {
    await sendJob(DONOR_IMPORT_QUEUE, job, { startAfter: new Date(Date.now() + DONOR_IMPORT_BUSY_RETRY_SECONDS * 1000) });
    return "busy";
  }
  const actor = actorOf(job);
  try {
    if (job.kind === "dry_run") {
      const [row] = await db.select({ mapping: donorImports.mapping }).from(donorImports).where(eq(donorImports.id, job.importId));
      await dryRunDonorImport({
        actor,
        importId: job.importId,
        mapping: row?.mapping ?? {},
        now,
        onProgress: async (rowsRead) => {
          await db.update(donorImports).set({ checkedRows: rowsRead, jobHeartbeatAt: new Date() }).where(eq(donorImports.id, job.importId));
        },
      });
    } else {
      await runDonorImport({ actor, importId: job.importId, now, batchSize: DONOR_IMPORT_JOB_BATCH_SIZE });
    }
    await db.update(donorImports).set({ jobKind: null, jobState: null, jobError: null, jobHeartbeatAt: null }).where(eq(donorImports.id, job.importId));
    return "done";
  } catch (err) {
    // A sentence the person can read: an AppError's message is one; anything else is not shown.
    const expected = isAppError(err) && err.status < 500;
    if (!expected) logger.error("donor import job failed", { kind: job.kind, error: (err as Error)?.name });
    const jobError = expected ? err.message : messages.donorImport.jobFailed;
    await db.update(donorImports).set({ jobState: "failed", jobError, jobHeartbeatAt: null }).where(eq(donorImports.id, job.importId));
    return "failed";
  }
}

/**
 * Start working the donor-import queue in this process (the server calls this at start):
 * DONOR_IMPORT_CONCURRENCY jobs at a time. Idempotent.
 */
export async function startDonorImportWorker(options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await startQueueWorker<DonorImportJob>(
    DONOR_IMPORT_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: DONOR_IMPORT_CONCURRENCY, concurrency: DONOR_IMPORT_CONCURRENCY },
    async (job) => {
      await workDonorImportJob({ job });
    },
  );
}
