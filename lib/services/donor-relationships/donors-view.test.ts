/**
 * The Donors view against the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): who
 * forms a row (only from what was shared, anonymous gifts as one line), revoking, each segment's
 * count on a history over four calendar years in the organization's time zone, "gave at least",
 * search, sort, paging, a donor's page, the private notes and tags (and who may read and write
 * them), and the CSV.
 */
import { parse } from "csv-parse/sync";
import type { Actor } from "@/lib/auth/actor";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import type { DatabaseHandle } from "@/lib/db/client";
import { recordOfflineGift } from "@/lib/services/donations/offline-gifts";
import { makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit, type GiftOptions } from "@/lib/testing/service-fixtures";
import { DEFAULT_DONORS_QUERY, parseDonorsQuery, type DonorsQuery } from "@/lib/validations/donor-relationships";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, donorNotes, organizations, recurringGifts } from "@/models";
import { eq } from "drizzle-orm";
import { PUT as notesRoute } from "@/app/api/(app)/organizations/[id]/donors/notes/route";
import { GET as csvRoute } from "@/app/api/(app)/organizations/[id]/donors.csv/route";
import { saveDonorNote } from "./donor-notes";
import { exportDonorsCsv, getDonor, listDonors } from "./donors-view";

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let b: ClaimedNonprofit;
let donor: Actor;

/** "Now" of the tests: June 15, 2026; the organization is in California (America/Los_Angeles). */
const NOW = new Date("2026-06-15T19:00:00Z");
const m = messages.donors;
const at = (iso: string) => new Date(iso);
const q = (over: Partial<DonorsQuery> = {}): DonorsQuery => ({ ...DEFAULT_DONORS_QUERY, ...over });
const list = (over: Partial<DonorsQuery> = {}, organizationId = a.organizationId, actor: Actor | null = a.user) => listDonors({ actor, organizationId, query: q(over), now: NOW });

/** A succeeded online gift on `iso` sharing what `share` says. */
async function gift(organizationId: string, iso: string, amountCents: number, donorFields: GiftOptions) {
  return makeGift(h.db, organizationId, null, { amountCents, createdAt: at(iso), succeededAt: at(iso), ...donorFields });
}
const byEmail = (name: string, email: string, extra: GiftOptions = {}): GiftOptions => ({ donorName: name, donorEmail: email, shareName: true, shareEmail: true, ...extra });

async function monthlyGift(organizationId: string, status: "active" | "canceled", pastDueAt: Date | null = null) {
  const [row] = await h.db.insert(recurringGifts).values({ organizationId, amountCents: 800, provider: "sandbox", status, pastDueAt }).returning({ id: recurringGifts.id });
  return row!.id;
}

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-donors-view-0123456789" });
  ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Donor Valley Food Bank", "Other Coast Shelter"], "donors.view.donor@example.org"));
  await h.db.update(organizations).set({ state: "CA", city: "Fresno" }).where(eq(organizations.id, a.organizationId));
  const [fundraiser] = await h.db.insert(fundraisers).values({ organizationId: a.organizationId, name: "Winter Meals", goalCents: 1_000_000 }).returning({ id: fundraisers.id });
  const A = a.organizationId;

  // Alice: 2024, 2025 and 2026, one gift with her email in capitals, one refunded, one failed.
  await gift(A, "2024-03-10T18:00:00Z", 10_000, byEmail("Alice Archer", "alice@example.org", { shareTelephone: true, donorTelephone: "5550001111" }));
  await gift(A, "2025-05-10T18:00:00Z", 5_000, byEmail("Alice Archer", "Alice@Example.org"));
  await gift(A, "2026-02-10T18:00:00Z", 2_500, byEmail("Alice Archer", "alice@example.org", { fundraiserId: fundraiser!.id, shareLocation: true, donorCity: "Fresno", donorState: "CA" }));
  await gift(A, "2026-03-10T18:00:00Z", 9_999, byEmail("Alice Archer", "alice@example.org", { status: "refunded", refundedAt: at("2026-03-11T18:00:00Z") }));
  await gift(A, "2026-04-10T18:00:00Z", 7_777, byEmail("Alice Archer", "alice@example.org", { status: "failed" }));
  // Bob: 2025, and 2026-01-01 05:00 UTC, which is still December 31, 2025 in California: LYBUNT.
  await gift(A, "2025-04-02T18:00:00Z", 20_000, byEmail("Bob Baker", "bob@example.org"));
  await gift(A, "2026-01-01T05:00:00Z", 1_000, byEmail("Bob Baker", "bob@example.org"));
  // Carol shared her name only, in 2023: SYBUNT, a name row without email.
  await gift(A, "2023-06-01T18:00:00Z", 30_000, { donorName: "Carol Jones", donorEmail: "carol@example.org", shareName: true, shareEmail: false });
  // Dan: first gift this year, an active monthly gift: new and recurring.
  const dansMonthly = await monthlyGift(A, "active");
  await gift(A, "2026-03-05T18:00:00Z", 4_000, byEmail("Dan Diaz", "dan@example.org", { recurringGiftId: dansMonthly }));
  // Eve: a canceled monthly gift in 2025: lapsed recurring and LYBUNT.
  const evesMonthly = await monthlyGift(A, "canceled");
  await gift(A, "2025-02-05T18:00:00Z", 1_500, byEmail("Eve Evans", "eve@example.org", { recurringGiftId: evesMonthly }));
  // Hal: an active monthly gift that is past due: lapsed recurring.
  const halsMonthly = await monthlyGift(A, "active", at("2026-06-01T00:00:00Z"));
  await gift(A, "2025-11-05T18:00:00Z", 800, byEmail("Hal Hughes", "hal@example.org", { recurringGiftId: halsMonthly }));
  await gift(A, "2026-05-05T18:00:00Z", 800, byEmail("Hal Hughes", "hal@example.org", { recurringGiftId: halsMonthly }));
  // Grace: a check recorded offline in 2024: SYBUNT.
  await recordOfflineGift({ actor: a.user, organizationId: A, input: { method: "check", amountCents: 12_500, checkNumber: "881", receivedOn: "2024-09-10", donorName: "Grace Green", donorEmail: "grace@example.org", donorConsent: true } });
  // Anonymous: a gift that shared everything but asked to be anonymous, one that shared nothing.
  await gift(A, "2026-04-01T18:00:00Z", 1_500, byEmail("Ann Onymous", "ann@example.org", { anonymous: true, shareLocation: true }));
  await gift(A, "2026-04-02T18:00:00Z", 2_000, {});
  // Another organization's donor, who also gave to B.
  await gift(b.organizationId, "2026-02-01T18:00:00Z", 99_900, byEmail("Zed Other", "zed@example.org"));
}, 120_000);

afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined });
});

describe("grouping and anonymity", () => {
  test("one row per donor who shared a name or email, with lifetime, first and last gift, count, largest gift and shared fields", async () => {
    const page = await list();
    expect(page.donors.map((d) => d.name)).toEqual(["Carol Jones", "Bob Baker", "Alice Archer", "Grace Green", "Dan Diaz", "Hal Hughes", "Eve Evans"]);
    expect(page.total).toBe(7);
    const alice = page.donors.find((d) => d.name === "Alice Archer")!;
    expect(alice).toMatchObject({
      donorKey: "email:alice@example.org",
      email: "alice@example.org",
      lifetimeCents: 17_500,
      giftCount: 3,
      largestGiftCents: 10_000,
      firstGiftAt: "2024-03-10T18:00:00.000Z",
      lastGiftAt: "2026-02-10T18:00:00.000Z",
      monthly: "none",
      // The latest gift shared the location but not the telephone the first one shared.
      location: "Fresno, CA",
      telephone: null,
      gender: null,
      ageRange: null,
    });
    const carol = page.donors.find((d) => d.name === "Carol Jones")!;
    expect(carol).toMatchObject({ donorKey: "name:Carol Jones", email: null, lifetimeCents: 30_000 });
    expect(page.donors.find((d) => d.name === "Grace Green")).toMatchObject({ email: "grace@example.org", lifetimeCents: 12_500, giftCount: 1 });
    expect(page.donors.find((d) => d.name === "Dan Diaz")!.monthly).toBe("active");
    expect(page.donors.find((d) => d.name === "Eve Evans")!.monthly).toBe("lapsed");
    expect(page.donors.find((d) => d.name === "Hal Hughes")!.monthly).toBe("lapsed");
  });

  test("gifts that shared neither name nor email, or asked to be anonymous, are one line and never rows", async () => {
    const page = await list();
    expect(page.anonymous).toEqual({ giftCount: 2, totalCents: 3_500 });
    const shown = JSON.stringify(page.donors);
    expect(shown).not.toContain("Ann Onymous");
    expect(shown).not.toContain("ann@example.org");
    expect(shown).not.toContain("Dana Donor");
    expect(shown).not.toContain("dana@example.org");
    expect((await list({ search: "dana" })).total).toBe(0);
  });

  test("another organization's donors are not listed", async () => {
    expect(JSON.stringify(await list())).not.toContain("zed@example.org");
    expect((await list({}, b.organizationId, b.user)).donors.map((d) => d.email)).toEqual(["zed@example.org"]);
  });
});

describe("segments in the organization's time zone", () => {
  test("each segment's count", async () => {
    const { segments } = await list();
    expect(segments).toEqual({ all: 7, new: 1, recurring: 1, lybunt: 2, sybunt: 2, lapsedRecurring: 2, atLeast: null });
  });

  test("each segment's donors", async () => {
    const names = async (segment: DonorsQuery["segment"]) => (await list({ segment, sort: "name" })).donors.map((d) => d.name);
    expect(await names("new")).toEqual(["Dan Diaz"]);
    expect(await names("recurring")).toEqual(["Dan Diaz"]);
    expect(await names("lybunt")).toEqual(["Bob Baker", "Eve Evans"]);
    expect(await names("sybunt")).toEqual(["Carol Jones", "Grace Green"]);
    expect(await names("lapsedRecurring")).toEqual(["Eve Evans", "Hal Hughes"]);
  });

  test("a new year moves donors between segments: in 2027, this year's donors are LYBUNT", async () => {
    const { segments } = await listDonors({ actor: a.user, organizationId: a.organizationId, query: q(), now: new Date("2027-01-15T12:00:00Z") });
    // Gave in 2026: Alice, Dan, Hal; Bob's last gift is still 2025 in California.
    expect(segments).toMatchObject({ new: 0, lybunt: 3, sybunt: 4 });
  });

  test("gave at least $X: lifetime giving in dollars from the URL, counted and filtered", async () => {
    const parsed = parseDonorsQuery(new URLSearchParams({ min: "150" }));
    expect(parsed.query?.minCents).toBe(15_000);
    const page = await list({ minCents: parsed.query!.minCents });
    expect(page.segments.atLeast).toBe(3);
    expect(page.donors.map((d) => d.name)).toEqual(["Carol Jones", "Bob Baker", "Alice Archer"]);
    expect((await list({ minCents: 17_500 })).donors.map((d) => d.name)).toEqual(["Carol Jones", "Bob Baker", "Alice Archer"]);
    expect((await list({ minCents: 17_501, segment: "lybunt" })).donors.map((d) => d.name)).toEqual(["Bob Baker"]);
    expect(parseDonorsQuery(new URLSearchParams({ min: "-5" })).error).toBe(m.minAmountInvalid);
    expect(parseDonorsQuery(new URLSearchParams({ min: "1.005" })).error).toBe(m.minAmountInvalid);
    expect(parseDonorsQuery(new URLSearchParams({ segment: "whales" })).error).toBe(m.segmentInvalid);
  });
});

describe("search, sort and paging", () => {
  test("search by name or email, case-insensitive, on shared fields only", async () => {
    expect((await list({ search: "ALICE" })).donors.map((d) => d.name)).toEqual(["Alice Archer"]);
    expect((await list({ search: "bob@EXAMPLE" })).donors.map((d) => d.name)).toEqual(["Bob Baker"]);
    // Carol did not share her email: it does not find her.
    expect((await list({ search: "carol@" })).total).toBe(0);
    // LIKE's wildcards and escape character are searched as themselves.
    expect((await list({ search: "%" })).total).toBe(0);
    expect((await list({ search: "_" })).total).toBe(0);
    expect((await list({ search: "a_ice" })).total).toBe(0);
    expect((await list({ search: "\\" })).total).toBe(0);
    expect((await list({ search: "e a" })).donors.map((d) => d.name)).toEqual(["Alice Archer"]);
  });

  test("sort by last gift and by name", async () => {
    expect((await list({ sort: "lastGift" })).donors.map((d) => d.name)).toEqual(["Hal Hughes", "Dan Diaz", "Alice Archer", "Bob Baker", "Eve Evans", "Grace Green", "Carol Jones"]);
    expect((await list({ sort: "name" })).donors.map((d) => d.name)).toEqual(["Alice Archer", "Bob Baker", "Carol Jones", "Dan Diaz", "Eve Evans", "Grace Green", "Hal Hughes"]);
  });

  test("50 donors a page", async () => {
    const C = b.organizationId;
    for (let i = 0; i < 55; i++) await gift(C, "2026-03-01T18:00:00Z", 100 + i, byEmail(`Page Donor ${i}`, `page${i}@example.org`));
    const first = await list({}, C, b.user);
    const second = await list({ page: 2 }, C, b.user);
    expect(first.donors).toHaveLength(50);
    expect(second.donors).toHaveLength(6);
    expect(first.total).toBe(56);
    expect(second.total).toBe(56);
    expect(new Set([...first.donors, ...second.donors].map((d) => d.donorKey)).size).toBe(56);
    expect((await list({ page: 3 }, C, b.user))).toMatchObject({ donors: [], total: 56 });
  });
});

describe("revoking", () => {
  test("each gift counts only under what it shares: one sharing nothing is in the anonymous line, never in the earlier row; one sharing only the name is a name row", async () => {
    const B = b.organizationId;
    const first = await gift(B, "2025-03-01T18:00:00Z", 6_000, byEmail("Frank Fisher", "frank@example.org"));
    expect((await list({ search: "frank" }, B, b.user)).donors.map((d) => d.donorKey)).toEqual(["email:frank@example.org"]);
    const before = (await list({}, B, b.user)).anonymous;

    await gift(B, "2026-04-01T18:00:00Z", 7_000, { donorName: "Frank Fisher", donorEmail: "FRANK@example.org" });
    const after = await list({}, B, b.user);
    expect(after.anonymous).toEqual({ giftCount: before.giftCount + 1, totalCents: before.totalCents + 7_000 });
    const frank = await getDonor({ actor: b.user, organizationId: B, donorKey: "email:frank@example.org", now: NOW });
    expect(frank.donor).toMatchObject({ lifetimeCents: 6_000, giftCount: 1, lastGiftAt: "2025-03-01T18:00:00.000Z" });
    expect(frank.gifts.map((g) => g.amountCents)).toEqual([6_000]);

    await gift(B, "2026-05-01T18:00:00Z", 1_000, { donorName: "Frank Fisher", donorEmail: "frank@example.org", shareName: true });
    const named = (await list({ search: "frank" }, B, b.user)).donors;
    expect(named.map((d) => [d.donorKey, d.email, d.lifetimeCents, d.giftCount])).toEqual([
      ["email:frank@example.org", "frank@example.org", 6_000, 1],
      ["name:Frank Fisher", null, 1_000, 1],
    ]);

    // A donor who stops sharing on the gift itself disappears from the row at once.
    await h.db.update(donations).set({ shareEmail: false, shareName: false }).where(eq(donations.id, first));
    await expect(getDonor({ actor: b.user, organizationId: B, donorKey: "email:frank@example.org", now: NOW })).rejects.toMatchObject({ status: 404, message: m.notFound });
    expect((await exportDonorsCsv({ actor: b.user, organizationId: B, query: q(), now: NOW })).csv).not.toContain("frank@");
    expect((await list({}, B, b.user)).anonymous).toEqual({ giftCount: before.giftCount + 2, totalCents: before.totalCents + 13_000 });
  });
});

describe("a donor's page", () => {
  test("their gifts to this organization, newest first, online and offline, refunded ones marked", async () => {
    const detail = await getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: "email:alice@example.org", now: NOW });
    expect(detail.timeZone).toBe("America/Los_Angeles");
    expect(detail.gifts.map((g) => [g.at, g.amountCents, g.status, g.fundraiser, g.offlineMethod])).toEqual([
      ["2026-03-10T18:00:00.000Z", 9_999, "refunded", "Direct Donation", null],
      ["2026-02-10T18:00:00.000Z", 2_500, "succeeded", "Winter Meals", null],
      ["2025-05-10T18:00:00.000Z", 5_000, "succeeded", "Direct Donation", null],
      ["2024-03-10T18:00:00.000Z", 10_000, "succeeded", "Direct Donation", null],
    ]);
    const grace = await getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: "email:grace@example.org", now: NOW });
    expect(grace.gifts).toEqual([expect.objectContaining({ amountCents: 12_500, offlineMethod: "check", status: "succeeded" })]);
    await expect(getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: "email:ann@example.org" })).rejects.toMatchObject({ status: 404 });
    await expect(getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: "nobody" })).rejects.toMatchObject({ status: 404, message: m.donorKeyInvalid });
  });
});

describe("notes and tags", () => {
  const KEY = "email:alice@example.org";
  const put = (user: Actor | undefined, json: unknown, organizationId = a.organizationId) =>
    call(notesRoute, { method: "PUT", url: `/api/organizations/${organizationId}/donors/notes`, params: { id: organizationId }, json, user });

  test("a member saves a note and tags; the tags show on the row, the note only on the donor's page", async () => {
    const res = await put(a.user, { donorKey: KEY, note: "Met at the gala.", tags: [" board ", "Board", "gala 2026"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ donorKey: KEY, note: "Met at the gala.", tags: ["board", "gala 2026"] });
    const detail = await getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: KEY, now: NOW });
    expect(detail).toMatchObject({ note: "Met at the gala.", tags: ["board", "gala 2026"] });
    const row = (await list({ search: "alice" })).donors[0]!;
    expect(row.tags).toEqual(["board", "gala 2026"]);
    expect(JSON.stringify(row)).not.toContain("gala.");
    // Saving again replaces both.
    await saveDonorNote({ actor: a.user, organizationId: a.organizationId, input: { donorKey: KEY, note: "Prefers email.", tags: [] } });
    expect(await getDonor({ actor: a.user, organizationId: a.organizationId, donorKey: KEY, now: NOW })).toMatchObject({ note: "Prefers email.", tags: [] });
  });

  test("another organization's member, a donor and a guest can neither write nor read them", async () => {
    await saveDonorNote({ actor: a.user, organizationId: a.organizationId, input: { donorKey: KEY, note: "Private to A.", tags: ["vip"] } });
    expect((await put(b.user, { donorKey: KEY, note: "B was here", tags: [] })).status).toBe(403);
    expect((await put(donor, { donorKey: KEY, note: "x", tags: [] })).status).toBe(403);
    expect((await put(undefined, { donorKey: KEY, note: "x", tags: [] })).status).toBe(401);
    await expect(getDonor({ actor: b.user, organizationId: a.organizationId, donorKey: KEY })).rejects.toMatchObject({ status: 403 });
    await expect(listDonors({ actor: b.user, organizationId: a.organizationId, query: q() })).rejects.toMatchObject({ status: 403 });
    await expect(listDonors({ actor: null, organizationId: a.organizationId, query: q() })).rejects.toMatchObject({ status: 401 });
    await expect(exportDonorsCsv({ actor: donor, organizationId: a.organizationId, query: q() })).rejects.toMatchObject({ status: 403 });
    const rows = await h.db.select().from(donorNotes).where(eq(donorNotes.donorKey, KEY));
    expect(rows.map((r) => [r.organizationId, r.note])).toEqual([[a.organizationId, "Private to A."]]);
    // B writing under its own organization for A's donor: not a donor of B.
    expect((await put(b.user, { donorKey: KEY, note: "x", tags: [] }, b.organizationId)).status).toBe(404);
  });

  test("bad input is refused with its message and writes nothing", async () => {
    const cases: [unknown, string][] = [
      [{ donorKey: KEY, note: "x".repeat(5_001), tags: [] }, m.noteTooLong],
      [{ donorKey: KEY, note: "", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, m.tooManyTags],
      [{ donorKey: KEY, note: "", tags: ["   "] }, m.tagInvalid],
      [{ donorKey: KEY, note: "", tags: ["x".repeat(41)] }, m.tagInvalid],
      [{ donorKey: "alice@example.org", note: "", tags: [] }, m.donorKeyInvalid],
    ];
    for (const [json, message] of cases) {
      const res = await put(a.user, json);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message?: string; error?: string }).message ?? "").toBe(message);
    }
    const notFound = await put(a.user, { donorKey: "email:nobody@example.org", note: "", tags: [] });
    expect(notFound.status).toBe(404);
    expect((await h.db.select().from(donorNotes).where(eq(donorNotes.donorKey, "email:nobody@example.org")))).toEqual([]);
  });
});

describe("the CSV", () => {
  const get = (user: Actor | undefined, query = "", organizationId = a.organizationId) =>
    call(csvRoute, { url: `/api/organizations/${organizationId}/donors.csv${query}`, params: { id: organizationId }, user });

  test("every donor with the filters, amounts in dollars, dates in UTC, shared fields and tags, never the note", async () => {
    await saveDonorNote({ actor: a.user, organizationId: a.organizationId, input: { donorKey: "email:alice@example.org", note: "Never in the CSV", tags: ["vip"] } });
    const res = await get(a.user);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="donors-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    expect(text).not.toContain("Never in the CSV");
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(8);
    expect(rows.find((r) => r.Name === "Alice Archer")).toEqual({
      Name: "Alice Archer",
      Email: "alice@example.org",
      "Lifetime USD": "175.00",
      Gifts: "3",
      "Largest Gift USD": "100.00",
      "First Gift (UTC)": "2024-03-10T18:00:00Z",
      "Last Gift (UTC)": "2026-02-10T18:00:00Z",
      "Monthly Gift": "",
      Telephone: "",
      Location: "Fresno, CA",
      Gender: "",
      "Age Range": "",
      Tags: "vip",
    });
    expect(rows.at(-1)).toMatchObject({ Name: "Anonymous donors", Email: "", "Lifetime USD": "35.00", Gifts: "2" });
    expect(text).not.toContain("ann@example.org");
  });

  test("the view's filters apply; a bad filter is a 400 with its message", async () => {
    const rows = parse(await (await get(a.user, "?segment=lybunt&sort=name")).text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Name, r["Monthly Gift"]])).toEqual([
      ["Bob Baker", ""],
      ["Eve Evans", "Lapsed"],
    ]);
    const bad = await get(a.user, "?min=abc");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(m.minAmountInvalid);
  });

  test("cells that start like a formula are neutralized", async () => {
    await gift(b.organizationId, "2026-02-01T18:00:00Z", 500, { donorName: "=HYPERLINK(\"http://x\")", shareName: true, donorEmail: null });
    const text = await (await get(b.user, "?q=hyperlink", b.organizationId)).text();
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Name)).toEqual(["'=HYPERLINK(\"http://x\")"]);
  });

  test("another organization's member, a donor and a guest get no CSV", async () => {
    expect((await get(b.user)).status).toBe(403);
    expect((await get(donor)).status).toBe(403);
    expect((await get(undefined)).status).toBe(401);
  });
});
