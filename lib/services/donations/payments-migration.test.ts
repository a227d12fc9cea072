/**
 * 0021_payments moves today's money movements into "payments" losslessly: a database at the
 * previous schema holding gifts, ticket payments, refunds, recurring charges and provider
 * events is migrated, and every amount, status, refund time, receipt number (the id) and event
 * is found on the payment, each gift and each ticket order pointing at its own.
 * Runs on PGlite, or on the PostgreSQL server of TEST_DATABASE_URL.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres } from "@/lib/db/client";
import { migrationsFolder } from "@/lib/db/migrate";
import { rowsOf } from "@/lib/db/rows";
import { createScratchDatabase } from "@/lib/db/scratch-database";
import { serverEnv } from "@/lib/env";

const MIGRATION = "0021_payments";

type Handle = Awaited<ReturnType<typeof openPglite>>;

/** A copy of drizzle/ that ends with the migration before MIGRATION. */
function previousMigrations(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gb-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag !== MIGRATION);
  writeFileSync(journalPath, JSON.stringify(journal));
  unlinkSync(path.join(dir, `${MIGRATION}.sql`));
  return dir;
}

async function migrateTo(handle: Handle, folder: string): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, { migrationsFolder: folder });
  }
}

async function open(): Promise<Handle> {
  const serverUrl = serverEnv().TEST_DATABASE_URL;
  if (!serverUrl) return openPglite("memory://", { thread: "main" });
  const scratch = await createScratchDatabase(serverUrl, "gb_test");
  const inner = await openPostgres(scratch.url);
  return {
    ...inner,
    close: async () => {
      await inner.close();
      await scratch.drop();
    },
  };
}

async function rows<T>(handle: Handle, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf(await handle.db.execute(query)) as T[];
}

describe("0021_payments", () => {
  let handle: Handle;
  let previous: string;

  beforeAll(async () => {
    previous = previousMigrations();
    handle = await open();
    await migrateTo(handle, previous);
    const statements = [
      `insert into organizations (id, name) values ('org1', 'Harbor Food Bank')`,
      `insert into events (id, organization_id, name, starts_at) values ('ev1', 'org1', 'Gala', '2026-12-01T18:00:00Z')`,
      `insert into event_ticket_types (id, event_id, name, price_cents, fair_market_value_cents) values ('tt1', 'ev1', 'Dinner', 15000, 6000)`,
      `insert into recurring_gifts (id, organization_id, amount_cents, provider) values ('rg1', 'org1', 2500, 'stripe')`,
      // A succeeded gift, a refunded gift, a failed gift and two recurring charges.
      `insert into donations (id, organization_id, kind, amount_cents, fee_cents, status, provider, provider_payment_id, provider_charge_id, idempotency_key, donor_email, effects_applied_at, succeeded_at, created_at)
         values ('gift-ok', 'org1', 'donation', 5000, 175, 'succeeded', 'stripe', 'pi_1', 'ch_1', 'k1', 'ada@example.org', '2026-03-01T10:00:01Z', '2026-03-01T10:00:00Z', '2026-03-01T09:59:00Z')`,
      `insert into donations (id, organization_id, kind, amount_cents, fee_cents, status, provider, provider_payment_id, idempotency_key, donor_email, succeeded_at, refunded_at)
         values ('gift-refunded', 'org1', 'donation', 12345, 388, 'refunded', 'paypal', 'pp_2', 'k2', 'bo@example.org', '2026-04-01T10:00:00Z', '2026-04-02T11:00:00Z')`,
      `insert into donations (id, organization_id, kind, amount_cents, status, failure_reason, provider, payment_method_type, idempotency_key)
         values ('gift-failed', 'org1', 'donation', 700, 'failed', 'card_declined', 'stripe', 'us_bank_account', 'k3')`,
      `insert into donations (id, organization_id, recurring_gift_id, kind, amount_cents, status, provider, provider_payment_id, idempotency_key, succeeded_at)
         values ('gift-rec-1', 'org1', 'rg1', 'donation', 2500, 'succeeded', 'stripe', 'in_1', 'k4', '2026-05-01T00:00:00Z'),
                ('gift-rec-2', 'org1', 'rg1', 'donation', 2500, 'succeeded', 'stripe', 'in_2', 'k5', '2026-06-01T00:00:00Z')`,
      // Ticket payments: one succeeded, one refunded.
      `insert into donations (id, organization_id, kind, amount_cents, fee_cents, status, provider, provider_payment_id, idempotency_key, donor_email, succeeded_at, refunded_at, metadata)
         values ('tix-ok', 'org1', 'ticket', 30000, 900, 'succeeded', 'stripe', 'pi_t1', 'k6', 'cy@example.org', '2026-07-01T00:00:00Z', null, '{"kind":"ticket"}'),
                ('tix-refunded', 'org1', 'ticket', 15000, 450, 'refunded', 'stripe', 'pi_t2', 'k7', 'di@example.org', '2026-07-02T00:00:00Z', '2026-07-03T00:00:00Z', '{"kind":"ticket"}')`,
      `insert into event_ticket_orders (id, event_id, ticket_type_id, buyer_name, buyer_email, quantity, amount_cents, goods_value_cents, donation_id, status, idempotency_key)
         values ('ord-1', 'ev1', 'tt1', 'Cy', 'cy@example.org', 2, 30000, 12000, 'tix-ok', 'confirmed', 'o1'),
                ('ord-2', 'ev1', 'tt1', 'Di', 'di@example.org', 1, 15000, 6000, 'tix-refunded', 'canceled', 'o2'),
                ('ord-free', 'ev1', 'tt1', 'Ed', 'ed@example.org', 1, 0, 0, null, 'confirmed', 'o3')`,
      `insert into payment_events (provider, event_id, type, donation_id)
         values ('stripe', 'evt_1', 'payment_intent.succeeded', 'gift-ok'),
                ('paypal', 'evt_2', 'PAYMENT.CAPTURE.REFUNDED', 'gift-refunded'),
                ('stripe', 'evt_3', 'payment_intent.succeeded', 'tix-ok'),
                ('stripe', 'evt_4', 'charge.refunded', 'tix-refunded'),
                ('stripe', 'evt_5', 'ping', null)`,
    ];
    for (const statement of statements) await handle.exec(statement);
    await migrateTo(handle, migrationsFolder);
  });

  afterAll(async () => {
    await handle?.close();
    if (previous) rmSync(previous, { recursive: true, force: true });
  });

  it("gives every money movement a payment with the same id, amounts, status and times", async () => {
    const before = await rows<Record<string, unknown>>(
      handle,
      sql`select id, organization_id, provider, provider_payment_id, provider_charge_id, payment_method_type,
                 amount_cents::text as amount, fee_cents::text as fee, currency, status, failure_reason,
                 idempotency_key, succeeded_at, refunded_at, effects_applied_at, created_at
          from donations order by id`,
    );
    const after = await rows<Record<string, unknown>>(
      handle,
      sql`select id, organization_id, provider, provider_payment_id, provider_charge_id, payment_method_type,
                 amount_cents::text as amount, fee_cents::text as fee, currency, status, failure_reason,
                 idempotency_key, succeeded_at, refunded_at, effects_applied_at, created_at
          from payments order by id`,
    );
    expect(after.map((r) => r.id)).toEqual(["gift-failed", "gift-ok", "gift-rec-1", "gift-rec-2", "gift-refunded", "tix-ok", "tix-refunded"]);
    expect(after).toEqual(before);
    const refunded = after.find((r) => r.id === "gift-refunded")!;
    expect(refunded.amount).toBe("12345");
    expect(refunded.status).toBe("refunded");
    expect(new Date(refunded.refunded_at as string).toISOString()).toBe("2026-04-02T11:00:00.000Z");
    expect(after.find((r) => r.id === "gift-failed")!.failure_reason).toBe("card_declined");
  });

  it("points each gift at its payment (same id) and no gift at a ticket payment", async () => {
    const gifts = await rows<{ id: string; payment_id: string | null; kind: string; recurring_gift_id: string | null }>(
      handle,
      sql`select id, payment_id, kind, recurring_gift_id from donations order by id`,
    );
    for (const g of gifts) expect(g.payment_id).toBe(g.kind === "donation" ? g.id : null);
    expect(gifts.filter((g) => g.recurring_gift_id === "rg1").map((g) => g.payment_id)).toEqual(["gift-rec-1", "gift-rec-2"]);
  });

  it("points each paid ticket order at its payment; a free order has none", async () => {
    const orders = await rows<{ id: string; payment_id: string | null; amount: string; goods: string; status: string }>(
      handle,
      sql`select id, payment_id, amount_cents::text as amount, goods_value_cents::text as goods, status from event_ticket_orders order by id`,
    );
    expect(orders).toEqual([
      { id: "ord-1", payment_id: "tix-ok", amount: "30000", goods: "12000", status: "confirmed" },
      { id: "ord-2", payment_id: "tix-refunded", amount: "15000", goods: "6000", status: "canceled" },
      { id: "ord-free", payment_id: null, amount: "0", goods: "0", status: "confirmed" },
    ]);
    const [refund] = await rows<{ status: string; refunded_at: string }>(
      handle,
      sql`select p.status, p.refunded_at from payments p join event_ticket_orders o on o.payment_id = p.id where o.id = 'ord-2'`,
    );
    expect(refund?.status).toBe("refunded");
    expect(new Date(refund?.refunded_at ?? 0).toISOString()).toBe("2026-07-03T00:00:00.000Z");
  });

  it("keeps every provider event, each referencing its payment", async () => {
    const events = await rows<{ event_id: string; payment_id: string | null; type: string }>(
      handle,
      sql`select event_id, payment_id, type from payment_events order by event_id`,
    );
    expect(events).toEqual([
      { event_id: "evt_1", payment_id: "gift-ok", type: "payment_intent.succeeded" },
      { event_id: "evt_2", payment_id: "gift-refunded", type: "PAYMENT.CAPTURE.REFUNDED" },
      { event_id: "evt_3", payment_id: "tix-ok", type: "payment_intent.succeeded" },
      { event_id: "evt_4", payment_id: "tix-refunded", type: "charge.refunded" },
      { event_id: "evt_5", payment_id: null, type: "ping" },
    ]);
  });

  it("refuses a second payment with the same idempotency key or provider payment id", async () => {
    await expect(
      handle.exec(`insert into payments (id, organization_id, provider, amount_cents, idempotency_key) values ('dup', 'org1', 'stripe', 1, 'k1')`),
    ).rejects.toThrow();
    await expect(
      handle.exec(`insert into payments (id, organization_id, provider, provider_payment_id, amount_cents, idempotency_key) values ('dup2', 'org1', 'stripe', 'pi_1', 1, 'k-new')`),
    ).rejects.toThrow();
  });
});
