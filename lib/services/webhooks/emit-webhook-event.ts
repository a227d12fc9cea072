/**
 * The webhook outbox (transactional outbox pattern): an event is written in the same
 * transaction as the change it describes, with one delivery per subscribed endpoint and one
 * queued delivery job each (pg-boss, written through the same transaction), so an event
 * exists exactly when its change committed and is delivered after the commit.
 *
 * Each event has a dedupe key (unique column, INSERT ... ON CONFLICT DO NOTHING): emitting the
 * same fact twice (a provider event delivered again, a repeated request) records it once.
 * Only endpoints of the event's organization that picked its type get a delivery, so an
 * organization never receives another's events. A disabled endpoint's delivery is recorded as
 * not sent (no job), so the nonprofit can replay it once the endpoint works again.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { sendJob, WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/models";

/** The log's words for a delivery not sent because its endpoint is disabled (replayable once enabled). */
export const DISABLED_ENDPOINT_ERROR = "Not sent: the endpoint is disabled";

/** The job of one delivery attempt (lib/services/webhooks/deliver-webhook.ts). */
export type WebhookDeliveryJob = {
  deliveryId: string;
  /** The attempt this job makes (1 = first); a job whose attempt was already made does nothing. */
  attempt: number;
  /** A replay asked for on the dashboard. */
  manual?: boolean;
};

/** An event to record, with the transaction of the change it describes (see the module comment). */
export type EmitWebhookEventOptions = {
  /** The transaction of the change: the event exists exactly when the change commits. */
  tx: Executor;
  organizationId: string;
  /** An event type of lib/validations/webhooks.ts, or the test event's. */
  type: string;
  /** Unique per fact, e.g. "donation.succeeded:<donation id>". */
  dedupeKey: string;
  /** The event's `data`, built only when some endpoint will receive it. */
  data: () => Promise<object | null>;
  /** When the change happened (UTC); default now. */
  occurredAt?: Date;
  /** Only these endpoints (the dashboard's test event), whatever types they picked. */
  endpointIds?: string[];
};

/**
 * Record event `type` of organization `organizationId` and its deliveries in `tx` (see the
 * module comment). The body sent is `{ type, timestamp, data }` (Standard Webhooks' recommended
 * payload), fixed here so every attempt signs the same bytes; `timestamp` is `occurredAt` (UTC,
 * default now) and `data` what the `data` callback builds.
 * @returns the ids of the deliveries recorded (empty when no endpoint subscribed, `data`
 *   returned null, or the event was already recorded under `dedupeKey`).
 */
export async function emitWebhookEvent({ tx, organizationId, type, dedupeKey, data: buildData, occurredAt = new Date(), endpointIds }: EmitWebhookEventOptions): Promise<string[]> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        endpointIds ? inArray(webhookEndpoints.id, endpointIds) : sql`${type} = any(${webhookEndpoints.eventTypes})`,
      ),
    );
  if (endpoints.length === 0) return [];
  const data = await buildData();
  if (data === null) return [];
  const body = JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
  const [event] = await tx
    .insert(webhookEvents)
    .values({ organizationId, type, dedupeKey, body, occurredAt })
    .onConflictDoNothing({ target: webhookEvents.dedupeKey })
    .returning({ id: webhookEvents.id });
  if (!event) return [];
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((e) =>
        e.enabled
          ? { eventId: event.id, endpointId: e.id, organizationId, nextAttemptAt: occurredAt }
          : { eventId: event.id, endpointId: e.id, organizationId, status: "failed" as const, lastError: DISABLED_ENDPOINT_ERROR },
      ),
    )
    .returning({ id: webhookDeliveries.id, status: webhookDeliveries.status });
  for (const d of deliveries) {
    if (d.status === "pending") await sendJob(WEBHOOK_QUEUE, { deliveryId: d.id, attempt: 1 } satisfies WebhookDeliveryJob, { tx });
  }
  return deliveries.map((d) => d.id);
}
