/**
 * Outgoing webhooks: the endpoints a nonprofit registers, the events
 * written in the same transaction as the change they describe (the outbox), one delivery per
 * event and endpoint (its id is the Standard Webhooks `webhook-id`, the same on every retry),
 * and every attempt of a delivery (the log shown on the dashboard).
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, updatedAt } from "./_columns";
import { organizations } from "./organizations";

/** pending: an attempt is due or out; succeeded: a 2xx answer; failed: retries exhausted or endpoint disabled. */
export const webhookDeliveryStatus = pgEnum("webhook_delivery_status", ["pending", "succeeded", "failed"]);

/** A URL of the nonprofit's own that receives the events it picked, signed with its own secret. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    /** Event types delivered to this endpoint (lib/validations/webhooks.ts). */
    eventTypes: text("event_types").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Why it was disabled: "failing" (automatic, after persistent failure) or "manual". */
    disabledReason: text("disabled_reason"),
    disabledAt: at("disabled_at"),
    /** The signing secret (whsec_…), AES-256-GCM encrypted with a key derived from the auth secret. */
    secretEncrypted: text("secret_encrypted").notNull(),
    /** The secret before the last rotation, still signing alongside the new one until it expires. */
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretExpiresAt: at("previous_secret_expires_at"),
    /** Last 2xx answer: an endpoint that answered since a delivery started failing is not disabled. */
    lastSuccessAt: at("last_success_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_org_idx").on(t.organizationId)],
);

/** An event as it will be sent: `body` is the exact JSON ({ type, timestamp, data }) every attempt signs. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** What makes the event unique (e.g. "donation.succeeded:<donation id>"): emitted at most once. */
    dedupeKey: text("dedupe_key").notNull(),
    body: text("body").notNull(),
    occurredAt: at("occurred_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webhook_events_dedupe_uq").on(t.dedupeKey), index("webhook_events_org_created_idx").on(t.organizationId, t.createdAt)],
);

/** One event for one endpoint. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull(),
    status: webhookDeliveryStatus("status").notNull().default("pending"),
    /** Attempts made so far (automatic and replays); the next job carries attemptCount + 1. */
    attemptCount: integer("attempt_count").notNull().default(0),
    /** Failed attempts since the retry schedule (re)started (a replay restarts it). */
    retryStep: integer("retry_step").notNull().default(0),
    scheduleStartedAt: at("schedule_started_at").notNull().defaultNow(),
    nextAttemptAt: at("next_attempt_at"),
    /** An attempt is out until this instant (a crashed worker's claim lapses). */
    claimedUntil: at("claimed_until"),
    lastAttemptAt: at("last_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_uq").on(t.eventId, t.endpointId),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** One HTTP attempt of a delivery. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** 1 for the first attempt; replays continue the count. */
    number: integer("number").notNull(),
    /** True for a replay asked for on the dashboard. */
    manual: boolean("manual").notNull().default(false),
    startedAt: at("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** The endpoint's HTTP status; null when no answer came (refused, timeout, network error). */
    statusCode: integer("status_code"),
    error: text("error"),
    succeeded: boolean("succeeded").notNull(),
  },
  (t) => [uniqueIndex("webhook_attempts_delivery_number_uq").on(t.deliveryId, t.number)],
);
