/**
 * Importing a donor history from a CSV export: the sample Givebutter file's dry run (a queued
 * job, worked by the import worker while the test polls GET /api/donor-imports/{id}) reports its
 * two broken rows by line, skips its failed and refunded payments, counts a partly refunded one's
 * rest, and writes nothing; the import creates the good rows as gifts recorded
 * offline (no payment, never in payouts, no mail), matches donors by email, moves fundraisers;
 * importing again creates nothing; the Donors view's LYBUNT/SYBUNT counts follow the imported
 * history; saved mappings; who may import; a batch that fails leaves no half batch and the next
 * run resumes. Against the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { listDonors } from "@/lib/services/donor-relationships/donors-view";
import { makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { queuedMail } from "@/lib/testing/queued-mail";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, donorImports, organizationAuditLog, organizations, payments } from "@/models";
import { untilImportJobEnds } from "@/lib/testing/donor-import-jobs";
import { GET as getRoute } from "@/app/api/(app)/donor-imports/[id]/route";
import { POST as dryRunRoute } from "@/app/api/(app)/donor-imports/[id]/dry-run/route";
import { POST as runRoute } from "@/app/api/(app)/donor-imports/[id]/run/route";
import { POST as uploadRoute } from "@/app/api/(app)/organizations/[id]/donor-imports/route";
import { GET as listMappingsRoute, POST as saveMappingRoute } from "@/app/api/(app)/organizations/[id]/donor-import-mappings/route";
import { DONOR_IMPORT_AUDIT, dryRunDonorImport, getDonorImport, runDonorImport, uploadDonorImport } from "./donor-imports";
import { startDonorImportWorker } from "./import-jobs";

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
let donor: Actor;
let springAppealId = "";

const NOW = new Date("2026-11-27T15:00:00.000Z");
const m = messages.donorImport;
const sample = (name: string) => fs.readFileSync(path.join(process.cwd(), "public", "samples", name));
const givebutter = sample("givebutter-transactions.csv");

function form(bytes: Uint8Array | string, fileName = "givebutter-transactions.csv"): FormData {
  const f = new FormData();
  f.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type: "text/csv" }), fileName);
  return f;
}

async function upload(actor: Actor, organizationId: string, bytes: Uint8Array | string = givebutter) {
  return call(uploadRoute, { method: "POST", url: `/api/organizations/${organizationId}/donor-imports`, params: { id: organizationId }, body: form(bytes), user: actor });
}

const importGifts = (importId: string) => h.db.select().from(donations).where(eq(donations.importId, importId));

/** Poll GET /api/donor-imports/{id} (as the page does) until its job is no longer queued or running. */
beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-donor-imports-0123456789" });
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Import Valley Food Shelf", "Other Import Library"], "ada.lovelace@example.org"));
  // New York time: segments are decided on the organization's calendar years.
  await h.db.update(organizations).set({ state: "NY", zipcode: "10001" }).where(eq(organizations.id, a.organizationId));
  const [c] = await h.db.insert(fundraisers).values({ organizationId: a.organizationId, name: "Spring Appeal", goalCents: 1_000_000 }).returning({ id: fundraisers.id });
  springAppealId = c!.id;
  // Ada gave online in 2024 and shared her email: her imported gifts join her.
  await makeGift(h.db, a.organizationId, donor.id, {
    amountCents: 1_000,
    donorName: "Ada Lovelace",
    donorEmail: "ada.lovelace@example.org",
    shareName: true,
    shareEmail: true,
    createdAt: new Date("2024-01-10T12:00:00Z"),
    succeededAt: new Date("2024-01-10T12:00:00Z"),
  });
  await startDonorImportWorker({ pollingIntervalSeconds: 0.5 });
}, 120_000);
afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

describe("the sample Givebutter export", () => {
  let importId = "";
  let mapping: Record<string, string> = {};

  test("upload: 201 with the headers, 17 rows and a mapping suggested for every column", async () => {
    const res = await upload(a.user, a.organizationId);
    expect(res.status).toBe(201);
    const body = await res.json();
    importId = body.id;
    mapping = body.mapping;
    expect(body).toMatchObject({ fileName: "givebutter-transactions.csv", rowCount: 17, status: "uploaded", suggested: true, encoding: "UTF-8", job: null, dryRun: null });
    expect(body.mapping).toEqual({
      "Transaction ID": "externalId",
      "First Name": "firstName",
      "Last Name": "lastName",
      Email: "email",
      Amount: "amount",
      "Transaction Date": "date",
      "Campaign Title": "fundraiser",
      "Payment Method": "method",
      Status: "status",
      "Refunded Amount": "refundedAmount",
    });
    expect(body.samples[0]).toEqual(["GB-1001", "Ada", "Lovelace", "ada.lovelace@example.org", "100.00", "2025-03-14 10:02:11", "Spring Appeal", "Card", "Succeeded", ""]);
    expect(body).not.toHaveProperty("csvText");
  });

  test("dry run: queued (202), then the two broken rows by line, the failed and refunded rows skipped, what would be created and matched; nothing written", async () => {
    const res = await call(dryRunRoute, { method: "POST", url: `/api/donor-imports/${importId}/dry-run`, params: { id: importId }, json: { mapping }, user: a.user });
    expect(res.status).toBe(202);
    expect((await res.json()).job).toEqual({ kind: "dry_run", state: "queued", error: null });
    const view = await untilImportJobEnds(a.user, importId);
    expect(view.job).toBeNull();
    expect(view.checkedRows).toBe(17);
    const result = view.dryRun!;
    expect(result.errors).toEqual([`line 7: ${m.amountInvalid}`, `line 9: ${m.dateRequired}`]);
    expect(result).toMatchObject({ rows: 17, create: 13, goodRows: 13, duplicates: 0, failed: 2, matchedDonors: 1, newDonors: 8 });
    expect(result.skipped).toEqual({ failed: 1, cancelled: 0, refunded: 1, pending: 0 });
    // The 12 succeeded rows ($2,386.25) and the rest of GB-1017 ($80.00 less $30.00 refunded).
    expect(result.createCents).toBe(238_625 + 5_000);
    expect(result.preview).toHaveLength(13);
    expect(result.preview[0]).toEqual({ line: 2, receivedOn: "2025-03-14", amountCents: 10_000, name: "Ada Lovelace", email: "ada.lovelace@example.org", method: "other_platform", fundraiser: "Spring Appeal", outcome: "create" });
    expect(await importGifts(importId)).toHaveLength(0);
  });

  test("import: queued (202), then the 13 good rows become offline gifts without payments, joined to Ada by email, fundraiser moved, audited, no mail", async () => {
    const paymentsBefore = (await h.db.select({ n: sql<string>`count(*)` }).from(payments))[0]!.n;
    const mailBefore = (await queuedMail(h.db)).length;
    const res = await call(runRoute, { method: "POST", url: `/api/donor-imports/${importId}/run`, params: { id: importId }, user: a.user });
    expect(res.status).toBe(202);
    const view = await untilImportJobEnds(a.user, importId);
    expect(view).toMatchObject({ status: "completed", job: null, goodRows: 13, doneRows: 13 });
    expect(view.progress).toMatchObject({ created: 13, duplicates: 0, failed: 2, matchedDonors: 1, newDonors: 8 });
    expect(view.progress.errors).toEqual([`line 7: ${m.amountInvalid}`, `line 9: ${m.dateRequired}`]);

    const gifts = await importGifts(importId);
    expect(gifts).toHaveLength(13);
    for (const g of gifts) expect(g).toMatchObject({ paymentId: null, status: "succeeded", shareEmail: true, shareName: true, anonymous: false, organizationId: a.organizationId });
    const byRef = new Map(gifts.map((g) => [g.metadata.externalId, g]));
    expect(byRef.get("GB-1003")).toMatchObject({ amountCents: 120_050, receivedOn: "2025-12-20", offlineMethod: "other_platform", donorEmail: "alan.turing@example.org", donorName: "Alan Turing" });
    expect(byRef.get("GB-1003")!.createdAt.toISOString()).toBe("2025-12-20T12:00:00.000Z");
    expect(byRef.get("GB-1002")).toMatchObject({ offlineMethod: "check", amountCents: 25_000 });
    expect(byRef.get("GB-1009")).toMatchObject({ offlineMethod: "cash" });
    expect(byRef.get("GB-1012")).toMatchObject({ offlineMethod: "daf" });
    // Matched by the lower-cased email to the donor's account.
    expect(byRef.get("GB-1001")!.donorUserId).toBe(donor.id);
    expect(byRef.get("GB-1004")).toMatchObject({ donorUserId: donor.id, donorEmail: "ada.lovelace@example.org" });
    expect(byRef.get("GB-1007")!.donorUserId).toBeNull();
    // Only what happened counts: the failed and the fully refunded payments are no gifts; the
    // partly refunded one counts its rest.
    expect(byRef.has("GB-1015")).toBe(false);
    expect(byRef.has("GB-1016")).toBe(false);
    expect(byRef.get("GB-1017")).toMatchObject({ amountCents: 5_000, status: "succeeded" });
    expect(byRef.get("GB-1017")!.metadata.refundedCents).toBe("3000");

    // Spring Appeal: GB-1001 $100 + GB-1004 $50 + GB-1011 $20 (GB-1006 and GB-1008 were refused).
    const [c] = await h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, springAppealId));
    expect(c!.p).toBe(17_000);
    expect(byRef.get("GB-1003")!.fundraiserId).toBeNull();

    expect((await h.db.select({ n: sql<string>`count(*)` }).from(payments))[0]!.n).toBe(paymentsBefore);
    expect((await queuedMail(h.db)).length).toBe(mailBefore);
    const audit = await h.db.select().from(organizationAuditLog).where(and(eq(organizationAuditLog.action, DONOR_IMPORT_AUDIT.completed), eq(organizationAuditLog.subjectId, importId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ created: 13, failed: 2, duplicates: 0 });
    expect(JSON.stringify(audit[0]!.details)).not.toContain("@");
  });

  test("the Donors view counts the imported history: LYBUNT 4, SYBUNT 4, new this year 1", async () => {
    const page = await listDonors({ actor: a.user, organizationId: a.organizationId, query: { search: "", segment: null, minCents: null, sort: "lifetime", page: 1 }, now: NOW });
    // LYBUNT (gave in 2025, not 2026): Ada, Alan, Edsger, Radia. SYBUNT (last gift before 2025): Grace, Katherine, Mary, Barbara.
    expect(page.segments).toMatchObject({ all: 9, lybunt: 4, sybunt: 4, new: 1 });
    const ada = page.donors.find((d) => d.email === "ada.lovelace@example.org")!;
    expect(ada).toMatchObject({ giftCount: 3, lifetimeCents: 16_000 });
    const lybunt = await listDonors({ actor: a.user, organizationId: a.organizationId, query: { search: "", segment: "lybunt", minCents: null, sort: "name", page: 1 }, now: NOW });
    expect(lybunt.donors.map((d) => d.name)).toEqual(["Ada Lovelace", "Alan Turing", "Edsger Dijkstra", "Radia Perlman"]);
  });

  test("a second run of the import, and a new upload of the same file, create nothing", async () => {
    const again = await runDonorImport({ actor: a.user, importId, now: NOW });
    expect(again).toMatchObject({ status: "completed", created: 13 });
    expect(await importGifts(importId)).toHaveLength(13);

    const second = await uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: "again.csv", bytes: givebutter });
    const dry = await dryRunDonorImport({ actor: a.user, importId: second.id, mapping, now: NOW });
    expect(dry).toMatchObject({ create: 0, duplicates: 13, failed: 2, newDonors: 0, matchedDonors: 9 });
    expect(dry.preview.every((p) => p.outcome === "duplicate")).toBe(true);
    const run = await runDonorImport({ actor: a.user, importId: second.id, now: NOW });
    expect(run).toMatchObject({ status: "completed", created: 0, duplicates: 13, newDonors: 0 });
    const [{ n }] = (await h.db.select({ n: sql<string>`count(*)` }).from(donations).where(isNotNull(donations.importRowKey))) as [{ n: string }];
    expect(Number(n)).toBe(13);
  });

  test("another organization's member gets 404 on the import; a donor gets 403; no one uploads for another organization", async () => {
    for (const [handler, method, url] of [
      [getRoute, "GET", `/api/donor-imports/${importId}`],
      [dryRunRoute, "POST", `/api/donor-imports/${importId}/dry-run`],
      [runRoute, "POST", `/api/donor-imports/${importId}/run`],
    ] as const) {
      const res = await call(handler, { method, url, params: { id: importId }, user: b.user, ...(url.endsWith("dry-run") ? { json: { mapping } } : {}) });
      expect(res.status).toBe(404);
      const asDonor = await call(handler, { method, url, params: { id: importId }, user: donor, ...(url.endsWith("dry-run") ? { json: { mapping } } : {}) });
      expect(asDonor.status).toBe(403);
    }
    expect((await upload(b.user, a.organizationId)).status).toBe(403);
    expect((await upload(donor, a.organizationId)).status).toBe(403);
    await expect(getDonorImport({ actor: b.user, importId })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("mappings", () => {
  const donorbox = sample("donorbox-donations.csv");

  test("the Donorbox headers get their suggested mapping; a saved mapping is listed and preferred for the next file with those headers", async () => {
    const first = await uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: "donorbox.csv", bytes: donorbox });
    expect(first.mapping).toEqual({
      "Donor First Name": "firstName",
      "Donor Last Name": "lastName",
      "Donor Email": "email",
      Amount: "amount",
      "Donation Date": "date",
      Campaign: "fundraiser",
      "Donation Type": "method",
      "Donation Status": "status",
      "Amount Refunded": "refundedAmount",
    });
    const custom = { ...first.mapping, Campaign: "note" };
    const saved = await call(saveMappingRoute, { method: "POST", url: `/api/organizations/${a.organizationId}/donor-import-mappings`, params: { id: a.organizationId }, json: { name: "Donorbox", mapping: custom }, user: a.user });
    expect(saved.status).toBe(201);
    const list = await (await call(listMappingsRoute, { url: `/api/organizations/${a.organizationId}/donor-import-mappings`, params: { id: a.organizationId }, user: a.user })).json();
    expect(list.mappings).toEqual([expect.objectContaining({ name: "Donorbox", mapping: custom })]);
    const next = await uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: "donorbox-2.csv", bytes: donorbox });
    expect(next).toMatchObject({ mapping: custom, suggested: false });
    // Another organization sees none of them.
    expect((await call(listMappingsRoute, { url: `/api/organizations/${a.organizationId}/donor-import-mappings`, params: { id: a.organizationId }, user: b.user })).status).toBe(403);
  });

  test("a mapping without a date or amount column, or with a target twice, is refused with its message", async () => {
    const up = await uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: "d.csv", bytes: donorbox });
    await expect(dryRunDonorImport({ actor: a.user, importId: up.id, mapping: { Amount: "amount" } })).rejects.toMatchObject({ code: "validation", message: m.mappingDateRequired });
    await expect(dryRunDonorImport({ actor: a.user, importId: up.id, mapping: { Amount: "amount", "Donation Date": "date", Campaign: "email", "Donor Email": "email" } })).rejects.toMatchObject({
      code: "validation",
      message: m.mappingDuplicate("donor email"),
    });
    await expect(runDonorImport({ actor: a.user, importId: (await uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: "x.csv", bytes: Buffer.from("Date,Amount\n2025-01-01,5\n") })).id })).rejects.toMatchObject({
      message: m.dryRunRequired,
    });
  });

  test("files without rows or header are refused; the size limit is enforced", async () => {
    await expect(uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: "e.csv", bytes: Buffer.from("Date,Amount\n") })).rejects.toMatchObject({ message: m.noRows });
    await expect(uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: "e.csv", bytes: Buffer.from("") })).rejects.toMatchObject({ message: m.noHeader });
    await expect(uploadDonorImport({ actor: a.user, organizationId: a.organizationId, fileName: "big.csv", bytes: new Uint8Array(20 * 1024 * 1024 + 1) })).rejects.toMatchObject({ code: "payload_too_large" });
  });
});

describe("the upload route", () => {
  test("a file over 20 MB gets 413, a form without a file 400, a write from another site 403; nothing is stored", async () => {
    const before = (await h.db.select({ n: sql<string>`count(*)` }).from(donorImports))[0]!.n;
    const big = await upload(a.user, a.organizationId, new Uint8Array(20 * 1024 * 1024 + 10));
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(m.fileTooLarge);
    const empty = new FormData();
    empty.append("note", "no file");
    const none = await call(uploadRoute, { method: "POST", url: `/api/organizations/${a.organizationId}/donor-imports`, params: { id: a.organizationId }, body: empty, user: a.user });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe(m.fileRequired);
    const crossSite = await call(uploadRoute, {
      method: "POST",
      url: `/api/organizations/${a.organizationId}/donor-imports`,
      params: { id: a.organizationId },
      body: form(givebutter),
      user: a.user,
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await h.db.select({ n: sql<string>`count(*)` }).from(donorImports))[0]!.n).toBe(before);
  });
});

describe("a batch that fails", () => {
  test("leaves no half batch; the next run resumes after the last committed batch and imports each row once", async () => {
    const lines = ["Gift ID,Gift Date,Gift Amount,Email address"];
    for (let i = 1; i <= 25; i++) lines.push(`R-${i},2024-0${1 + (i % 9)}-1${i % 10},${i}.00,resume${i}@example.org`);
    const up = await uploadDonorImport({ actor: b.user, organizationId: b.organizationId, fileName: "resume.csv", bytes: Buffer.from(lines.join("\r\n")) });
    const mapping = { "Gift ID": "externalId", "Gift Date": "date", "Gift Amount": "amount", "Email address": "email" };
    expect(up.mapping).toEqual(mapping);
    await dryRunDonorImport({ actor: b.user, importId: up.id, mapping, now: NOW });

    const crash = new Error("the process stopped");
    await expect(
      runDonorImport({
        actor: b.user,
        importId: up.id,
        now: NOW,
        batchSize: 10,
        afterBatchWrite: (batch) => {
          if (batch === 1) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const afterCrash = await importGifts(up.id);
    expect(afterCrash).toHaveLength(10);
    const [state] = await h.db.select().from(donorImports).where(eq(donorImports.id, up.id));
    expect(state).toMatchObject({ status: "running", processedLine: 11, createdCount: 10 });

    const first = await runDonorImport({ actor: b.user, importId: up.id, now: NOW, batchSize: 10, maxBatches: 1 });
    expect(first).toMatchObject({ status: "running", created: 20, doneRows: 20, goodRows: 25 });
    const done = await runDonorImport({ actor: b.user, importId: up.id, now: NOW, batchSize: 10 });
    expect(done).toMatchObject({ status: "completed", created: 25, duplicates: 0, failed: 0, newDonors: 25 });
    const gifts = await importGifts(up.id);
    expect(gifts).toHaveLength(25);
    expect(new Set(gifts.map((g) => g.importRowKey)).size).toBe(25);
    expect(gifts.reduce((s, g) => s + g.amountCents, 0)).toBe((25 * 26 * 100) / 2);
  });
});
