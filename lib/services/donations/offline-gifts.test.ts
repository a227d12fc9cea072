/**
 * Gifts a nonprofit records offline (cash, check, DAF grant, stock, in-kind): what is stored,
 * what each kind's receipt says (IRS Publication 1771), how the report counts them, that
 * payouts (the `payments` ledger) never see them, that a fundraiser's progress moves once and
 * back, the audit log, who may record, change and delete them, and that bad input is refused
 * with its message and writes nothing. Against the real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { ApiKeyActor } from "@/lib/auth/api-key-access";
import type { DatabaseHandle } from "@/lib/db/client";
import { giftPaymentTypeLabel } from "@/lib/donations/labels";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { NO_GOODS_STATEMENT } from "@/lib/receipts/receipt-text";
import { pdfLines } from "@/lib/receipts/testing";
import { listPayouts } from "@/lib/public-api/queries/list-payouts";
import { openDonationReportCsv } from "@/lib/services/reports/donation-csv";
import { getDonationReportPage, getDonationReportTotals } from "@/lib/services/reports/donation-report";
import { makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import type { ReportQuery } from "@/lib/validations/report";
import { fundraisers, donations, organizationAuditLog, organizations } from "@/models";
import { POST as recordRoute } from "@/app/api/(app)/organizations/[id]/offline-gifts/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as updateRoute } from "@/app/api/(app)/offline-gifts/[id]/route";
import { donationReceiptPdf } from "./get-receipt";
import { deleteOfflineGift, OFFLINE_GIFT_AUDIT, recordOfflineGift, updateOfflineGift } from "./offline-gifts";

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
let donor: Actor;
let fundraiserId = "";
let otherFundraiserId = "";

const m = messages.offlineGifts;
const NOVEMBER: ReportQuery = { duration: "customRange", fundraiser: "all", startDate: "2026-11-01", endDate: "2026-11-30" };
const donorFields = { donorName: "Ada Lovelace", donorEmail: "Ada@Example.org", donorConsent: true };
const kinds = {
  cash: { method: "cash", amountCents: 5_000 },
  check: { method: "check", amountCents: 12_500, checkNumber: "1234" },
  daf: { method: "daf", amountCents: 100_000, fundName: "Example Charitable Fund" },
  stock: { method: "stock", amountCents: 500_000, description: "Acme Corp. common stock", shares: "40" },
  in_kind: { method: "in_kind", description: "Two laptops" },
} as const;
type Kind = keyof typeof kinds;
const gift = (kind: Kind, extra: Record<string, unknown> = {}) => ({ ...kinds[kind], receivedOn: "2026-11-10", ...donorFields, ...extra });

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-offline-gifts-0123456789" });
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Offline Valley Food Shelf", "Other Hill Library"], "offline.donor@example.org"));
  await h.db.update(organizations).set({ ein: "030358794", irsDeductibility: "1" }).where(eq(organizations.id, a.organizationId));
  const rows = await h.db
    .insert(fundraisers)
    .values([
      { organizationId: a.organizationId, name: "Winter Meals", goalCents: 1_000_000 },
      { organizationId: a.organizationId, name: "Spring Garden", goalCents: 1_000_000 },
    ])
    .returning({ id: fundraisers.id });
  [fundraiserId, otherFundraiserId] = rows.map((r) => r.id) as [string, string];
}, 120_000);
afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

const stored = async (id: string) => (await h.db.select().from(donations).where(eq(donations.id, id)))[0];
const progress = async (id: string) => (await h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, id)))[0]!.p;
const counts = async () => {
  const [d] = await h.db.select({ n: sql<string>`count(*)` }).from(donations);
  const [l] = await h.db.select({ n: sql<string>`count(*)` }).from(organizationAuditLog);
  return { donations: Number(d!.n), audit: Number(l!.n) };
};
const receiptText = async (donationId: string, actor: Actor | null = a.user) => (await pdfLines((await donationReceiptPdf({ actor, donationId, token: null })).pdf)).join(" ");

describe("recording each kind", () => {
  const ids = {} as Record<Kind, string>;

  beforeAll(async () => {
    for (const kind of Object.keys(kinds) as Kind[]) ids[kind] = (await recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input: gift(kind) })).id;
  });

  test("each is a succeeded gift without a payment, on the day received at noon UTC; in-kind at 0 cents", async () => {
    for (const kind of Object.keys(kinds) as Kind[]) {
      const row = (await stored(ids[kind]))!;
      expect(row).toMatchObject({
        paymentId: null,
        status: "succeeded",
        offlineMethod: kind,
        receivedOn: "2026-11-10",
        amountCents: kind === "in_kind" ? 0 : kinds[kind as Exclude<Kind, "in_kind">].amountCents,
        donorName: "Ada Lovelace",
        donorEmail: "ada@example.org",
        shareName: true,
        shareEmail: true,
        anonymous: false,
      });
      expect(row.succeededAt?.toISOString()).toBe("2026-11-10T12:00:00.000Z");
      expect(row.createdAt.toISOString()).toBe("2026-11-10T12:00:00.000Z");
    }
    expect((await stored(ids.check))!.offlineDetails).toEqual({ checkNumber: "1234" });
    expect((await stored(ids.daf))!.offlineDetails).toEqual({ fundName: "Example Charitable Fund" });
    expect((await stored(ids.stock))!.offlineDetails).toEqual({ description: "Acme Corp. common stock", shares: "40" });
    expect((await stored(ids.in_kind))!.offlineDetails).toEqual({ description: "Two laptops" });
  });

  test("the receipt of each kind says how it was given, marked as recorded offline, with the EIN and the no-goods statement", async () => {
    const expected: Record<Kind, string[]> = {
      cash: ["Payment method: Cash", "Amount: $50.00", "Deductible amount: $50.00"],
      check: ["Payment method: Check no. 1234", "Amount: $125.00"],
      daf: ["Grant from Example Charitable Fund, a donor-advised fund", "it is the sponsoring organization's contribution", "not deductible by the donor again"],
      stock: ["40 shares of Acme Corp. common stock; value as reported by the donor: $5,000.00", "did not appraise these shares"],
      in_kind: ["Two laptops; no value is stated by the organization (IRS Publication 1771)"],
    };
    for (const kind of Object.keys(kinds) as Kind[]) {
      const text = await receiptText(ids[kind]);
      expect(text).toContain("Recorded offline");
      expect(text).toContain("EIN 03-0358794");
      expect(text).toContain(NO_GOODS_STATEMENT);
      expect(text).toContain("Date received: November 10, 2026");
      for (const words of expected[kind]) expect(text).toContain(words);
    }
    // What the organization does not value has no amount on its receipt; a DAF grant is not the donor's deduction.
    expect(await receiptText(ids.in_kind)).not.toMatch(/\$\d/);
    expect(await receiptText(ids.daf)).not.toContain("Deductible amount");
    expect(await receiptText(ids.stock)).not.toContain("Deductible amount");
  });

  test("only the organization's members (and no one else) get the receipt of an offline gift; an online gift's stays the donor's", async () => {
    for (const actor of [b.user, donor, null]) await expect(receiptText(ids.cash, actor)).rejects.toMatchObject({ code: "not_found" });
    const online = await makeGift(h.db, a.organizationId, donor.id, { succeededAt: new Date("2026-11-02T15:00:00Z"), createdAt: new Date("2026-11-02T15:00:00Z") });
    await expect(receiptText(online, a.user)).rejects.toMatchObject({ code: "not_found" });
    expect(await receiptText(online, donor)).not.toContain("Recorded offline");
    await h.db.delete(donations).where(eq(donations.id, online));
  });

  test("the report counts them, sums money received (in-kind adds 0 cents) and labels the payment type", async () => {
    const online = await makeGift(h.db, a.organizationId, null, { amountCents: 2_500, succeededAt: new Date("2026-11-05T15:00:00Z"), createdAt: new Date("2026-11-05T15:00:00Z") });
    const totals = await getDonationReportTotals({ actor: a.user, organizationId: a.organizationId, query: NOVEMBER });
    expect(totals).toMatchObject({ count: 6, completedCount: 6, completedCents: 2_500 + 5_000 + 12_500 + 100_000 + 500_000 });
    const page = await getDonationReportPage({ actor: a.user, organizationId: a.organizationId, query: NOVEMBER });
    const byId = new Map(page.donations.map((d) => [d.id, d]));
    expect(byId.get(ids.check)).toMatchObject({ paymentType: "Offline: Check", recordedOffline: true, amount: 12_500, donorEmail: "ada@example.org" });
    expect(byId.get(ids.daf)?.paymentType).toBe("Offline: Donor-advised fund grant");
    expect(byId.get(ids.in_kind)).toMatchObject({ paymentType: "Offline: In-kind", amount: 0 });
    expect(byId.get(online)).toMatchObject({ paymentType: "Card", recordedOffline: false });

    // The CSV keeps the spec's four columns (spec 9).
    const { stream } = await openDonationReportCsv({ actor: a.user, organizationId: a.organizationId, query: NOVEMBER });
    let csv = "";
    for await (const chunk of stream) csv += String(chunk);
    const lines = csv.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Date,Donor Email,Fundraiser,Amount USD");
    expect(lines).toHaveLength(7);
    expect(lines.every((l) => l.split(",").length === 4)).toBe(true);
    await h.db.delete(donations).where(eq(donations.id, online));
  });

  test("payment type labels", () => {
    expect(giftPaymentTypeLabel({ paymentMethodType: "card", offlineMethod: "stock" })).toBe("Offline: Stock");
    expect(giftPaymentTypeLabel({ paymentMethodType: "card", offlineMethod: "cash" })).toBe("Offline: Cash");
    expect(giftPaymentTypeLabel({ paymentMethodType: "paypal", offlineMethod: null })).toBe("PayPal");
  });

  afterAll(async () => {
    for (const id of Object.values(ids)) await deleteOfflineGift({ actor: a.user, donationId: id });
  });
});

test("payouts read the payments ledger only: an offline gift changes nothing there", async () => {
  const key: ApiKeyActor = { kind: "api_key", keyId: "test-key", organizationId: a.organizationId, scopes: ["read:payouts"] };
  const now = new Date("2026-11-20T00:00:00Z");
  const online = await makeGift(h.db, a.organizationId, null, { amountCents: 4_000, succeededAt: new Date("2026-11-10T15:00:00Z") });
  const query = { limit: 50 } as Parameters<typeof listPayouts>[0]["query"];
  const before = await listPayouts({ actor: key, query, now });
  expect(before.data.length).toBeGreaterThan(0);
  const { id } = await recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input: gift("cash", { amountCents: 77_700 }) });
  expect(await listPayouts({ actor: key, query, now })).toEqual(before);
  await deleteOfflineGift({ actor: a.user, donationId: id });
  await h.db.delete(donations).where(eq(donations.id, online));
});

test("a fundraiser's progress moves by the gift once, follows an edit, and goes back on delete; each change is audited", async () => {
  const start = { c1: await progress(fundraiserId), c2: await progress(otherFundraiserId) };
  const auditBefore = (await counts()).audit;
  const { id } = await recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input: gift("check", { campaignId: fundraiserId }) });
  expect(await progress(fundraiserId)).toBe(start.c1 + 12_500);

  await updateOfflineGift({ actor: a.user, donationId: id, input: gift("check", { campaignId: fundraiserId, amountCents: 20_000 }) });
  expect(await progress(fundraiserId)).toBe(start.c1 + 20_000);

  await updateOfflineGift({ actor: a.user, donationId: id, input: gift("check", { campaignId: otherFundraiserId, amountCents: 20_000 }) });
  expect({ c1: await progress(fundraiserId), c2: await progress(otherFundraiserId) }).toEqual({ c1: start.c1, c2: start.c2 + 20_000 });

  // Turned into in-kind property: no money, no progress.
  await updateOfflineGift({ actor: a.user, donationId: id, input: gift("in_kind", { campaignId: otherFundraiserId }) });
  expect(await progress(otherFundraiserId)).toBe(start.c2);
  await updateOfflineGift({ actor: a.user, donationId: id, input: gift("cash", { campaignId: otherFundraiserId, amountCents: 3_000 }) });
  expect(await progress(otherFundraiserId)).toBe(start.c2 + 3_000);

  await deleteOfflineGift({ actor: a.user, donationId: id });
  expect({ c1: await progress(fundraiserId), c2: await progress(otherFundraiserId) }).toEqual(start);
  expect(await stored(id)).toBeUndefined();

  const entries = await h.db.select().from(organizationAuditLog).where(eq(organizationAuditLog.subjectId, id)).orderBy(organizationAuditLog.createdAt);
  expect(entries.map((e) => e.action)).toEqual([OFFLINE_GIFT_AUDIT.recorded, OFFLINE_GIFT_AUDIT.updated, OFFLINE_GIFT_AUDIT.updated, OFFLINE_GIFT_AUDIT.updated, OFFLINE_GIFT_AUDIT.updated, OFFLINE_GIFT_AUDIT.deleted]);
  expect(entries.every((e) => e.organizationId === a.organizationId && e.actorUserId === a.user.id)).toBe(true);
  expect(entries[0]!.details).toEqual({ method: "check", amountCents: 12_500, receivedOn: "2026-11-10", campaignId: fundraiserId });
  expect(entries[1]!.details).toMatchObject({ before: { amountCents: 12_500 }, after: { amountCents: 20_000 } });
  // The audit log keeps no donor contact details.
  expect(JSON.stringify(entries.map((e) => e.details))).not.toContain("ada@example.org");
  expect((await counts()).audit).toBe(auditBefore + 6);
});

test("an email a previous gift shared names that existing donor", async () => {
  const previous = await makeGift(h.db, a.organizationId, donor.id, { donorName: "Dana Donor", donorEmail: "offline.donor@example.org", shareEmail: true, shareName: true });
  const { id, donorName } = await recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input: gift("cash", { donorName: "", donorEmail: "Offline.Donor@example.org" }) });
  expect(donorName).toBe("Dana Donor");
  expect((await stored(id))!.donorUserId).toBe(donor.id);
  await deleteOfflineGift({ actor: a.user, donationId: id });
  await h.db.delete(donations).where(eq(donations.id, previous));
});

describe("the routes", () => {
  const post = (user: Actor | undefined, json: unknown, organizationId = a.organizationId) =>
    call(recordRoute, { method: "POST", url: `/api/organizations/${organizationId}/offline-gifts`, params: { id: organizationId }, json, user });
  const put = (user: Actor | undefined, id: string, json: unknown) => call(updateRoute, { method: "PUT", url: `/api/offline-gifts/${id}`, params: { id }, json, user });
  const del = (user: Actor | undefined, id: string) => call(deleteRoute, { method: "DELETE", url: `/api/offline-gifts/${id}`, params: { id }, user });
  const get = (user: Actor | undefined, id: string) => call(getRoute, { url: `/api/offline-gifts/${id}`, params: { id }, user });

  test("a member records, corrects and deletes an offline gift", async () => {
    const created = await post(a.user, gift("check"));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = await get(a.user, id);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({
      id,
      organizationId: a.organizationId,
      method: "check",
      receivedOn: "2026-11-10",
      amountCents: 12_500,
      campaignId: null,
      details: { checkNumber: "1234" },
      donorName: "Ada Lovelace",
      donorEmail: "ada@example.org",
    });
    const updated = await put(a.user, id, gift("check", { checkNumber: "987" }));
    expect(updated.status).toBe(200);
    expect((await stored(id))!.offlineDetails).toEqual({ checkNumber: "987" });
    expect((await del(a.user, id)).status).toBe(200);
    expect(await stored(id)).toBeUndefined();
  });

  test("another organization's user, a donor and a guest are refused and nothing is written", async () => {
    const { id } = await recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input: gift("cash", { campaignId: fundraiserId }) });
    const before = { counts: await counts(), row: await stored(id), progress: await progress(fundraiserId) };
    expect((await post(b.user, gift("cash"))).status).toBe(403);
    expect((await post(donor, gift("cash"))).status).toBe(403);
    expect((await post(undefined, gift("cash"))).status).toBe(401);
    expect((await get(b.user, id)).status).toBe(404);
    expect((await get(donor, id)).status).toBe(403);
    expect((await put(b.user, id, gift("cash", { amountCents: 1 }))).status).toBe(404);
    expect((await del(b.user, id)).status).toBe(404);
    expect((await put(donor, id, gift("cash", { amountCents: 1 }))).status).toBe(403);
    expect((await del(donor, id)).status).toBe(403);
    expect((await put(undefined, id, gift("cash", { amountCents: 1 }))).status).toBe(401);
    expect((await del(undefined, id)).status).toBe(401);
    // The services refuse the same callers on their own.
    await expect(updateOfflineGift({ actor: b.user, donationId: id, input: gift("cash") })).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteOfflineGift({ actor: donor, donationId: id })).rejects.toMatchObject({ code: "not_found" });
    await expect(recordOfflineGift({ actor: b.user, organizationId: a.organizationId, input: gift("cash") })).rejects.toMatchObject({ code: "forbidden" });
    expect({ counts: await counts(), row: await stored(id), progress: await progress(fundraiserId) }).toEqual(before);
    await deleteOfflineGift({ actor: a.user, donationId: id });
  });

  test("a gift made online cannot be corrected or deleted here (409)", async () => {
    const online = await makeGift(h.db, a.organizationId, null, { fundraiserId, amountCents: 3_000 });
    const before = { counts: await counts(), row: await stored(online) };
    for (const res of [await put(a.user, online, gift("cash")), await del(a.user, online)]) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(m.notOffline);
    }
    expect({ counts: await counts(), row: await stored(online) }).toEqual(before);
    await h.db.delete(donations).where(eq(donations.id, online));
  });

  test.each([
    ["a negative amount", gift("cash", { amountCents: -500 }), "amountCents", m.amountInvalid],
    ["a fraction of a cent", gift("cash", { amountCents: 10.5 }), "amountCents", m.amountInvalid],
    ["no amount for cash", gift("cash", { amountCents: null }), "amountCents", m.amountRequired],
    ["an amount for in-kind property", gift("in_kind", { amountCents: 10_000 }), "amountCents", m.inKindNoAmount],
    ["a check without its number", gift("check", { checkNumber: " " }), "checkNumber", m.checkNumberRequired],
    ["a DAF grant without the fund's name", gift("daf", { fundName: "" }), "fundName", m.fundNameRequired],
    ["stock without shares", gift("stock", { shares: "0" }), "shares", m.sharesInvalid],
    ["in-kind property without a description", gift("in_kind", { description: "" }), "description", m.descriptionRequired],
    ["a future date", gift("cash", { receivedOn: "2999-01-01" }), "receivedOn", m.receivedOnFuture],
    ["a date that does not exist", gift("cash", { receivedOn: "2026-02-30" }), "receivedOn", m.receivedOnInvalid],
    ["an email without the donor's consent", gift("cash", { donorConsent: false }), "donorConsent", m.consentRequired],
    ["no donor", gift("cash", { donorName: "", donorEmail: "" }), "donorName", m.donorRequired],
    ["an unknown method", gift("cash", { method: "bitcoin" }), "method", m.methodRequired],
    ["another organization's fundraiser", gift("cash", { campaignId: "no-such-campaign" }), "campaignId", m.fundraiserNotFound],
  ])("%s is refused with 422 and its message, and nothing is written", async (_name, body, field, message) => {
    const before = await counts();
    const res = await post(a.user, body);
    expect(res.status).toBe(422);
    const json = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(json.fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  test("a bad correction is refused with 422 and the gift stays as it was", async () => {
    const { id } = await recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input: gift("check", { campaignId: fundraiserId }) });
    const before = { counts: await counts(), row: await stored(id), progress: await progress(fundraiserId) };
    const res = await put(a.user, id, gift("check", { amountCents: -1, campaignId: fundraiserId }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(m.amountInvalid);
    expect({ counts: await counts(), row: await stored(id), progress: await progress(fundraiserId) }).toEqual(before);
    await deleteOfflineGift({ actor: a.user, donationId: id });
  });
});
