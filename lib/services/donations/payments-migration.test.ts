/**
 * 0021_payments and 0022_payments_split move the money movements into "payments" losslessly:
 * a database at the schema before 0021 holding gifts, ticket payments, refunds, recurring
 * charges and provider events is migrated to 0021, rows are written and changed as the code
 * of that time did (on donations only), then 0022 runs. Every amount, status, refund time,
 * receipt number (the id) and event is found on the payment; donations hold the gifts only,
 * each pointing at its payment, and each paid ticket order points at its own.
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
import { testDatabaseServer } from "@/lib/db/testing";

type Handle = Awaited<ReturnType<typeof openPglite>>;

/** A copy of drizzle/ that ends just before migration `tag` (the migrations from it on are left out). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gb-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  for (const e of journal.entries.slice(at)) unlinkSync(path.join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
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
  const serverUrl = testDatabaseServer();
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

const PAYMENT_COLUMNS = sql.raw(`id, organization_id, provider, provider_payment_id, provider_charge_id, payment_method_type,
  amount_cents::text as amount, fee_cents::text as fee, currency, status, failure_reason,
  idempotency_key, succeeded_at, refunded_at, effects_applied_at, created_at`);

describe("0021_payments and 0022_payments_split", () => {
  let handle: Handle;
  const folders: string[] = [];
  /** The money movements as the old schema held them, just before 0022 ran. */
  let before: Record<string, unknown>[];

  beforeAll(async () => {
    const beforePayments = migrationsBefore("0021_payments");
    const beforeSplit = migrationsBefore("0022_payments_split");
    folders.push(beforePayments, beforeSplit);
    handle = await open();
    await migrateTo(handle, beforePayments);
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
    await migrateTo(handle, beforeSplit);
    // Written and changed between the two migrations, as that code did: on donations only.
    const between = [
      `insert into donations (id, organization_id, kind, amount_cents, fee_cents, status, provider, provider_payment_id, idempotency_key, donor_email, succeeded_at, effects_applied_at, metadata)
         values ('gift-late', 'org1', 'donation', 4200, 152, 'succeeded', 'stripe', 'pi_late', 'k8', 'fy@example.org', '2026-08-01T00:00:00Z', '2026-08-01T00:00:01Z', '{"frequency":"once","checkoutLimits":"ip:abc"}'),
                ('tix-late', 'org1', 'ticket', 15000, 450, 'succeeded', 'stripe', 'pi_t3', 'k9', 'gu@example.org', '2026-08-02T00:00:00Z', null, '{"ticketOrderId":"ord-3"}')`,
      `insert into event_ticket_orders (id, event_id, ticket_type_id, buyer_name, buyer_email, quantity, amount_cents, goods_value_cents, donation_id, status, idempotency_key)
         values ('ord-3', 'ev1', 'tt1', 'Gu', 'gu@example.org', 1, 15000, 6000, null, 'confirmed', 'o4')`,
      `update donations set status = 'refunded', refunded_at = '2026-08-03T00:00:00Z' where id = 'gift-ok'`,
    ];
    for (const statement of between) await handle.exec(statement);
    before = await rows<Record<string, unknown>>(handle, sql`select ${PAYMENT_COLUMNS} from donations order by id`);
    await migrateTo(handle, migrationsFolder);
  });

  afterAll(async () => {
    await handle?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("gives every money movement a payment with the same id, amounts, status and times, as last written", async () => {
    const after = await rows<Record<string, unknown>>(handle, sql`select ${PAYMENT_COLUMNS} from payments order by id`);
    expect(after.map((r) => r.id)).toEqual(["gift-failed", "gift-late", "gift-ok", "gift-rec-1", "gift-rec-2", "gift-refunded", "tix-late", "tix-ok", "tix-refunded"]);
    expect(after).toEqual(before);
    expect(after.find((r) => r.id === "gift-ok")!.status).toBe("refunded");
    const refunded = after.find((r) => r.id === "gift-refunded")!;
    expect(refunded.amount).toBe("12345");
    expect(refunded.status).toBe("refunded");
    expect(new Date(refunded.refunded_at as string).toISOString()).toBe("2026-04-02T11:00:00.000Z");
    expect(after.find((r) => r.id === "gift-failed")!.failure_reason).toBe("card_declined");
  });

  it("keeps only gifts in donations, each pointing at its payment (same id), with no kind left to filter", async () => {
    const gifts = await rows<{ id: string; payment_id: string | null; recurring_gift_id: string | null; amount: string; status: string }>(
      handle,
      sql`select id, payment_id, recurring_gift_id, amount_cents::text as amount, status from donations order by id`,
    );
    expect(gifts.map((g) => g.id)).toEqual(["gift-failed", "gift-late", "gift-ok", "gift-rec-1", "gift-rec-2", "gift-refunded"]);
    for (const g of gifts) expect(g.payment_id).toBe(g.id);
    expect(gifts.find((g) => g.id === "gift-late")).toMatchObject({ amount: "4200", status: "succeeded" });
    expect(gifts.filter((g) => g.recurring_gift_id === "rg1").map((g) => g.payment_id)).toEqual(["gift-rec-1", "gift-rec-2"]);
    const columns = await rows<{ column_name: string }>(handle, sql`select column_name from information_schema.columns where table_name = 'donations'`);
    expect(columns.map((c) => c.column_name)).not.toContain("kind");
    expect(columns.map((c) => c.column_name)).not.toContain("idempotency_key");
  });

  it("moves the card-testing points of a checkout to its payment", async () => {
    const [late] = await rows<{ metadata: Record<string, string> }>(handle, sql`select metadata from payments where id = 'gift-late'`);
    expect(late?.metadata).toEqual({ checkoutLimits: "ip:abc" });
  });

  it("points each paid ticket order at its payment; a free order has none", async () => {
    const orders = await rows<{ id: string; payment_id: string | null; amount: string; goods: string; status: string }>(
      handle,
      sql`select id, payment_id, amount_cents::text as amount, goods_value_cents::text as goods, status from event_ticket_orders order by id`,
    );
    expect(orders).toEqual([
      { id: "ord-1", payment_id: "tix-ok", amount: "30000", goods: "12000", status: "confirmed" },
      { id: "ord-2", payment_id: "tix-refunded", amount: "15000", goods: "6000", status: "canceled" },
      { id: "ord-3", payment_id: "tix-late", amount: "15000", goods: "6000", status: "confirmed" },
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
