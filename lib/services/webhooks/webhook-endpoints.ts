/**
 * A nonprofit's webhook endpoints (the dashboard's Webhooks tile): list,
 * create, edit (URL, events, description, enabled), delete and rotate the signing secret.
 * Only a nonprofit user of the organization may act (lib/auth/can.ts, "webhook.manage"), checked inside the
 * writing transaction; an endpoint of another organization is "not found".
 *
 * The signing secret is returned once, by create and rotate, and stored encrypted
 * (lib/webhooks/signing.ts). After a rotation the previous secret keeps signing alongside the
 * new one for 24 hours (two signatures in `webhook-signature`), so receivers can switch
 * without losing events.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { authorizeOrganization, authorizeOwnOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, WebhookEventType } from "@/lib/validations/webhooks";
import { encryptSigningSecret, newSigningSecret } from "@/lib/webhooks/signing";
import { registrationProblem } from "@/lib/webhooks/targets";
import { webhookEndpoints } from "@/models";

/** Endpoints one organization may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** How long a rotated-out secret keeps signing. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** An endpoint as its organization sees it (never its secret). Times are UTC ISO 8601. */
export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string | null;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  /** "failing": disabled automatically after persistent failure; "manual": by the nonprofit. */
  disabledReason: "failing" | "manual" | null;
  disabledAt: string | null;
  /** Until then the secret before the last rotation also signs. */
  previousSecretExpiresAt: string | null;
  lastSuccessAt: string | null;
  createdAt: string;
};

/** An endpoint with its signing secret, shown once. */
export type WebhookEndpointWithSecret = { endpoint: WebhookEndpointView; secret: string };

const viewColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  disabledAt: webhookEndpoints.disabledAt,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
  lastSuccessAt: webhookEndpoints.lastSuccessAt,
  createdAt: webhookEndpoints.createdAt,
};

type ViewRow = Pick<typeof webhookEndpoints.$inferSelect, keyof typeof viewColumns>;

function toView(r: ViewRow, now = new Date()): WebhookEndpointView {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    eventTypes: r.eventTypes as WebhookEventType[],
    enabled: r.enabled,
    disabledReason: r.disabledReason === "failing" || r.disabledReason === "manual" ? r.disabledReason : null,
    disabledAt: r.disabledAt?.toISOString() ?? null,
    previousSecretExpiresAt: r.previousSecretExpiresAt && r.previousSecretExpiresAt > now ? r.previousSecretExpiresAt.toISOString() : null,
    lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** @throws AppError(validation) with the URL's field message when this server refuses its target. */
function assertTargetAllowed(url: string): void {
  const problem = registrationProblem(url);
  if (problem) throw new AppError("validation", problem, { url: problem });
}

export type LockOwnEndpointOptions = { tx: Executor; organizationId: string; endpointId: string };

/**
 * The endpoint `endpointId` of organization `organizationId`, locked in `tx`.
 * @throws AppError(not_found) for an unknown endpoint or one of another organization.
 */
export async function lockOwnEndpoint({ tx, organizationId, endpointId }: LockOwnEndpointOptions) {
  const [row] = await tx
    .select(viewColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organizationId, organizationId)))
    .for("update");
  if (!row) throw new AppError("not_found", messages.webhooks.notFound);
  return row;
}

/**
 * The signed-in nonprofit's endpoints, oldest first.
 * @throws AppError(unauthenticated | forbidden) unless `actor` is a nonprofit user.
 */
export async function listWebhookEndpoints(options: { actor: Actor | null }): Promise<WebhookEndpointView[]> {
  const organizationId = authorizeOwnOrganization(options.actor, "webhook.manage");
  const db = await getDb();
  const rows = await db.select(viewColumns).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId)).orderBy(asc(webhookEndpoints.createdAt));
  return rows.map((r) => toView(r));
}

/**
 * Register an endpoint for the actor's organization; returns it with its new signing secret.
 * @throws AppError(validation) for a URL this server refuses (https required, private
 *   networks in production); AppError(conflict) beyond MAX_WEBHOOK_ENDPOINTS; access errors.
 */
export async function createWebhookEndpoint(options: { actor: Actor | null; input: CreateWebhookEndpointInput }): Promise<WebhookEndpointWithSecret> {
  const { actor, input } = options;
  const organizationId = authorizeOwnOrganization(actor, "webhook.manage");
  assertTargetAllowed(input.url);
  const db = await getDb();
  const secret = newSigningSecret();
  const row = await db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "webhook.manage", organizationId);
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
    if (Number(existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError("conflict", messages.webhooks.tooMany(MAX_WEBHOOK_ENDPOINTS));
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ organizationId, url: input.url, description: input.description ?? null, eventTypes: input.eventTypes, secretEncrypted: encryptSigningSecret(secret) })
      .returning(viewColumns);
    return created!;
  });
  return { endpoint: toView(row), secret };
}

/**
 * Change an endpoint's URL, events, description or enabled state. Enabling clears an
 * automatic disabling; deliveries that failed meanwhile can be replayed from the log.
 * @throws AppError(not_found) for another organization's endpoint; as createWebhookEndpoint.
 */
export async function updateWebhookEndpoint(options: { actor: Actor | null; endpointId: string; input: UpdateWebhookEndpointInput }): Promise<WebhookEndpointView> {
  const { actor, endpointId, input } = options;
  const organizationId = authorizeOwnOrganization(actor, "webhook.manage");
  if (input.url !== undefined) assertTargetAllowed(input.url);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "webhook.manage", organizationId);
    const current = await lockOwnEndpoint({ tx, organizationId, endpointId });
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = {};
    if (input.url !== undefined) changes.url = input.url;
    if (input.eventTypes !== undefined) changes.eventTypes = input.eventTypes;
    if (input.description !== undefined) changes.description = input.description;
    if (input.enabled === true && !current.enabled) Object.assign(changes, { enabled: true, disabledReason: null, disabledAt: null });
    if (input.enabled === false && current.enabled) Object.assign(changes, { enabled: false, disabledReason: "manual", disabledAt: new Date() });
    if (Object.keys(changes).length === 0) return toView(current);
    const [updated] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, endpointId)).returning(viewColumns);
    return toView(updated!);
  });
}

/**
 * Delete an endpoint with its delivery log; queued attempts to it then do nothing.
 * @throws AppError(not_found) for another organization's endpoint; access errors.
 */
export async function deleteWebhookEndpoint(options: { actor: Actor | null; endpointId: string }): Promise<{ deleted: true }> {
  const { actor, endpointId } = options;
  const organizationId = authorizeOwnOrganization(actor, "webhook.manage");
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "webhook.manage", organizationId);
    await lockOwnEndpoint({ tx, organizationId, endpointId });
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  });
  return { deleted: true };
}

/**
 * Give an endpoint a new signing secret (returned once); the previous one keeps signing for
 * ROTATION_OVERLAP_MS.
 * @throws AppError(not_found) for another organization's endpoint; access errors.
 */
export async function rotateWebhookSecret(options: { actor: Actor | null; endpointId: string }): Promise<WebhookEndpointWithSecret> {
  const { actor, endpointId } = options;
  const organizationId = authorizeOwnOrganization(actor, "webhook.manage");
  const db = await getDb();
  const secret = newSigningSecret();
  const row = await db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "webhook.manage", organizationId);
    await lockOwnEndpoint({ tx, organizationId, endpointId });
    const [current] = await tx.select({ secret: webhookEndpoints.secretEncrypted }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secretEncrypted: encryptSigningSecret(secret),
        previousSecretEncrypted: current!.secret,
        previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
      })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning(viewColumns);
    return updated!;
  });
  return { endpoint: toView(row), secret };
}
