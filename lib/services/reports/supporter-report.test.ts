/**
 * The donation report narrowed to one supporter page and/or one team of peer-to-peer
 * fundraising, on a real database with gifts made through the real checkout: the table, its
 * totals, the report API, the analytics, the CSV download and the emailed CSV (delivered to a
 * real SMTP server) all apply the filters; another organization's page or team is a 404; and
 * the CSV keeps exactly its four columns (spec section 9) with supporter-page gifts in it.
 */
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { ZodError } from "zod";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { checkoutGift } from "@/lib/services/donations/start-checkout";
import { updateSupporterSettings } from "@/lib/services/supporter-pages/settings";
import { createSupporterPage } from "@/lib/services/supporter-pages/supporter-pages";
import { makeDonationScene, makeDonor, makeNonprofit, testCheckoutClient, type DonationScene } from "@/lib/testing/service-fixtures";
import { checkoutSchema } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { parseReportQuery, reportQueryToParams, type ReportQuery } from "@/lib/validations/report";
import { fundraisers } from "@/models";
import { GET as csvRoute } from "@/app/api/(app)/reports/donations.csv/route";
import { GET as reportRoute } from "@/app/api/(spec)/getDonationReports/[organizationId]/[userId]/route";
import { getDonationAnalytics } from "./analytics";
import { emailDonorReport, REPORT_CSV_COLUMNS } from "./donation-csv";
import { getDonationReportPage, getDonationReportTotals, listReportSupporterChoices } from "./donation-report";

jest.setTimeout(120_000);

let scene: DonationScene;
let smtp: SMTPServer;
const mails: string[] = [];
type PageView = Awaited<ReturnType<typeof createSupporterPage>>;
let ana: PageView, ben: PageView, cy: PageView, far: PageView;
const m = messages.supporterPages;
const ytd = (over: Partial<ReportQuery> = {}) => ({ duration: "yearToDate", fundraiser: "all", ...over }) as ReportQuery;
const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

/** A guest's sandbox gift to fundraiser `campaignId` of `organizationId`, on supporter page `pageId` (none: the fundraiser's own page). */
async function give(organizationId: string, fundraiserId: string, pageId: string | null, amountCents: number, over: Record<string, unknown> = {}) {
  const input = checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId,
    campaignId: fundraiserId,
    supporterPageId: pageId,
    amountCents,
    frequency: "once",
    method: "card",
    name: "Gail Giver",
    email: `giver-${randomUUID().slice(0, 8)}@example.org`,
    share: { name: true, email: false },
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    ...over,
  });
  const result = await checkoutGift({ actor: null, input, client: testCheckoutClient() });
  expect(result.status).toBe("succeeded");
}

/** The CSV download through its route, as the signed-in nonprofit user; parsed to records (header first). */
async function downloadCsv(query: ReportQuery): Promise<string[][]> {
  const res = await call(csvRoute, { url: `/api/reports/donations.csv?${reportQueryToParams(query)}`, user: scene.np.user });
  expect(res.status).toBe(200);
  return parse(await res.text(), { relax_column_count: true }) as string[][];
}

const settings = { enabled: true, needApproval: false, teamsAllowed: true, suggestedGoal: "500", story: "" };

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        mails.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-supporter-report-0123456789", CHECKOUT_CHALLENGE: "off", SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}` });
  resetServerEnv();
  scene = await makeDonationScene("Riverside Food Bank", "Turkey Trot 5K", ["ana.runner@example.org", "ben.runner@example.org"]);
  await startMailWorker({ pollingIntervalSeconds: 0.5 });
  await updateSupporterSettings({ actor: scene.np.user, fundraiserId: scene.campaignId, input: settings });
  ana = await createSupporterPage({ actor: scene.donor, fundraiserId: scene.campaignId, input: { title: "Ana's 5K", goal: "500", team: { mode: "create", name: "Office Runners", goal: "2,000" } } });
  ben = await createSupporterPage({ actor: scene.otherDonor, fundraiserId: scene.campaignId, input: { title: "Ben runs", goal: "300", team: { mode: "join", teamId: ana.team!.id } } });
  cy = await createSupporterPage({ actor: await makeDonor("cy.runner@example.org"), fundraiserId: scene.campaignId, input: { title: "Cy runs", goal: "100" } });

  // Another organization with a supporter page and team of its own.
  const other = await makeNonprofit(scene.h.db, "Lakeside Library");
  const [far1] = await scene.h.db.insert(fundraisers).values({ organizationId: other.organizationId, name: "Book Drive", goalCents: 100_000 }).returning({ id: fundraisers.id });
  await updateSupporterSettings({ actor: other.user, fundraiserId: far1!.id, input: settings });
  far = await createSupporterPage({ actor: await makeDonor("far.runner@example.org"), fundraiserId: far1!.id, input: { title: "Far reads", goal: "100", team: { mode: "create", name: "Far Team", goal: "100" } } });
  await give(other.organizationId, far1!.id, far.id, 900);

  await give(scene.np.organizationId, scene.campaignId, ana.id, 2_500, { name: "Dora Donor", email: "dora@example.org", share: { name: true, email: true } });
  await give(scene.np.organizationId, scene.campaignId, ana.id, 1_001, { anonymous: true, email: "hidden.person@example.org", share: { name: true, email: true } });
  await give(scene.np.organizationId, scene.campaignId, ben.id, 4_000);
  await give(scene.np.organizationId, scene.campaignId, cy.id, 1_500);
  await give(scene.np.organizationId, scene.campaignId, null, 700);
}, 180_000);

afterAll(async () => {
  await stopMailQueue();
  await scene.h.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_CHALLENGE: undefined, SMTP_URL: undefined });
  resetServerEnv();
});

describe("supporter page and team filters", () => {
  const report = async (query: ReportQuery) => {
    const request = { actor: scene.np.user, organizationId: scene.np.organizationId, query };
    const [page, totals] = await Promise.all([getDonationReportPage(request), getDonationReportTotals(request)]);
    return { amounts: page.donations.map((d) => d.amount), totals };
  };

  test("the table and its totals narrow to one supporter page, one team, or both; no ticket sales under them", async () => {
    expect((await report(ytd())).amounts).toEqual([700, 1_500, 4_000, 1_001, 2_500]);
    const page = await report(ytd({ supporterPage: ana.id }));
    expect(page.amounts).toEqual([1_001, 2_500]);
    expect(page.totals).toEqual({ count: 2, completedCount: 2, completedCents: 3_501, ticketRevenueCents: 0, ticketSales: 0 });
    const team = await report(ytd({ team: ana.team!.id }));
    expect(team.amounts).toEqual([4_000, 1_001, 2_500]);
    expect(team.totals.completedCents).toBe(7_501);
    expect((await report(ytd({ supporterPage: ben.id, team: ana.team!.id }))).amounts).toEqual([4_000]);
    expect((await report(ytd({ supporterPage: cy.id, team: ana.team!.id }))).amounts).toEqual([]);
    expect((await report(ytd({ fundraiser: scene.campaignId, supporterPage: cy.id }))).amounts).toEqual([1_500]);
    expect((await report(ytd({ fundraiser: "nonFundraiser", supporterPage: ana.id }))).amounts).toEqual([]);
  });

  test("the filters are read from the URL and checked; another organization's page or team is a 404", async () => {
    expect(parseReportQuery(new URLSearchParams(`duration=yearToDate&fundraiser=all&supporterPage=${ana.id}&team=${ana.team!.id}`))).toEqual({ duration: "yearToDate", fundraiser: "all", supporterPage: ana.id, team: ana.team!.id });
    expect(parseReportQuery(new URLSearchParams("duration=yearToDate&fundraiser=all&supporterPage=&team="))).toEqual({ duration: "yearToDate", fundraiser: "all" });
    const first = (fn: () => unknown) => {
      try {
        fn();
        return null;
      } catch (e) {
        return e instanceof ZodError ? e.issues[0]?.message : e;
      }
    };
    expect(first(() => parseReportQuery(new URLSearchParams("duration=yearToDate&fundraiser=all&supporterPage=x'%20or%201=1")))).toBe(m.notFound);
    expect(first(() => parseReportQuery(new URLSearchParams("duration=yearToDate&fundraiser=all&team=x'%20or%201=1")))).toBe(m.teamNotFound);
    const request = { actor: scene.np.user, organizationId: scene.np.organizationId };
    expect(await err(getDonationReportPage({ ...request, query: ytd({ supporterPage: far.id }) }))).toMatchObject({ status: 404, message: m.notFound });
    expect(await err(getDonationReportTotals({ ...request, query: ytd({ team: far.team!.id }) }))).toMatchObject({ status: 404, message: m.teamNotFound });

    const res = await call(reportRoute, {
      url: `/api/getDonationReports/${scene.np.organizationId}/${scene.np.user.id}?duration=yearToDate&fundraiser=all&team=${ana.team!.id}`,
      params: { organizationId: scene.np.organizationId, userId: scene.np.user.id },
      user: scene.np.user,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { amount: number }[]).map((d) => d.amount)).toEqual([4_000, 1_001, 2_500]);
    expect(res.headers.get("x-report-total-cents")).toBe("7501");
    const foreign = await call(csvRoute, { url: `/api/reports/donations.csv?duration=yearToDate&fundraiser=all&supporterPage=${far.id}`, user: scene.np.user });
    expect(foreign.status).toBe(404);
  });

  test("the filter choices are the organization's own pages and teams; the analytics follow the filters", async () => {
    const choices = await listReportSupporterChoices({ actor: scene.np.user, organizationId: scene.np.organizationId });
    expect(choices.pages.map((p) => p.title).sort()).toEqual(["Ana's 5K", "Ben runs", "Cy runs"]);
    expect(choices.teams).toEqual([{ id: ana.team!.id, name: "Office Runners", fundraiser: "Turkey Trot 5K" }]);
    expect(JSON.stringify(choices)).not.toContain("@");
    const analytics = await getDonationAnalytics({ actor: scene.np.user, organizationId: scene.np.organizationId, query: ytd({ team: ana.team!.id }) });
    expect(analytics.totals).toMatchObject({ gifts: 3, cents: 7_501 });
  });
});

describe("the CSV with supporter-page gifts", () => {
  test("keeps exactly its four columns, unfiltered and with the page and team filters applied", async () => {
    const all = await downloadCsv(ytd());
    expect(all[0]).toEqual([...REPORT_CSV_COLUMNS]);
    expect(all.slice(1).map((r) => r.length)).toEqual([4, 4, 4, 4, 4]);
    expect(all.slice(1).map((r) => r[3])).toEqual(["7.00", "15.00", "40.00", "10.01", "25.00"]);
    expect(all.find((r) => r[3] === "25.00")).toEqual([expect.stringMatching(/Z$/), "dora@example.org", "Turkey Trot 5K", "25.00"]);
    // The anonymous gift's email and the supporters' own never appear.
    expect(JSON.stringify(all)).not.toMatch(/hidden\.person|ana\.runner|ben\.runner|Ana's 5K|Office Runners/);

    const page = await downloadCsv(ytd({ supporterPage: ana.id }));
    expect(page).toEqual([[...REPORT_CSV_COLUMNS], [expect.any(String), "", "Turkey Trot 5K", "10.01"], [expect.any(String), "dora@example.org", "Turkey Trot 5K", "25.00"]]);
    const team = await downloadCsv(ytd({ team: ana.team!.id }));
    expect(team[0]).toEqual([...REPORT_CSV_COLUMNS]);
    expect(team.slice(1).map((r) => [r.length, r[3]])).toEqual([
      [4, "40.00"],
      [4, "10.01"],
      [4, "25.00"],
    ]);
  });

  test("the emailed report applies the filters, keeps the four columns and names the page", async () => {
    const sent = await emailDonorReport({ actor: scene.np.user, organizationId: scene.np.organizationId, query: ytd({ supporterPage: ana.id }) });
    expect(sent).toEqual({ to: scene.np.user.email, rows: 2 });
    const until = Date.now() + 15_000;
    while (!mails.some((raw) => raw.includes("Donation report")) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const mail = await simpleParser(mails.find((raw) => raw.includes("Donation report"))!);
    expect(mail.text).toContain("supporter page “Ana's 5K”");
    const csv = parse(mail.attachments[0]!.content.toString("utf8"), { relax_column_count: true }) as string[][];
    expect(csv).toEqual([[...REPORT_CSV_COLUMNS], [expect.any(String), "", "Turkey Trot 5K", "10.01"], [expect.any(String), "dora@example.org", "Turkey Trot 5K", "25.00"]]);
  });
});
