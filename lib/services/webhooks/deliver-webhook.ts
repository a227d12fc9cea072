/**
 * Delivering webhooks: one queued job per attempt (queue WEBHOOK_QUEUE, lib/mail/queue.ts).
 *
 * An attempt claims its delivery first (conditional UPDATE on the attempt number and an
 * expired claim), so a job run twice, or a stale job after a replay, makes no second request.
 * The POST is made outside any transaction; its outcome is then recorded in one transaction:
 * the attempt's log row, the delivery's state and, after a failure, the next attempt's job
 * (delayed by the retry schedule) or, when no retry is left, the end of the delivery.
 *
 * Retry schedule (WEBHOOK_RETRY_SCHEDULE, seconds after each failure): 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h, 14 h, 14 h, 16 h: 11 attempts over about 3 days (71 h 35 min).
 *
 * Automatic disabling: when a delivery's last retry fails and its endpoint has not answered
 * any delivery with a 2xx since that delivery was first tried, the endpoint is disabled and the
 * nonprofit is emailed (through the mail queue, in the same transaction). An endpoint that
 * only fails some deliveries stays enabled.
 *
 * A sweep every 10 minutes queues again the attempts of pending deliveries whose job was lost.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { baseUrl, serverEnv } from "@/lib/env";
import { logger } from "@/lib/logger";
import { enqueueMail, sendJob, startPeriodicJob, startQueueWorker, WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { webhookEndpointDisabledMail } from "@/lib/mail/templates/webhooks";
import { postWebhook, WEBHOOK_TIMEOUT_MS, type WebhookPostResult } from "@/lib/webhooks/post";
import { decryptSigningSecret, signatureHeaders } from "@/lib/webhooks/signing";
import { organizations, users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/models";
import { DISABLED_ENDPOINT_ERROR, type WebhookDeliveryJob } from "./emit-webhook-event";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Seconds to wait after the 1st, 2nd, ... failure of a delivery (its length is the number of retries). */
export function retryScheduleSeconds(): number[] {
  return serverEnv().WEBHOOK_RETRY_SCHEDULE;
}

/** An attempt's claim lasts the request's time limit and a margin; a crashed worker's claim then lapses. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS + 45_000;

const UNREADABLE_SECRET_ERROR = "Not sent: the signing secret cannot be read (the server's secret changed). Rotate the endpoint's secret.";

/**
 * Make the attempt `job` stands for, if it is still due, and record its outcome.
 * @returns "succeeded" / "failed" for an attempt made, "skipped" when there was nothing to do.
 * @throws database errors only (the queue retries the job; the claim keeps it single).
 */
export async function deliverWebhook(job: WebhookDeliveryJob): Promise<"succeeded" | "failed" | "skipped"> {
  const db = await getDb();
  const now = new Date();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, job.deliveryId),
        eq(webhookDeliveries.attemptCount, job.attempt - 1),
        eq(webhookDeliveries.status, "pending"),
        or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)),
      ),
    )
    .returning();
  if (!claimed) return "skipped";
  const [target] = await db
    .select({
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      secret: webhookEndpoints.secretEncrypted,
      previousSecret: webhookEndpoints.previousSecretEncrypted,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      body: webhookEvents.body,
    })
    .from(webhookEndpoints)
    .innerJoin(webhookEvents, eq(webhookEvents.id, claimed.eventId))
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!target) return "skipped";
  if (!target.enabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, claimedUntil: null, lastError: DISABLED_ENDPOINT_ERROR })
      .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.attemptCount, job.attempt - 1)));
    return "skipped";
  }
  const startedAt = new Date();
  let result: WebhookPostResult;
  let secrets: string[] | null = null;
  try {
    secrets = [decryptSigningSecret(target.secret)];
    if (target.previousSecret && target.previousSecretExpiresAt && target.previousSecretExpiresAt > startedAt) {
      secrets.push(decryptSigningSecret(target.previousSecret));
    }
  } catch {
    secrets = null;
  }
  if (secrets) {
    result = await postWebhook(target.url, target.body, signatureHeaders(secrets, claimed.id, startedAt, target.body));
  } else {
    result = { statusCode: null, durationMs: 0, error: UNREADABLE_SECRET_ERROR, succeeded: false };
  }
  await recordAttempt(claimed, job, startedAt, result);
  return result.succeeded ? "succeeded" : "failed";
}

/** Record attempt `job.attempt` of `delivery` and what follows it (see the module comment). */
async function recordAttempt(delivery: DeliveryRow, job: WebhookDeliveryJob, startedAt: Date, result: WebhookPostResult): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Endpoint first, then delivery: the order every writer of both takes (deleting an
    // endpoint locks it, then its deliveries), so they wait for each other instead of deadlocking.
    const [endpoint] = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId)).for("no key update");
    if (!endpoint) return;
    const [current] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attemptCount, job.attempt - 1)))
      .for("update");
    if (!current) return;
    await tx
      .insert(webhookAttempts)
      .values({
        deliveryId: delivery.id,
        number: job.attempt,
        manual: job.manual ?? false,
        startedAt,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        error: result.error,
        succeeded: result.succeeded,
      })
      .onConflictDoNothing();
    const last = { attemptCount: job.attempt, claimedUntil: null, lastAttemptAt: startedAt, lastStatusCode: result.statusCode, lastError: result.error };
    if (result.succeeded) {
      await tx.update(webhookDeliveries).set({ ...last, status: "succeeded", nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
      await tx.update(webhookEndpoints).set({ lastSuccessAt: startedAt }).where(eq(webhookEndpoints.id, delivery.endpointId));
      return;
    }
    const schedule = retryScheduleSeconds();
    const step = current.retryStep + 1;
    if (step <= schedule.length) {
      const next = new Date(Date.now() + schedule[step - 1]! * 1000);
      await tx.update(webhookDeliveries).set({ ...last, status: "pending", retryStep: step, nextAttemptAt: next }).where(eq(webhookDeliveries.id, delivery.id));
      await sendJob(WEBHOOK_QUEUE, { deliveryId: delivery.id, attempt: job.attempt + 1 } satisfies WebhookDeliveryJob, { tx, startAfter: next });
      return;
    }
    await tx.update(webhookDeliveries).set({ ...last, status: "failed", retryStep: step, nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
    await disableIfPersistentlyFailing(tx, current, result.error);
  });
}

/**
 * In `tx`, after `delivery` exhausted its retries: disable its endpoint unless it answered a
 * 2xx since the delivery was first tried, and email the organization (its contact email, else
 * its nonprofit users), once (conditional UPDATE ... RETURNING).
 */
async function disableIfPersistentlyFailing(tx: Executor, delivery: DeliveryRow, lastError: string | null): Promise<void> {
  const now = new Date();
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: "failing", disabledAt: now })
    .where(
      and(
        eq(webhookEndpoints.id, delivery.endpointId),
        eq(webhookEndpoints.enabled, true),
        or(isNull(webhookEndpoints.lastSuccessAt), lt(webhookEndpoints.lastSuccessAt, delivery.scheduleStartedAt)),
      ),
    )
    .returning({ url: webhookEndpoints.url, description: webhookEndpoints.description, organizationId: webhookEndpoints.organizationId });
  if (!endpoint) return;
  logger.warn("webhook endpoint disabled after persistent failure", { endpointId: delivery.endpointId });
  const [org] = await tx.select({ name: organizations.name, email: organizations.email }).from(organizations).where(eq(organizations.id, endpoint.organizationId));
  const recipients = org?.email
    ? [org.email]
    : (await tx.select({ email: users.email }).from(users).where(and(eq(users.organizationId, endpoint.organizationId), isNull(users.deletedAt)))).map((u) => u.email);
  for (const to of recipients) {
    const mail = webhookEndpointDisabledMail({
      to,
      organizationName: org?.name ?? "your organization",
      url: endpoint.url,
      description: endpoint.description,
      failingSince: delivery.scheduleStartedAt,
      lastError,
      dashboardUrl: `${baseUrl()}/dashboard/webhooks`,
    });
    await enqueueMail(mail, { tx });
  }
}

/** A pending delivery whose attempt is this much overdue and unclaimed has lost its job. */
export const STALLED_AFTER_MS = 10 * 60 * 1000;

/**
 * Queue again the attempt of every pending delivery that is STALLED_AFTER_MS overdue at `now`
 * (UTC; default the current time) and not claimed (its job was lost: pg-boss gave up after
 * repeated database errors). A duplicate job is harmless: the claim lets one attempt through.
 * @returns how many attempts were queued.
 */
export async function requeueStalledDeliveries({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const db = await getDb();
  const stalled = await db
    .select({ id: webhookDeliveries.id, attemptCount: webhookDeliveries.attemptCount })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lt(webhookDeliveries.nextAttemptAt, new Date(now.getTime() - STALLED_AFTER_MS)),
        or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)),
      ),
    )
    .limit(500);
  for (const d of stalled) await sendJob(WEBHOOK_QUEUE, { deliveryId: d.id, attempt: d.attemptCount + 1 } satisfies WebhookDeliveryJob);
  return stalled.length;
}

/** Jobs fetched and attempted together by one worker loop. */
export const WEBHOOK_BATCH_SIZE = 10;
export const WEBHOOK_SWEEP_QUEUE = "webhook-sweep";

/**
 * Start delivering queued webhook attempts in this process, and the sweep of stalled
 * deliveries every 10 minutes (the server calls this at start). Idempotent.
 */
export async function startWebhookWorker(options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await startQueueWorker<WebhookDeliveryJob>(WEBHOOK_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: WEBHOOK_BATCH_SIZE }, deliverWebhook);
  await startPeriodicJob(WEBHOOK_SWEEP_QUEUE, 10 * 60, async () => {
    const n = await requeueStalledDeliveries();
    if (n > 0) logger.warn("stalled webhook deliveries queued again", { count: n });
  });
}
