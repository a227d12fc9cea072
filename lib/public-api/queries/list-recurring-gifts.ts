/**
 * GET /api/v1/recurring-gifts: the monthly recurring gifts to the API key's organization
 * (scope read:donations), newest first. No donor field: each charge is a donation carrying
 * what its donor shared.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { getDb } from "@/lib/db/client";
import { beforeKeyset, decodeKeysetCursor, keysetPage, type Page } from "./pagination";
import type { RecurringGiftResource } from "@/lib/integrations/api-resources";
import type { recurringGiftListQuerySchema } from "@/lib/public-api/query-schemas";
import { recurringGifts } from "@/models";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** @throws AppError(unauthenticated|forbidden) without a key holding read:donations; AppError(bad_request) for a bad cursor. */
export async function listRecurringGifts(options: { actor: ApiKeyActor | null; query: z.output<typeof recurringGiftListQuerySchema> }): Promise<Page<RecurringGiftResource>> {
  const organizationId = requireApiScope(options.actor, "read:donations");
  const { status, limit, cursor } = options.query;
  const key = decodeKeysetCursor(cursor);
  const t = recurringGifts;
  const where: SQL[] = [eq(t.organizationId, organizationId)];
  if (status) where.push(eq(t.status, status));
  if (key) where.push(beforeKeyset({ at: t.createdAt, id: t.id, key }));
  const db = await getDb();
  const rows = await db
    .select({
      id: t.id,
      organizationId: t.organizationId,
      campaignId: t.fundraiserId,
      amountCents: t.amountCents,
      status: t.status,
      chargeDay: t.chargeDay,
      nextChargeAt: t.nextChargeAt,
      pausedUntil: t.pausedUntil,
      pastDueAt: t.pastDueAt,
      canceledAt: t.canceledAt,
      createdAt: t.createdAt,
      cursorAt: sql<string>`${t.createdAt}::text`,
    })
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (r) => [r.cursorAt, r.id], (r) => ({
    object: "recurring_gift" as const,
    id: r.id,
    organization_id: r.organizationId,
    fundraiser_id: r.campaignId,
    amount_cents: r.amountCents,
    currency: "usd" as const,
    interval: "month" as const,
    status: r.status,
    charge_day: r.chargeDay,
    next_charge_at: r.status === "active" ? iso(r.nextChargeAt) : null,
    paused_until: iso(r.pausedUntil),
    past_due: r.status === "active" && r.pastDueAt !== null,
    canceled_at: iso(r.canceledAt),
    created_at: r.createdAt.toISOString(),
  }));
}
