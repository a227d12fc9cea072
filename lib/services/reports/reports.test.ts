import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { ZodError } from "zod";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { errorResponse } from "@/lib/http/route";
import { makeDonor, makeGift, makeNonprofit, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { budgetUpdateSchema, parseReportQuery, type ReportQuery } from "@/lib/validations/report";
import { fundraiserBudgetLines, fundraisers, recurringGifts } from "@/models";
import { getDonationAnalytics } from "./analytics";
import { listFundraiserBudgets, saveFundraiserBudget } from "./budgets";
import { emailDonorReport, openDonationReportCsv, reportCsvFilename } from "./donation-csv";
import { displayDonationStatus } from "@/lib/donations/labels";
import { getDonationReportPage, getDonationReportTotals, getDonorDonations, getReportTimeZone, reportRange } from "./donation-report";
import { listPublishedBudgets } from "./published-budgets";

let h: DatabaseHandle;
let np: { organizationId: string; user: Actor };
let other: { organizationId: string; user: Actor };
let dana: Actor;
let fundraiserId: string;
let otherFundraiserId: string;

/** The report's "now": 15 June 2026, noon UTC. */
const now = new Date(Date.UTC(2026, 5, 15, 12));
const at = (y: number, m: number, d: number, hh = 12, mm = 0) => new Date(Date.UTC(y, m - 1, d, hh, mm));
const ytd: ReportQuery = { duration: "yearToDate", fundraiser: "all" };
const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

async function readAll(stream: Readable): Promise<string> {
  let out = "";
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

beforeAll(async () => {
  h = await createTestDatabase();
  np = await makeNonprofit(h.db, "Vermont Foodbank");
  other = await makeNonprofit(h.db, "Lake Champlain Land Trust");
  dana = await makeDonor("dana@example.org");
  [{ id: fundraiserId }] = (await h.db.insert(fundraisers).values({ organizationId: np.organizationId, name: "Winter Meals", goalCents: 500_000, progressCents: 12_000 }).returning({ id: fundraisers.id })) as [{ id: string }];
  [{ id: otherFundraiserId }] = (await h.db.insert(fundraisers).values({ organizationId: other.organizationId, name: "Trails", goalCents: 100_000 }).returning({ id: fundraisers.id })) as [{ id: string }];

  // This year (2026), inside month to date (June).
  await makeGift(h.db, np.organizationId, dana.id, { amountCents: 5_000, fundraiserId, createdAt: at(2026, 6, 10), shareEmail: true, donorEmail: "dana@example.org" });
  await makeGift(h.db, np.organizationId, null, { amountCents: 1_500, createdAt: at(2026, 6, 2), status: "failed", failureReason: "Your card was declined.", shareEmail: true, donorEmail: "fail@example.org" });
  // This year, before June.
  await makeGift(h.db, np.organizationId, null, { amountCents: 2_000, createdAt: at(2026, 3, 1), shareEmail: false, donorEmail: "hidden@example.org" });
  await makeGift(h.db, np.organizationId, null, { amountCents: 3_000, fundraiserId, createdAt: at(2026, 2, 1), shareEmail: true, anonymous: true, donorEmail: "anon@example.org" });
  await makeGift(h.db, np.organizationId, null, { amountCents: 700, createdAt: at(2026, 1, 5), status: "requires_action", shareEmail: true, donorEmail: "ach@example.org" });
  // Last year: only in a custom range.
  await makeGift(h.db, np.organizationId, dana.id, { amountCents: 9_900, createdAt: at(2025, 12, 31, 23, 59), shareEmail: true, donorEmail: "dana@example.org" });
  // Another organization's gift.
  await makeGift(h.db, other.organizationId, dana.id, { amountCents: 777, createdAt: at(2026, 6, 1), shareEmail: true, donorEmail: "dana@example.org" });
}, 120_000);
afterAll(() => h.close());

describe("report filters and table", () => {
  test("year to date (default) lists this year's gifts newest first with the spec's status labels", async () => {
    const page = await getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: ytd, now });
    expect(page.donations.map((d) => d.amount)).toEqual([5_000, 1_500, 2_000, 3_000, 700]);
    expect(page.donations.map((d) => d.statusLabel)).toEqual(["Completed", "Failed", "Completed", "Completed", "Pending Verification"]);
    expect(page.donations[1]).toMatchObject({ status: "failed", reason: "Your card was declined.", fundraiser: "Direct Donation", campaignID: null });
    expect(page.donations[0]).toMatchObject({ fundraiser: "Winter Meals", campaignID: fundraiserId });
    expect(page.donations.every((d, i, a) => i === 0 || a[i - 1]!.createdAt >= d.createdAt)).toBe(true);
    expect(page.nextCursor).toBeNull();
  });

  test("month to date and a custom range (end day included, UTC)", async () => {
    const mtd = await getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: { duration: "monthToDate", fundraiser: "all" }, now });
    expect(mtd.donations.map((d) => d.amount)).toEqual([5_000, 1_500]);
    const dec = await getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: { duration: "customRange", fundraiser: "all", startDate: "2025-12-31", endDate: "2025-12-31" }, now });
    expect(dec.donations.map((d) => d.amount)).toEqual([9_900]);
    const span = await getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: { duration: "customRange", fundraiser: "all", startDate: "2025-12-01", endDate: "2026-02-01" }, now });
    expect(span.donations.map((d) => d.amount)).toEqual([3_000, 700, 9_900]);
    expect(reportRange({ query: { duration: "customRange", fundraiser: "all", startDate: "2026-01-01", endDate: "2026-01-31" } }).to?.toISOString()).toBe("2026-02-01T00:00:00.000Z");
  });

  test("fundraiser filter: all, nonFundraiser, one campaign; another organization's campaign is not found", async () => {
    const direct = await getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: { duration: "yearToDate", fundraiser: "nonFundraiser" }, now });
    expect(direct.donations.map((d) => d.amount)).toEqual([1_500, 2_000, 700]);
    const one = await getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: { duration: "yearToDate", fundraiser: fundraiserId }, now });
    expect(one.donations.map((d) => d.amount)).toEqual([5_000, 3_000]);
    const foreign = await err(getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: { duration: "yearToDate", fundraiser: otherFundraiserId }, now }));
    expect(foreign).toMatchObject({ status: 404, message: messages.reports.fundraiserNotFound });
  });

  test("the total counts completed gifts only", async () => {
    const t = await getDonationReportTotals({ actor: np.user, organizationId: np.organizationId, query: ytd, now });
    expect(t).toEqual({ count: 5, completedCount: 3, completedCents: 10_000, ticketRevenueCents: 0, ticketSales: 0 });
  });

  test("keyset paging returns every row once, even for gifts made at the same instant", async () => {
    const same = at(2026, 4, 4);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await makeGift(h.db, other.organizationId, null, { amountCents: 100 + i, createdAt: same }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof getDonationReportPage>> = await getDonationReportPage({ actor: other.user, organizationId: other.organizationId, query: ytd, now, limit: 2, cursor });
      expect(page.donations.length).toBeLessThanOrEqual(2);
      seen.push(...page.donations.map((d) => d.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    expect(ids.every((id) => seen.includes(id))).toBe(true);
    expect((await err(getDonationReportPage({ actor: other.user, organizationId: other.organizationId, query: ytd, cursor: "bm9wZQ" })))?.status).toBe(400);
  });

  test("a donor email appears only when shared and not anonymous, nowhere else", async () => {
    const page = await getDonationReportPage({ actor: np.user, organizationId: np.organizationId, query: ytd, now });
    expect(page.donations.map((d) => d.donorEmail)).toEqual(["dana@example.org", "fail@example.org", null, null, "ach@example.org"]);
    const json = JSON.stringify(page);
    expect(json).not.toContain("hidden@example.org");
    expect(json).not.toContain("anon@example.org");
  });
});

describe("access", () => {
  test("another nonprofit, a donor and a visitor are refused", async () => {
    expect((await err(getDonationReportPage({ actor: other.user, organizationId: np.organizationId, query: ytd })))?.status).toBe(403);
    expect((await err(getDonationReportPage({ actor: dana, organizationId: np.organizationId, query: ytd })))?.status).toBe(403);
    expect((await err(getDonationReportPage({ actor: null, organizationId: np.organizationId, query: ytd })))?.status).toBe(401);
    expect((await err(getDonationReportTotals({ actor: other.user, organizationId: np.organizationId, query: ytd })))?.status).toBe(403);
    expect((await err(openDonationReportCsv({ actor: other.user, organizationId: np.organizationId, query: ytd })))?.status).toBe(403);
    expect((await err(emailDonorReport({ actor: other.user, organizationId: np.organizationId, query: ytd })))?.status).toBe(403);
    expect((await err(getDonationAnalytics({ actor: other.user, organizationId: np.organizationId, query: ytd })))?.status).toBe(403);
    expect((await err(getDonorDonations({ actor: other.user, organizationId: np.organizationId, donor: dana.id })))?.status).toBe(403);
  });
});

describe("query validation", () => {
  const first = (fn: () => unknown): string | null => {
    try {
      fn();
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(ZodError);
      return (e as ZodError).issues[0]!.message;
    }
  };

  test("a report needs a duration and a fundraiser; custom ranges need valid, ordered dates", async () => {
    expect(first(() => parseReportQuery(new URLSearchParams("fundraiser=all")))).toBe(messages.report.needsFilters);
    expect(first(() => parseReportQuery(new URLSearchParams("duration=yearToDate")))).toBe(messages.report.needsFilters);
    expect(first(() => parseReportQuery(new URLSearchParams("duration=lastWeek&fundraiser=all")))).toBe(messages.reports.durationInvalid);
    expect(first(() => parseReportQuery(new URLSearchParams("duration=customRange&fundraiser=all&startDate=2026-01-01")))).toBe(messages.reports.datesRequired);
    expect(first(() => parseReportQuery(new URLSearchParams("duration=customRange&fundraiser=all&startDate=2026-02-30&endDate=2026-03-01")))).toBe(messages.reports.dateInvalid);
    expect(first(() => parseReportQuery(new URLSearchParams("duration=customRange&fundraiser=all&startDate=2026-03-02&endDate=2026-03-01")))).toBe(messages.reports.endBeforeStart);
    expect(first(() => parseReportQuery(new URLSearchParams("duration=yearToDate&fundraiser=x'%20or%201=1")))).toBe(messages.reports.fundraiserNotFound);
    expect(parseReportQuery(new URLSearchParams("duration=customRange&fundraiser=nonFundraiser&startDate=2026-01-01&endDate=2026-01-31"))).toEqual({
      duration: "customRange",
      fundraiser: "nonFundraiser",
      startDate: "2026-01-01",
      endDate: "2026-01-31",
    });
    let zodError: unknown;
    try {
      parseReportQuery({ duration: "monthToDate" });
    } catch (e) {
      zodError = e;
    }
    const res = errorResponse(zodError);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: messages.report.needsFilters });
  });
});

describe("CSV and email", () => {
  test("the CSV has exactly the spec's columns and the completed gifts, shared emails only", async () => {
    const { filename, stream } = await openDonationReportCsv({ actor: np.user, organizationId: np.organizationId, query: ytd, now, batchSize: 1 });
    expect(filename).toBe("donation-report-2026-06-15.csv");
    expect(reportCsvFilename(new Date(Date.UTC(2026, 0, 2)))).toBe("donation-report-2026-01-02.csv");
    const text = await readAll(stream);
    expect(text.split("\n")).toEqual([
      "Date,Donor Email,Fundraiser,Amount USD",
      "2026-06-10T12:00:00Z,dana@example.org,Winter Meals,50.00",
      "2026-03-01T12:00:00Z,,Direct Donation,20.00",
      "2026-02-01T12:00:00Z,,Winter Meals,30.00",
      "",
    ]);
    expect(text).not.toContain("hidden@example.org");
    expect(text).not.toContain("anon@example.org");
  });

  test("CSV cells that look like spreadsheet formulas are escaped", async () => {
    const [c] = await h.db.insert(fundraisers).values({ organizationId: other.organizationId, name: "=HYPERLINK(\"http://x\")", goalCents: 100 }).returning({ id: fundraisers.id });
    await makeGift(h.db, other.organizationId, null, { amountCents: 4_200, fundraiserId: c!.id, createdAt: at(2026, 5, 5), shareEmail: true, donorEmail: "+1@example.org" });
    const { stream } = await openDonationReportCsv({ actor: other.user, organizationId: other.organizationId, query: { duration: "yearToDate", fundraiser: c!.id }, now });
    expect((await readAll(stream)).split("\n")[1]).toBe(`2026-05-05T12:00:00Z,'+1@example.org,"'=HYPERLINK(""http://x"")",42.00`);
  });

  test("emailDonorReport queues the CSV to the account's email", async () => {
    const res = await emailDonorReport({ actor: np.user, organizationId: np.organizationId, query: { duration: "yearToDate", fundraiser: fundraiserId }, now });
    expect(res).toEqual({ to: np.user.email, rows: 2 });
    const jobs = (await h.db.execute(sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${np.user.email}`)) as unknown as {
      rows: { data: { subject: string; text: string; attachments: { filename: string; contentBase64: string }[] } }[];
    };
    const job = jobs.rows.find((r) => r.data.subject.startsWith("Donation report"));
    expect(job).toBeDefined();
    const file = job!.data.attachments[0]!;
    expect(file.filename).toBe("donation-report-2026-06-15.csv");
    expect(Buffer.from(file.contentBase64, "base64").toString("utf8")).toBe(
      "Date,Donor Email,Fundraiser,Amount USD\n2026-06-10T12:00:00Z,dana@example.org,Winter Meals,50.00\n2026-02-01T12:00:00Z,,Winter Meals,30.00\n",
    );
    expect(job!.data.text).toContain("2026-01-01 to 2026-06-15 (days in Eastern Time), Winter Meals");
  });
});

describe("donor donations and analytics", () => {
  test("getDonorDonations by id leaves out anonymous gifts; by email matches shared emails only", async () => {
    const byId = await getDonorDonations({ actor: np.user, organizationId: np.organizationId, donor: dana.id });
    expect(byId.map((d) => d.amount)).toEqual([5_000, 9_900]);
    expect((await getDonorDonations({ actor: np.user, organizationId: np.organizationId, donor: "DANA@example.org" })).map((d) => d.amount)).toEqual([5_000, 9_900]);
    expect(await getDonorDonations({ actor: np.user, organizationId: np.organizationId, donor: "hidden@example.org" })).toEqual([]);
    expect(await getDonorDonations({ actor: np.user, organizationId: np.organizationId, donor: "anon@example.org" })).toEqual([]);
  });

  test("status labels follow spec section 4", () => {
    expect(displayDonationStatus("failed")).toBe("Failed");
    expect(displayDonationStatus("requires_action")).toBe("Pending Verification");
    expect(displayDonationStatus(null)).toBe("Completed");
    expect(displayDonationStatus("succeeded")).toBe("Completed");
    expect(displayDonationStatus("refunded")).toBe("Refunded");
  });

  test("analytics aggregate completed gifts per month, fundraiser and new versus returning donors", async () => {
    const [rg] = await h.db
      .insert(recurringGifts)
      .values({ organizationId: np.organizationId, donorUserId: dana.id, amountCents: 1_000, provider: "sandbox" })
      .returning({ id: recurringGifts.id });
    await makeGift(h.db, np.organizationId, dana.id, { amountCents: 1_000, recurringGiftId: rg!.id, createdAt: at(2026, 3, 15) });
    const a = await getDonationAnalytics({ actor: np.user, organizationId: np.organizationId, query: ytd, now });
    expect(a.months).toEqual([
      { month: "2026-02", gifts: 1, cents: 3_000, newDonors: 1, returningDonors: 0, recurringCents: 0 },
      { month: "2026-03", gifts: 2, cents: 3_000, newDonors: 1, returningDonors: 1, recurringCents: 1_000 },
      { month: "2026-06", gifts: 1, cents: 5_000, newDonors: 0, returningDonors: 1, recurringCents: 0 },
    ]);
    expect(a.byFundraiser).toEqual([
      { campaignId: fundraiserId, name: "Winter Meals", gifts: 2, cents: 8_000 },
      { campaignId: null, name: "Direct Donation", gifts: 2, cents: 3_000 },
    ]);
    expect(a.totals).toMatchObject({ gifts: 4, cents: 11_000, averageGiftCents: 2_750, donors: 3, recurringCents: 1_000 });
    expect(a.activeRecurring).toEqual({ count: 1, monthlyCents: 1_000 });
  });
});

describe("budgets", () => {
  test("the owner edits lines and publishes them; others are refused and nothing changes", async () => {
    expect(await listPublishedBudgets({ organizationId: np.organizationId })).toEqual([]);
    const saved = await saveFundraiserBudget({ actor: np.user, organizationId: np.organizationId, fundraiserId, update: budgetUpdateSchema.parse({ lines: [{ label: "Meals", amountCents: 300_000 }, { label: "Delivery van fuel", amountCents: 45_050 }] }) });
    expect(saved).toMatchObject({ plannedCents: 345_050, progressCents: 12_000, published: false });
    expect(saved.lines.map((l) => l.label)).toEqual(["Meals", "Delivery van fuel"]);
    expect(await listPublishedBudgets({ organizationId: np.organizationId })).toEqual([]);

    expect((await err(saveFundraiserBudget({ actor: other.user, organizationId: np.organizationId, fundraiserId, update: { lines: [], published: true } })))?.status).toBe(403);
    expect((await err(saveFundraiserBudget({ actor: other.user, organizationId: other.organizationId, fundraiserId, update: { lines: [], published: true } })))?.status).toBe(404);
    expect((await err(saveFundraiserBudget({ actor: dana, organizationId: np.organizationId, fundraiserId, update: { published: true } })))?.status).toBe(403);
    expect((await err(listFundraiserBudgets({ actor: other.user, organizationId: np.organizationId })))?.status).toBe(403);
    const lines = await h.db.select().from(fundraiserBudgetLines).where(eq(fundraiserBudgetLines.fundraiserId, fundraiserId));
    expect(lines).toHaveLength(2);
    expect((await h.db.select({ p: fundraisers.budgetPublished }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)))[0]!.p).toBe(false);

    await saveFundraiserBudget({ actor: np.user, organizationId: np.organizationId, fundraiserId, update: { published: true } });
    const pub = await listPublishedBudgets({ organizationId: np.organizationId });
    expect(pub).toHaveLength(1);
    expect(pub[0]).toMatchObject({ campaignName: "Winter Meals", plannedCents: 345_050, progressCents: 12_000 });
    expect(await listPublishedBudgets({ organizationId: other.organizationId })).toEqual([]);
  });

  test("budget lines are validated", () => {
    const msg = (input: unknown) => {
      const r = budgetUpdateSchema.safeParse(input);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(msg({ lines: [{ label: " ", amountCents: 100 }] })).toBe(messages.budgets.labelRequired);
    expect(msg({ lines: [{ label: "Food", amountCents: 0 }] })).toBe(messages.budgets.amountMin);
    expect(msg({ lines: [{ label: "Food", amountCents: 1.5 }] })).toBe(messages.budgets.amountInvalid);
    expect(msg({ lines: Array.from({ length: 51 }, () => ({ label: "x", amountCents: 1 })) })).toBe(messages.budgets.tooManyLines);
  });
});

describe("days of the organization's own time zone", () => {
  /** A Vermont organization (America/New_York) and gifts near midnight, local and UTC. */
  let vt: ClaimedNonprofit;
  const july15 = new Date(Date.UTC(2026, 6, 15, 12));
  beforeAll(async () => {
    vt = await makeNonprofit(h.db, "Montpelier Food Shelf");
    // 03:00 UTC on July 1 is 11 PM on June 30 in Vermont (EDT); 05:00 UTC is 1 AM on July 1.
    await makeGift(h.db, vt.organizationId, null, { amountCents: 3_000, createdAt: new Date("2026-07-01T03:00:00Z") });
    await makeGift(h.db, vt.organizationId, null, { amountCents: 5_000, createdAt: new Date("2026-07-01T05:00:00Z") });
    // 04:30 UTC on January 1, 2026 is still New Year's Eve 2025 in Vermont (EST).
    await makeGift(h.db, vt.organizationId, null, { amountCents: 7_000, createdAt: new Date("2026-01-01T04:30:00Z") });
  });

  test("year to date, month to date and a custom range begin and end at local midnight", async () => {
    expect(await getReportTimeZone({ actor: vt.user, organizationId: vt.organizationId })).toBe("America/New_York");
    const june = await getDonationReportPage({ actor: vt.user, organizationId: vt.organizationId, query: { duration: "customRange", fundraiser: "all", startDate: "2026-06-01", endDate: "2026-06-30" }, now: july15 });
    expect(june.donations.map((d) => d.amount)).toEqual([3_000]);
    const mtd = await getDonationReportPage({ actor: vt.user, organizationId: vt.organizationId, query: { duration: "monthToDate", fundraiser: "all" }, now: july15 });
    expect(mtd.donations.map((d) => d.amount)).toEqual([5_000]);
    const ytdTotals = await getDonationReportTotals({ actor: vt.user, organizationId: vt.organizationId, query: ytd, now: july15 });
    expect(ytdTotals).toMatchObject({ count: 2, completedCents: 8_000 });
    const newYearsEve = await getDonationReportPage({ actor: vt.user, organizationId: vt.organizationId, query: { duration: "customRange", fundraiser: "all", startDate: "2025-12-31", endDate: "2025-12-31" }, now: july15 });
    expect(newYearsEve.donations.map((d) => d.amount)).toEqual([7_000]);
    expect(reportRange({ query: ytd, clock: { now: july15, timeZone: "America/New_York" } }).from.toISOString()).toBe("2026-01-01T05:00:00.000Z");
  });

  test("the CSV keeps UTC timestamps for the rows of the local days", async () => {
    const { stream } = await openDonationReportCsv({ actor: vt.user, organizationId: vt.organizationId, query: { duration: "customRange", fundraiser: "all", startDate: "2026-06-30", endDate: "2026-06-30" }, now: july15 });
    expect((await readAll(stream)).split("\n")).toEqual(["Date,Donor Email,Fundraiser,Amount USD", "2026-07-01T03:00:00Z,,Direct Donation,30.00", ""]);
  });

  test("analytics count months of the organization's zone", async () => {
    const a = await getDonationAnalytics({ actor: vt.user, organizationId: vt.organizationId, query: ytd, now: july15 });
    expect(a.timeZone).toBe("America/New_York");
    expect(a.months.map((m) => [m.month, m.cents])).toEqual([
      ["2026-06", 3_000],
      ["2026-07", 5_000],
    ]);
  });

  test("the zone is read for the organization's own users only", async () => {
    expect((await err(getReportTimeZone({ actor: np.user, organizationId: vt.organizationId })))?.status).toBe(403);
    expect((await err(getReportTimeZone({ actor: null, organizationId: vt.organizationId })))?.status).toBe(401);
  });
});

describe("tribute gifts in the report", () => {
  test("the report shows the tribute; the CSV keeps exactly its four columns", async () => {
    const hospice = await makeNonprofit(h.db, "Tribute Report Hospice");
    const id = await makeGift(h.db, hospice.organizationId, null, { amountCents: 2_500, createdAt: at(2026, 6, 3), shareEmail: true, donorEmail: "t@example.org", tributeType: "memory", tributeName: "Jane Doe" });
    const plain = await makeGift(h.db, hospice.organizationId, null, { amountCents: 1_000, createdAt: at(2026, 6, 2) });
    const page = await getDonationReportPage({ actor: hospice.user, organizationId: hospice.organizationId, query: ytd, now });
    const byId = new Map(page.donations.map((d) => [d.id, d]));
    expect(byId.get(id)).toMatchObject({ tribute: "In memory of Jane Doe", amount: 2_500 });
    expect(byId.get(plain)).toMatchObject({ tribute: null });
    const { stream } = await openDonationReportCsv({ actor: hospice.user, organizationId: hospice.organizationId, query: ytd, now });
    const lines = (await readAll(stream)).split("\n");
    expect(lines[0]).toBe("Date,Donor Email,Fundraiser,Amount USD");
    expect(lines[1]).toBe("2026-06-03T12:00:00Z,t@example.org,Direct Donation,25.00");
    expect(lines.join("\n")).not.toContain("Jane Doe");
  });
});
