/**
 * What an imported history counts, and the files it reads, through the real routes, the queue's
 * worker and the database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * - a generated 2,029-row Givebutter-style transactions export with failed, cancelled, pending,
 *   refunded and partly refunded rows gives exactly the donors and the total of its succeeded,
 *   unrefunded gifts (computed here from the generated rows, independently of the import);
 * - a Latin-1, a UTF-16 (with and without byte-order mark) and a UTF-8-with-BOM export read the
 *   same names ("José Müller"); images, workbooks and files with NUL bytes get 422 with a plain
 *   sentence, never 500;
 * - the run writes the rows the dry run kept (the file is not parsed again); an organization's
 *   imports run one at a time; the hourly allowance of import jobs is enforced.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { listDonors } from "@/lib/services/donor-relationships/donors-view";
import { makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { donations, donorImports } from "@/models";
import { untilImportJobEnds } from "@/lib/testing/donor-import-jobs";
import { seededRandom } from "@/lib/testing/seeded-random";
import { POST as dryRunRoute } from "@/app/api/(app)/donor-imports/[id]/dry-run/route";
import { POST as runRoute } from "@/app/api/(app)/donor-imports/[id]/run/route";
import { POST as uploadRoute } from "@/app/api/(app)/organizations/[id]/donor-imports/route";
import { DONOR_IMPORT_JOBS_PER_HOUR, dryRunDonorImport, runDonorImport, uploadDonorImport, type DonorImportView } from "./donor-imports";
import { startDonorImportWorker, workDonorImportJob } from "./import-jobs";

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;

const m = messages.donorImport;
const NOW = new Date("2026-11-27T15:00:00.000Z");

function form(bytes: Uint8Array | string, fileName: string): FormData {
  const f = new FormData();
  f.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type: "text/csv" }), fileName);
  return f;
}

const upload = (actor: Actor, organizationId: string, bytes: Uint8Array | string, fileName = "export.csv") =>
  call(uploadRoute, { method: "POST", url: `/api/organizations/${organizationId}/donor-imports`, params: { id: organizationId }, body: form(bytes, fileName), user: actor });

/**
 * A Givebutter-style transactions export of `rows` rows and, computed from the generated rows
 * themselves, what it holds: the succeeded gifts' donors (by email) and their total net of
 * refunds, in cents, and the rows of each skipped status.
 */
function givebutterExport(rows: number) {
  const next = seededRandom(2029).next;
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const lines = ["Transaction ID,First Name,Last Name,Email,Amount,Transaction Date,Campaign Title,Payment Method,Status,Refunded Amount"];
  const donors = new Set<string>();
  let totalCents = 0;
  let gifts = 0;
  const skipped = { failed: 0, cancelled: 0, refunded: 0, pending: 0 };
  for (let i = 1; i <= rows; i++) {
    const person = Math.floor(next() * 640);
    const email = `donor${person}@example.org`;
    const cents = 100 + Math.floor(next() * 200_000);
    const dollars = (cents / 100).toFixed(2);
    const amount = cents >= 100_000 && next() < 0.5 ? `"${Number(dollars).toLocaleString("en-US", { minimumFractionDigits: 2 })}"` : next() < 0.2 ? `$${dollars}` : dollars;
    const day = new Date(Date.UTC(2022, 0, 1) + Math.floor(next() * 1_780) * 86_400_000).toISOString().slice(0, 10);
    const roll = next();
    let status: string;
    let refunded = "";
    let counted = 0;
    if (roll < 0.78) {
      status = pick(["Succeeded", "succeeded", "Paid", "Completed"]);
      counted = cents;
    } else if (roll < 0.83) {
      status = pick(["Failed", "failed", "Declined"]);
      skipped.failed++;
    } else if (roll < 0.87) {
      status = pick(["Cancelled", "Canceled"]);
      skipped.cancelled++;
    } else if (roll < 0.9) {
      status = "Pending";
      skipped.pending++;
    } else if (roll < 0.95) {
      status = "Refunded";
      refunded = dollars;
      skipped.refunded++;
    } else {
      status = pick(["Partially Refunded", "partially_refunded"]);
      const back = 1 + Math.floor(next() * (cents - 1));
      refunded = (back / 100).toFixed(2);
      counted = cents - back;
    }
    if (counted > 0) {
      donors.add(email);
      totalCents += counted;
      gifts++;
    }
    lines.push([`GB-${100_000 + i}`, `First${person}`, `Last${person}`, email, amount, `${day} 12:00:00`, "", pick(["Card", "PayPal", "Check", "ACH"]), status, refunded].join(","));
  }
  return { csv: lines.join("\r\n") + "\r\n", donors: donors.size, totalCents, gifts, skipped };
}

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-import-history-0123456789" });
  ({ h, a, b } = await makeTwoNonprofitsAndADonor(["History Food Shelf", "History Library"], "history.donor@example.org"));
  await startDonorImportWorker({ pollingIntervalSeconds: 0.5 });
}, 120_000);
afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

describe("a 2,029-row transactions export with failed, cancelled, pending and refunded rows", () => {
  const generated = givebutterExport(2029);

  test("the generated export does hold skipped and partly refunded rows", () => {
    expect(generated.skipped.failed).toBeGreaterThan(50);
    expect(generated.skipped.cancelled).toBeGreaterThan(40);
    expect(generated.skipped.refunded).toBeGreaterThan(50);
    expect(generated.gifts).toBeLessThan(2029 - generated.skipped.failed - generated.skipped.refunded);
  });

  test("dry run and import give exactly the donors and the total of the succeeded, unrefunded gifts", async () => {
    const up = await upload(a.user, a.organizationId, generated.csv, "givebutter-transactions-2029.csv");
    expect(up.status).toBe(201);
    const view = (await up.json()) as DonorImportView;
    expect(view.rowCount).toBe(2029);
    const queued = await call(dryRunRoute, { method: "POST", url: `/api/donor-imports/${view.id}/dry-run`, params: { id: view.id }, json: { mapping: view.mapping }, user: a.user });
    expect(queued.status).toBe(202);
    const checked = await untilImportJobEnds(a.user, view.id);
    expect(checked.job).toBeNull();
    expect(checked.dryRun).toMatchObject({ rows: 2029, create: generated.gifts, failed: 0, newDonors: generated.donors, createCents: generated.totalCents, skipped: generated.skipped });

    expect((await call(runRoute, { method: "POST", url: `/api/donor-imports/${view.id}/run`, params: { id: view.id }, user: a.user })).status).toBe(202);
    const done = await untilImportJobEnds(a.user, view.id);
    expect(done).toMatchObject({ status: "completed", job: null, doneRows: generated.gifts });

    const [totals] = (await h.db
      .select({ gifts: sql<number>`count(*)::int`, donors: sql<number>`count(distinct lower(${donations.donorEmail}))::int`, cents: sql<string>`sum(${donations.amountCents})::text` })
      .from(donations)
      .where(eq(donations.importId, view.id))) as [{ gifts: number; donors: number; cents: string }];
    expect(totals).toEqual({ gifts: generated.gifts, donors: generated.donors, cents: String(generated.totalCents) });

    // The Donors view of an organization with no other gifts shows exactly those donors.
    const page = await listDonors({ actor: a.user, organizationId: a.organizationId, query: { search: "", segment: null, minCents: null, sort: "lifetime", page: 1 }, now: NOW });
    expect(page.segments.all).toBe(generated.donors);
  }, 180_000);
});

describe("encodings", () => {
  const csv = "Gift Date,Gift Amount,First name,Last name,Email address\r\n2025-03-01,12.00,José,Müller,jose.muller@example.org\r\n2025-04-01,8.50,Zoë,Brontë,\r\n";

  test.each([
    ["Windows-1252 / Latin-1", iconv.encode(csv, "latin1"), "windows-1252"],
    ["UTF-8 with BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, "utf8")]), "UTF-8"],
    ["UTF-8 without BOM", Buffer.from(csv, "utf8"), "UTF-8"],
    ["UTF-16 LE with BOM (Excel's Unicode text)", iconv.encode(csv, "utf-16le", { addBOM: true }), "UTF-16LE"],
    ["UTF-16 BE with BOM", Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(csv, "utf-16be")]), "UTF-16BE"],
    ["UTF-16 LE without BOM", iconv.encode(csv, "utf-16le"), "UTF-16LE"],
  ])("%s: the names import as written", async (_label, bytes, encoding) => {
    const res = await upload(b.user, b.organizationId, bytes, "lgl.csv");
    expect(res.status).toBe(201);
    const view = (await res.json()) as DonorImportView;
    expect(view).toMatchObject({ encoding, rowCount: 2, headers: ["Gift Date", "Gift Amount", "First name", "Last name", "Email address"] });
    expect(view.samples[0]).toEqual(["2025-03-01", "12.00", "José", "Müller", "jose.muller@example.org"]);
    const dry = await dryRunDonorImport({ actor: b.user, importId: view.id, mapping: view.mapping, now: NOW });
    expect(dry.preview.map((p) => p.name)).toEqual(["José Müller", "Zoë Brontë"]);
  });

  test("a Latin-1 import writes José Müller's gift under his name", async () => {
    const up = await uploadDonorImport({ actor: b.user, organizationId: b.organizationId, fileName: "latin1.csv", bytes: iconv.encode(csv.replace(/jose\.muller/, "jose.muller.latin1"), "latin1") });
    await dryRunDonorImport({ actor: b.user, importId: up.id, mapping: up.mapping, now: NOW });
    await runDonorImport({ actor: b.user, importId: up.id, now: NOW });
    const gifts = await h.db.select({ name: donations.donorName, cents: donations.amountCents }).from(donations).where(eq(donations.importId, up.id));
    expect(gifts.map((g) => g.name).sort()).toEqual(["José Müller", "Zoë Brontë"]);
  });
});

describe("files that are not CSV text", () => {
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("JFIF\u0000 image bytes")]);
  const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("[Content_Types].xml")]);
  const withNul = Buffer.from("Date,Amount\n2025-01-01,5\u0000\n");
  const utf16Binary = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0x00, 0x00, 0x41, 0x00])]);

  test.each([
    ["a PNG image named .csv", png],
    ["a JPEG image", jpeg],
    ["an Excel workbook (ZIP)", xlsx],
    ["UTF-8 text with a NUL byte", withNul],
    ["UTF-16 text holding U+0000", utf16Binary],
    ["random bytes", randomBytes(8192)],
  ])("%s: 422 with a plain sentence, nothing stored", async (_label, bytes) => {
    const before = (await h.db.select({ n: sql<number>`count(*)::int` }).from(donorImports))[0]!.n;
    const res = await upload(b.user, b.organizationId, bytes, "gifts.csv");
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(m.binaryFile);
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(donorImports))[0]!.n).toBe(before);
  });
});

describe("jobs", () => {
  const small = (tag: string) => `Date,Amount,Email\n2025-01-01,5.00,${tag}@example.org\n2025-01-02,6.00,${tag}.2@example.org\n`;

  test("the run writes the rows the dry run kept: the file is not parsed again", async () => {
    const up = await uploadDonorImport({ actor: b.user, organizationId: b.organizationId, fileName: "kept.csv", bytes: Buffer.from(small("kept")) });
    await dryRunDonorImport({ actor: b.user, importId: up.id, mapping: up.mapping, now: NOW });
    await h.db.update(donorImports).set({ csvText: "not,a,gift\n" }).where(eq(donorImports.id, up.id));
    const run = await runDonorImport({ actor: b.user, importId: up.id, now: NOW });
    expect(run).toMatchObject({ status: "completed", created: 2, goodRows: 2, doneRows: 2 });
  });

  test("an organization's imports run one at a time: a job whose organization has another import running waits", async () => {
    const first = await uploadDonorImport({ actor: b.user, organizationId: b.organizationId, fileName: "one.csv", bytes: Buffer.from(small("one")) });
    const second = await uploadDonorImport({ actor: b.user, organizationId: b.organizationId, fileName: "two.csv", bytes: Buffer.from(small("two")) });
    await h.db.update(donorImports).set({ jobKind: "dry_run", jobState: "active", jobHeartbeatAt: new Date() }).where(eq(donorImports.id, first.id));
    await h.db.update(donorImports).set({ jobKind: "dry_run", jobState: "queued", mapping: second.mapping }).where(eq(donorImports.id, second.id));
    const job = { importId: second.id, kind: "dry_run" as const, actor: { id: b.user.id, role: b.user.role, organizationId: b.user.organizationId } };
    expect(await workDonorImportJob({ job, now: NOW })).toBe("busy");
    const [waiting] = await h.db.select({ jobState: donorImports.jobState, dryRun: donorImports.dryRun }).from(donorImports).where(eq(donorImports.id, second.id));
    expect(waiting).toEqual({ jobState: "queued", dryRun: null });
    // Another organization's import is not held back.
    await h.db.update(donorImports).set({ jobKind: null, jobState: null, jobHeartbeatAt: null }).where(eq(donorImports.id, first.id));
    expect(await workDonorImportJob({ job, now: NOW })).toBe("done");
    const [checked] = await h.db.select({ jobState: donorImports.jobState, dryRun: donorImports.dryRun }).from(donorImports).where(eq(donorImports.id, second.id));
    expect(checked!.jobState).toBeNull();
    expect(checked!.dryRun).toMatchObject({ create: 2 });
  });

  test("a second dry run while one is queued is refused with 409; past the hourly allowance, 429", async () => {
    const ids: string[] = [];
    for (let i = 0; i <= DONOR_IMPORT_JOBS_PER_HOUR; i++) {
      const up = await uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: `limit-${i}.csv`, bytes: Buffer.from(small(`limit${i}`)) });
      ids.push(up.id);
    }
    const dryRun = (id: string, mapping: unknown) => call(dryRunRoute, { method: "POST", url: `/api/donor-imports/${id}/dry-run`, params: { id }, json: { mapping }, user: a.user });
    const mapping = { Date: "date", Amount: "amount", Email: "email" };
    // The 2,029-row test used two of the organization's allowance.
    const answers: number[] = [];
    for (const id of ids) answers.push((await dryRun(id, mapping)).status);
    expect(answers.filter((s) => s === 202)).toHaveLength(DONOR_IMPORT_JOBS_PER_HOUR - 2);
    const refused = answers.filter((s) => s === 429);
    expect(refused.length).toBe(ids.length - (DONOR_IMPORT_JOBS_PER_HOUR - 2));
    const last = await dryRun(ids[ids.length - 1]!, mapping);
    expect(last.status).toBe(429);
    expect((await last.json()).message).toBe(m.importsRateLimited);
    // An import whose job is still queued is answered 409 before any allowance is taken.
    await h.db.update(donorImports).set({ jobKind: "dry_run", jobState: "queued" }).where(eq(donorImports.id, ids[ids.length - 1]!));
    const busy = await dryRun(ids[ids.length - 1]!, mapping);
    expect(busy.status).toBe(409);
    expect((await busy.json()).message).toBe(m.importBusy);
  }, 120_000);
});
