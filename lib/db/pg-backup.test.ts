/**
 * The README's PostgreSQL backup steps ("Production", "Backups that restore"), run as written
 * on scratch databases of the server named by TEST_DATABASE_URL: pg_dump --format=custom of a
 * database with donations, a refund, a recurring gift and a ticket order, pg_restore into a
 * new empty database, and every row of every table found equal. A test of the server alone:
 * jest.config.mjs leaves it out of the embedded run (no TEST_DATABASE_URL), and on a server it
 * needs PostgreSQL's pg_dump and pg_restore on the PATH (a missing one fails the test).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { testDatabaseServer } from "@/lib/db/testing";
import { ensureMailQueue, stopMailQueue } from "@/lib/mail/queue";
import { makeDonor, makeGift, makeNonprofit } from "@/lib/testing/service-fixtures";
import { allTableRows } from "@/lib/testing/table-rows";
import { eventTicketOrders, eventTicketTypes, events, recurringGifts } from "@/models";
import { openPostgres, setHandle } from "./client";
import { runMigrations } from "./migrate";
import { createScratchDatabase } from "./scratch-database";

jest.setTimeout(240_000);
const run = promisify(execFile);

const serverUrl = testDatabaseServer();
if (!serverUrl) throw new Error("lib/db/pg-backup.test.ts tests a PostgreSQL server: set TEST_DATABASE_URL (npm test does).");

test("pg_dump then pg_restore into an empty database keeps every row of every table", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gb-pgdump-"));
  const source = await createScratchDatabase(serverUrl, "gb_pgdump");
  const target = await createScratchDatabase(serverUrl, "gb_pgrestore");
  const h = await openPostgres(source.url);
  try {
    await runMigrations(h);
    setHandle(h);
    await ensureMailQueue();
    const np = await makeNonprofit(h.db, "Dump Hill Food Shelf");
    const donor = await makeDonor("dump-donor@example.org");
    await makeGift(h.db, np.organizationId, donor.id, { amountCents: 5_000 });
    await makeGift(h.db, np.organizationId, null, { status: "refunded", amountCents: 700, refundedAt: new Date("2026-03-01T12:00:00Z") });
    await h.db.insert(recurringGifts).values({ donorUserId: donor.id, organizationId: np.organizationId, amountCents: 2_000, provider: "sandbox" });
    const [event] = await h.db.insert(events).values({ organizationId: np.organizationId, name: "Harvest Supper", startsAt: new Date("2026-10-01T23:00:00Z") }).returning({ id: events.id });
    const [type] = await h.db.insert(eventTicketTypes).values({ eventId: event!.id, name: "Dinner", priceCents: 4_000 }).returning({ id: eventTicketTypes.id });
    await h.db.insert(eventTicketOrders).values({ eventId: event!.id, ticketTypeId: type!.id, buyerName: "Ada Buyer", buyerEmail: "ada@example.org", quantity: 1, amountCents: 4_000, goodsValueCents: 1_500, status: "confirmed", idempotencyKey: "pg-dump-order" });
    await stopMailQueue();
    const before = await allTableRows(h);
    expect(before["public.donations"]).toHaveLength(2);

    const dump = path.join(folder, "givebridge.dump");
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dump}`, source.url]);
    await run("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${target.url}`, dump]);

    const restored = await openPostgres(target.url);
    try {
      expect(await allTableRows(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  } finally {
    setHandle(undefined);
    await h.close();
    await source.drop();
    await target.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
