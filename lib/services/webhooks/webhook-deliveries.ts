/**
 * An endpoint's delivery log, replay and test event (the dashboard's
 * Webhooks tile). Only a nonprofit user of the endpoint's organization may act
 * (lib/auth/can.ts, "webhook.manage"); a delivery or endpoint of another organization is "not found".
 *
 * A replay sends the delivery again now with the same `webhook-id` (receivers deduplicate on
 * it) and a fresh signature, and restarts its retry schedule. The test event (`webhook.test`)
 * goes to one endpoint, whatever events it picked, through the same queue and log.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { authorizeOrganization, authorizeOwnOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { sendJob, WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { messages } from "@/lib/validations/messages";
import { WEBHOOK_TEST_EVENT } from "@/lib/validations/webhooks";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/models";
import { emitWebhookEvent, type WebhookDeliveryJob } from "./emit-webhook-event";
import { lockOwnEndpoint } from "./webhook-endpoints";

/** Deliveries listed per endpoint, newest first. */
export const DELIVERY_LOG_LIMIT = 25;

export type WebhookAttemptView = {
  number: number;
  /** A replay asked for on the dashboard. */
  manual: boolean;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  succeeded: boolean;
};

/** One delivery in the log. `id` is the `webhook-id` header of all its attempts. Times UTC ISO 8601. */
export type WebhookDeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attemptCount: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  /** The exact JSON body sent (only what each donor shared). */
  body: string;
  attempts: WebhookAttemptView[];
};

async function deliveryViews(db: Executor, where: SQL | undefined, limit: number): Promise<WebhookDeliveryView[]> {
  const rows = await db
    .select({ d: webhookDeliveries, type: webhookEvents.type, body: webhookEvents.body })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.d.id)))
    .orderBy(asc(webhookAttempts.number));
  return rows.map(({ d, type, body }) => ({
    id: d.id,
    eventId: d.eventId,
    eventType: type,
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    body,
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        number: a.number,
        manual: a.manual,
        startedAt: a.startedAt.toISOString(),
        durationMs: a.durationMs,
        statusCode: a.statusCode,
        error: a.error,
        succeeded: a.succeeded,
      })),
  }));
}

/**
 * The newest DELIVERY_LOG_LIMIT deliveries of endpoint `endpointId`, with their attempts.
 * @throws AppError(not_found) for another organization's endpoint; access errors.
 */
export async function listWebhookDeliveries(options: { actor: Actor | null; endpointId: string }): Promise<WebhookDeliveryView[]> {
  const organizationId = authorizeOwnOrganization(options.actor, "webhook.manage");
  const db = await getDb();
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, options.endpointId), eq(webhookEndpoints.organizationId, organizationId)));
  if (!endpoint) throw new AppError("not_found", messages.webhooks.notFound);
  return deliveryViews(db, and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.organizationId, organizationId)), DELIVERY_LOG_LIMIT);
}

async function oneDelivery(db: Executor, deliveryId: string): Promise<WebhookDeliveryView> {
  const [view] = await deliveryViews(db, eq(webhookDeliveries.id, deliveryId), 1);
  return view!;
}

/**
 * Send delivery `deliveryId` of endpoint `endpointId` again now (see the module comment).
 * @throws AppError(not_found) for another organization's delivery or endpoint;
 *   AppError(conflict) when the endpoint is disabled or an attempt is in flight; access errors.
 */
export async function replayWebhookDelivery(options: { actor: Actor | null; endpointId: string; deliveryId: string }): Promise<WebhookDeliveryView> {
  const { actor, endpointId, deliveryId } = options;
  const organizationId = authorizeOwnOrganization(actor, "webhook.manage");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "webhook.manage", organizationId);
    const endpoint = await lockOwnEndpoint({ tx, organizationId, endpointId });
    const now = new Date();
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.organizationId, organizationId)))
      .for("update");
    if (!delivery) throw new AppError("not_found", messages.webhooks.deliveryNotFound);
    if (!endpoint.enabled) throw new AppError("conflict", messages.webhooks.endpointDisabled);
    if (delivery.claimedUntil && delivery.claimedUntil > now) throw new AppError("conflict", messages.webhooks.attemptInProgress);
    await tx
      .update(webhookDeliveries)
      .set({ status: "pending", retryStep: 0, scheduleStartedAt: now, nextAttemptAt: now })
      .where(eq(webhookDeliveries.id, delivery.id));
    await sendJob(WEBHOOK_QUEUE, { deliveryId: delivery.id, attempt: delivery.attemptCount + 1, manual: true } satisfies WebhookDeliveryJob, { tx });
    return oneDelivery(tx, delivery.id);
  });
}

/**
 * Queue a `webhook.test` event to endpoint `endpointId` only; returns its delivery.
 * @throws AppError(not_found) for another organization's endpoint; AppError(conflict) when it
 *   is disabled; access errors.
 */
export async function sendWebhookTestEvent(options: { actor: Actor | null; endpointId: string }): Promise<WebhookDeliveryView> {
  const { actor, endpointId } = options;
  const organizationId = authorizeOwnOrganization(actor, "webhook.manage");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "webhook.manage", organizationId);
    const endpoint = await lockOwnEndpoint({ tx, organizationId, endpointId });
    if (!endpoint.enabled) throw new AppError("conflict", messages.webhooks.endpointDisabled);
    const [id] = await emitWebhookEvent({
      tx,
      organizationId,
      type: WEBHOOK_TEST_EVENT,
      dedupeKey: `${WEBHOOK_TEST_EVENT}:${randomUUID()}`,
      endpointIds: [endpoint.id],
      data: async () => ({
        object: "test",
        organization_id: organizationId,
        endpoint_id: endpoint.id,
        message: "A test event from Givebridge: your endpoint receives and verifies webhooks.",
      }),
    });
    return oneDelivery(tx, id!);
  });
}
