/**
 * db:backup / db:restore of the embedded database (lib/db/backup.ts): a folder database with
 * donations, a refund, a recurring gift, a ticket order and uploaded images is backed up,
 * restored into a fresh folder, and every row of every table (compared generically through
 * information_schema, whatever the columns are) and every uploaded file is found equal.
 * Restore refuses a folder in use and a non-empty folder without --force.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { setEnvForTests } from "@/lib/env";
import { ensureMailQueue, stopMailQueue } from "@/lib/mail/queue";
import { refundDonation } from "@/lib/services/donations/refund-donation";
import { getStorage } from "@/lib/storage";
import { makeDonor, makeGift, makeNonprofit } from "@/lib/testing/service-fixtures";
import { allTableRows } from "@/lib/testing/table-rows";
import { fundraisers, eventTicketOrders, eventTicketTypes, events, recurringGifts } from "@/models";
import { backupEmbedded, restoreEmbedded, RestoreRefusedError } from "./backup";
import { DatabaseLockedError, openPglite, setHandle, type DatabaseHandle } from "./client";
import { runMigrations } from "./migrate";

jest.setTimeout(240_000);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "gb-backup-"));
const source = path.join(root, "source");
const restored = path.join(root, "restored");
const archive = path.join(root, "backups", "givebridge.tar");

afterAll(() => {
  setEnvForTests({ DATA_DIR: undefined, NEXTAUTH_SECRET: undefined });
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every file under `dir` with its bytes, by path relative to `dir`. */
function allFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = fs.readFileSync(full).toString("base64");
  }
  return out;
}

async function withFolder<T>(dataDir: string, work: (h: DatabaseHandle) => Promise<T>): Promise<T> {
  const h = await openPglite(dataDir);
  try {
    return await work(h);
  } finally {
    await h.close();
  }
}

describe("embedded database backup and restore", () => {
  let before: Record<string, string[]> = {};

  beforeAll(async () => {
    setEnvForTests({ DATA_DIR: source, NEXTAUTH_SECRET: "test-secret-for-backups-0123456789abcdef" });
    const h = await openPglite(source);
    try {
      await runMigrations(h);
      setHandle(h);
      await ensureMailQueue();
      const np = await makeNonprofit(h.db, "Backup Hill Food Shelf");
      const donor = await makeDonor("backup-donor@example.org");
      const [fundraiser] = await h.db.insert(fundraisers).values({ organizationId: np.organizationId, name: "Winter Pantry", goalCents: 500_000 }).returning({ id: fundraisers.id });
      await makeGift(h.db, np.organizationId, donor.id, { fundraiserId: fundraiser!.id, amountCents: 5_000 });
      const refunded = await makeGift(h.db, np.organizationId, donor.id, { amountCents: 1_234 });
      await refundDonation({ actor: np.user, donationId: refunded }).catch(() => undefined);
      await makeGift(h.db, np.organizationId, null, { status: "refunded", amountCents: 700, refundedAt: new Date("2026-03-01T12:00:00Z") });
      await h.db.insert(recurringGifts).values({ donorUserId: donor.id, organizationId: np.organizationId, amountCents: 2_000, provider: "sandbox" });
      const [event] = await h.db.insert(events).values({ organizationId: np.organizationId, name: "Harvest Supper", startsAt: new Date("2026-10-01T23:00:00Z") }).returning({ id: events.id });
      const [ticketType] = await h.db.insert(eventTicketTypes).values({ eventId: event!.id, name: "Dinner", priceCents: 4_000 }).returning({ id: eventTicketTypes.id });
      await h.db.insert(eventTicketOrders).values({
        eventId: event!.id,
        ticketTypeId: ticketType!.id,
        buyerName: "Ada Buyer",
        buyerEmail: "ada@example.org",
        quantity: 2,
        amountCents: 8_000,
        goodsValueCents: 3_000,
        status: "confirmed",
        idempotencyKey: "backup-test-order",
      });
      await getStorage().put("images/logo_backup.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]), "image/jpeg");
      await getStorage().put("images/logo_backup.orig.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 0xff, 0xd9]), "image/jpeg");
      await stopMailQueue();
      before = await allTableRows(h);
    } finally {
      setHandle(undefined);
      await h.close();
    }
  });

  test("the source holds donations, a refund, a recurring gift, a ticket order and images", () => {
    expect(before["public.donations"]!.length).toBeGreaterThanOrEqual(3);
    expect(before["public.donations"]!.some((r) => (JSON.parse(r) as { status: string }).status === "refunded")).toBe(true);
    expect(before["public.recurring_gifts"]).toHaveLength(1);
    expect(before["public.event_ticket_orders"]).toHaveLength(1);
    expect(Object.keys(allFiles(path.join(source, "uploads")))).toHaveLength(2);
  });

  test("a restored backup has every row of every table and every file equal", async () => {
    const summary = await backupEmbedded({ dataDir: source, file: archive });
    expect(summary.uploads).toBe(2);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);
    await restoreEmbedded({ dataDir: restored, file: archive });
    const after = await withFolder(restored, allTableRows);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect([table, after[table]]).toEqual([table, before[table]]);
    expect(allFiles(path.join(restored, "uploads"))).toEqual(allFiles(path.join(source, "uploads")));
  });

  test("restore refuses a folder that already holds a database unless --force, and then replaces it", async () => {
    await expect(restoreEmbedded({ dataDir: restored, file: archive })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreEmbedded({ dataDir: restored, file: archive })).rejects.toThrow(/--force/);
    await withFolder(restored, (h) => h.db.execute(sql`delete from recurring_gifts`));
    fs.writeFileSync(path.join(restored, "uploads", "images", "stray.jpg"), "stray");
    await restoreEmbedded({ dataDir: restored, file: archive, force: true });
    expect(await withFolder(restored, allTableRows)).toEqual(before);
    expect(allFiles(path.join(restored, "uploads"))).toEqual(allFiles(path.join(source, "uploads")));
  });

  test("restore and backup refuse a database in use, and change nothing", async () => {
    const inUse = await openPglite(restored);
    try {
      await expect(restoreEmbedded({ dataDir: restored, file: archive, force: true })).rejects.toThrow(DatabaseLockedError);
      await expect(backupEmbedded({ dataDir: restored, file: path.join(root, "other.tar") })).rejects.toThrow(DatabaseLockedError);
      expect(fs.existsSync(path.join(root, "other.tar"))).toBe(false);
      expect(await allTableRows(inUse)).toEqual(before);
    } finally {
      await inUse.close();
    }
  });

  test("restore refuses a file that is not a backup", async () => {
    const bogus = path.join(root, "bogus.tar");
    const { create } = await import("tar");
    fs.writeFileSync(path.join(root, "note.txt"), "hello");
    await create({ file: bogus, cwd: root }, ["note.txt"]);
    const empty = path.join(root, "empty");
    await expect(restoreEmbedded({ dataDir: empty, file: bogus })).rejects.toThrow(/not a backup/);
    expect(fs.existsSync(path.join(empty, "pgdata"))).toBe(false);
  });
});
