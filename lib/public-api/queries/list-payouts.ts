/**
 * GET /api/v1/payouts (scope read:payouts). Givebridge keeps no payout record of its own: a
 * payout is computed from the payments the providers confirmed (their signed webhook events,
 * recorded on each payment row of the `payments` ledger) as one provider's settlement of one
 * UTC day:
 * - gross: what the day's succeeded payments charged (gifts and ticket orders: the gift or
 *   price, plus the fees when the donor covered them);
 * - fees: their processing and platform fees;
 * - refunded: the whole charge of the payments refunded that day (fees are not given back);
 * - net = gross - fees - refunded.
 * Today's (UTC) payout is "open" and may change; earlier days are "settled". The sandbox
 * provider settles each succeeded gift at once, so this is its complete account; Stripe and
 * PayPal then move the money to the bank on their own schedules, which are not read here
 * (documented in the OpenAPI description, lib/public-api/operations.ts).
 */
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { getDb } from "@/lib/db/client";
import { decodeKeysetCursor, invalidCursor, keysetPage, type Page } from "./pagination";
import type { PayoutResource } from "@/lib/integrations/api-resources";
import { rowsOf } from "@/lib/db/rows";
import type { payoutListQuerySchema } from "@/lib/public-api/query-schemas";
import { paymentProvider } from "@/models";

type Provider = (typeof paymentProvider.enumValues)[number];
type Row = { provider: Provider; day: string; gross: number; fee: number; refunded: number; payments: number; refunds: number };

/** @throws AppError(unauthenticated|forbidden) without a key holding read:payouts; AppError(bad_request) for a bad cursor. */
export async function listPayouts(options: { actor: ApiKeyActor | null; query: z.output<typeof payoutListQuerySchema>; now?: Date }): Promise<Page<PayoutResource>> {
  const organizationId = requireApiScope(options.actor, "read:payouts");
  const { limit, cursor } = options.query;
  const key = decodeKeysetCursor(cursor);
  if (key && (!/^\d{4}-\d{2}-\d{2}$/.test(key.after) || !paymentProvider.enumValues.includes(key.id as Provider))) throw invalidCursor();
  // A gift's donor may have covered the fees (donations.cover_fees); a ticket order never does.
  const charged = sql`p.amount_cents + case when d.cover_fees then p.fee_cents else 0 end`;
  const db = await getDb();
  const result = await db.execute(sql`
    select g.provider, g.day, g.gross, g.fee, g.refunded, g.payments, g.refunds from (
      select m.provider::text as provider, m.day::text as day, sum(m.gross)::bigint as gross, sum(m.fee)::bigint as fee,
        sum(m.refunded)::bigint as refunded, sum(m.payments)::int as payments, sum(m.refunds)::int as refunds
      from (
        select p.provider, (coalesce(p.succeeded_at, p.created_at) at time zone 'UTC')::date as day,
          ${charged} as gross, p.fee_cents as fee, 0 as refunded, 1 as payments, 0 as refunds
        from payments p left join donations d on d.payment_id = p.id
        where p.organization_id = ${organizationId} and p.status in ('succeeded', 'refunded')
        union all
        select p.provider, (p.refunded_at at time zone 'UTC')::date, 0, 0, ${charged}, 0, 1
        from payments p left join donations d on d.payment_id = p.id
        where p.organization_id = ${organizationId} and p.status = 'refunded' and p.refunded_at is not null
      ) m
      group by m.provider, m.day
    ) g
    ${key ? sql`where (g.day, g.provider) < (${key.after}, ${key.id})` : sql``}
    order by g.day desc, g.provider desc
    limit ${limit + 1}`);
  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const rows = rowsOf(result).map((x) => {
    const r = x as Record<string, unknown>;
    return { provider: r.provider as Provider, day: String(r.day), gross: Number(r.gross), fee: Number(r.fee), refunded: Number(r.refunded), payments: Number(r.payments), refunds: Number(r.refunds) } satisfies Row;
  });
  return keysetPage(rows, limit, (r) => [r.day, r.provider], (r) => ({
    object: "payout" as const,
    id: `po_${r.provider}_${r.day.replaceAll("-", "")}`,
    organization_id: organizationId,
    provider: r.provider,
    date: r.day,
    status: r.day >= today ? ("open" as const) : ("settled" as const),
    currency: "usd" as const,
    gross_cents: r.gross,
    fee_cents: r.fee,
    refunded_cents: r.refunded,
    net_cents: r.gross - r.fee - r.refunded,
    payment_count: r.payments,
    refund_count: r.refunds,
  }));
}
