/**
 * Peer-to-peer fundraising through the real checkout, payment core and mail queue, delivered
 * to a real SMTP server: a donor starts a page (and a team) for a fundraiser whose organization
 * turned supporter pages on; gifts on the page (one-time, monthly, ACH) are the organization's
 * gifts to the fundraiser, attributed to the page and its team; totals agree to the cent and a
 * refund leaves each exactly once; each monthly charge keeps the page; the supporter hears of each gift with the donor's shared
 * name only; approval, pausing, hiding and deleting behave as the rules say.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { checkoutGift } from "@/lib/services/donations/start-checkout";
import { refundDonation } from "@/lib/services/donations/refund-donation";
import { sandboxAction } from "@/lib/services/donations/sandbox-action";
import { getPublicFundraiser } from "@/lib/services/fundraisers/get-public-fundraiser";
import { makeDonationScene, makeDonor, makeNonprofit, testCheckoutClient, type DonationScene } from "@/lib/testing/service-fixtures";
import { checkoutSchema } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { chargeDueRecurringGifts } from "@/lib/services/recurring/charge-recurring-gifts";
import { fundraisers, donations, recurringGifts, supporterPages } from "@/models";
import { getPublicSupporterPage, getPublicSupporterTeam, getSupporterLeaderboards } from "./public-supporter-pages";
import { updateSupporterSettings } from "./settings";
import { changeSupporterPageStatus, createSupporterPage, deleteSupporterPage, listMySupporterPages, updateSupporterPage } from "./supporter-pages";
import { sendSupporterDigests } from "./gift-notices";

let scene: DonationScene;
let server: SMTPServer;
let received: { to: string; raw: string }[] = [];
const m = messages.supporterPages;

async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}
const textOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=E2=80=9C/g, "“").replace(/=E2=80=9D/g, "”");

type Gift = { pageId?: string | null; amountCents: number; name?: string; share?: boolean; anonymous?: boolean; frequency?: "once" | "month"; method?: "card" | "us_bank_account"; email?: string };

/** A guest's sandbox gift to the scene's fundraiser, on supporter page `pageId`. */
async function give(g: Gift) {
  const input = checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId: scene.np.organizationId,
    campaignId: scene.campaignId,
    supporterPageId: g.pageId ?? null,
    amountCents: g.amountCents,
    frequency: g.frequency ?? "once",
    method: g.method ?? "card",
    name: g.name ?? "Gail Giver",
    email: g.email ?? `giver-${randomUUID().slice(0, 8)}@example.org`,
    anonymous: g.anonymous ?? false,
    share: { name: g.share ?? true, email: false },
    ...(g.method === "us_bank_account" ? {} : { card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" } }),
  });
  return checkoutGift({ actor: null, input, client: testCheckoutClient() });
}

const settings = (over: Record<string, unknown> = {}) => ({ enabled: true, needApproval: false, teamsAllowed: true, suggestedGoal: "500", story: "Run with us!", ...over });
const progress = async () => (await scene.h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, scene.campaignId)))[0]!.p;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-supporter-pages-0123456789", CHECKOUT_CHALLENGE: "off", SMTP_URL: `smtp://127.0.0.1:${port}` });
  resetServerEnv();
  scene = await makeDonationScene("Riverside Food Bank", "Turkey Trot 5K", ["runner.one@example.org", "runner.two@example.org"]);
  await startMailWorker({ pollingIntervalSeconds: 0.5 });
}, 120_000);

afterAll(async () => {
  await stopMailQueue();
  await scene.h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_CHALLENGE: undefined, SMTP_URL: undefined });
  resetServerEnv();
});

beforeEach(() => {
  received = [];
});

describe("starting a page", () => {
  test("refused until the organization turns supporter pages on; only its members may", async () => {
    await expect(createSupporterPage({ actor: scene.donor, fundraiserId: scene.campaignId, input: { title: "My 5K", goal: "500" } })).rejects.toMatchObject({ code: "conflict", message: m.notEnabled });
    await expect(updateSupporterSettings({ actor: scene.donor, fundraiserId: scene.campaignId, input: settings() })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateSupporterSettings({ actor: scene.np.user, fundraiserId: scene.campaignId, input: settings({ suggestedGoal: "abc" }) })).rejects.toMatchObject({ code: "validation", message: m.suggestedGoalInvalid });
    const saved = await updateSupporterSettings({ actor: scene.np.user, fundraiserId: scene.campaignId, input: settings() });
    expect(saved).toMatchObject({ enabled: true, suggestedGoalCents: 50_000, story: "Run with us!" });
  });

  test("bad input is refused with the field's message and nothing is written; nobody and nonprofits may not start one", async () => {
    await expect(createSupporterPage({ actor: scene.donor, fundraiserId: scene.campaignId, input: { title: " ", goal: "500" } })).rejects.toMatchObject({ code: "validation", message: m.titleRequired });
    await expect(createSupporterPage({ actor: scene.donor, fundraiserId: scene.campaignId, input: { title: "Run", goal: "0" } })).rejects.toMatchObject({ code: "validation", message: m.goalInvalid });
    await expect(createSupporterPage({ actor: null, fundraiserId: scene.campaignId, input: { title: "Run", goal: "5" } })).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(createSupporterPage({ actor: scene.np.user, fundraiserId: scene.campaignId, input: { title: "Run", goal: "5" } })).rejects.toMatchObject({ code: "forbidden", message: m.donorsOnly });
    await expect(createSupporterPage({ actor: scene.donor, fundraiserId: "nope", input: { title: "Run", goal: "5" } })).rejects.toMatchObject({ code: "not_found" });
    expect(await scene.h.db.select().from(supporterPages)).toHaveLength(0);
  });
});

describe("a team 5K", () => {
  let ana: Awaited<ReturnType<typeof createSupporterPage>>;
  let ben: Awaited<ReturnType<typeof createSupporterPage>>;
  let cy: Awaited<ReturnType<typeof createSupporterPage>>;

  test("three supporters make pages, two of them in one team; slugs come from titles", async () => {
    ana = await createSupporterPage({ actor: scene.donor, fundraiserId: scene.campaignId, input: { title: "Ana's 5K!", story: "For my neighbors.", goal: "$500", team: { mode: "create", name: "Office Runners", goal: "2,000" }, giftNotice: "each" } });
    expect(ana).toMatchObject({ slug: "ana-s-5k", status: "active", goalCents: 50_000, team: { name: "Office Runners", slug: "office-runners", captain: true } });
    await expect(createSupporterPage({ actor: scene.donor, fundraiserId: scene.campaignId, input: { title: "Again", goal: "5" } })).rejects.toMatchObject({ code: "conflict", message: m.alreadyHasPage });
    ben = await createSupporterPage({ actor: scene.otherDonor, fundraiserId: scene.campaignId, input: { title: "Ana's 5K", goal: "300", team: { mode: "join", teamId: ana.team!.id }, giftNotice: "digest" } });
    expect(ben).toMatchObject({ slug: "ana-s-5k-2", team: { name: "Office Runners", captain: false } });
    const third = await makeDonor("runner.three@example.org");
    cy = await createSupporterPage({ actor: third, fundraiserId: scene.campaignId, input: { title: "Cy runs", goal: "100" } });
    expect(cy.team).toBeNull();
  });

  test("guests give on each page by card, ACH and monthly; totals agree to the cent everywhere", async () => {
    const before = await progress();
    const r1 = await give({ pageId: ana.id, amountCents: 2_500, name: "Dora Donor" });
    expect(r1.status).toBe("succeeded");
    await give({ pageId: ana.id, amountCents: 1_001, anonymous: true, name: "Hidden Person" });
    const ach = await give({ pageId: ben.id, amountCents: 4_000, method: "us_bank_account", name: "Ed Bank" });
    expect(ach.status).toBe("processing");
    // The bank payment settles (the sandbox's "settle" action, as its result page offers).
    expect((await sandboxAction({ action: "settle", donationId: ach.donationId, token: ach.accessToken })).status).toBe("succeeded");
    const monthly = await give({ pageId: cy.id, amountCents: 1_500, frequency: "month", share: false, name: "Fay Private" });
    expect(monthly.status).toBe("succeeded");
    await give({ amountCents: 700 }); // the fundraiser's own page
    const [gift] = await scene.h.db.select().from(donations).where(eq(donations.id, r1.donationId));
    expect(gift).toMatchObject({ fundraiserId: scene.campaignId, organizationId: scene.np.organizationId, supporterPageId: ana.id, supporterTeamId: ana.team!.id });

    expect(await progress()).toBe(before + 2_500 + 1_001 + 4_000 + 1_500 + 700);
    const page = await getPublicSupporterPage({ fundraiserId: scene.campaignId, slug: "ana-s-5k" });
    expect(page).toMatchObject({ raisedCents: 3_501, giftCount: 2, supporterName: expect.any(String), team: { name: "Office Runners" } });
    // Only the donor who shared their name, as "First L."; never the anonymous one.
    expect(page.recentSupporters.map((s) => s.name)).toEqual(["Dora D."]);
    const team = await getPublicSupporterTeam({ fundraiserId: scene.campaignId, slug: "office-runners" });
    expect(team).toMatchObject({ raisedCents: 7_501, giftCount: 3 });
    expect(team.members.map((p) => p.name)).toEqual(["Ana's 5K", "Ana's 5K!"]);
    const boards = await getSupporterLeaderboards({ fundraiserId: scene.campaignId });
    expect(boards.topPages.map((p) => [p.name, p.raisedCents])).toEqual([["Ana's 5K", 4_000], ["Ana's 5K!", 3_501], ["Cy runs", 1_500]]);
    expect(boards.topTeams.map((t) => [t.name, t.raisedCents, t.detail])).toEqual([["Office Runners", 7_501, "2 members"]]);
    const mine = await listMySupporterPages({ actor: scene.donor });
    expect(mine).toEqual([expect.objectContaining({ id: ana.id, raisedCents: 3_501, giftCount: 2, fundraiserName: "Turkey Trot 5K" })]);
  });

  test("the supporter hears of each gift with the donor's shared name only; the digest supporter gets one digest", async () => {
    await give({ pageId: ana.id, amountCents: 1_200, name: "Gus Shared" });
    await give({ pageId: ana.id, amountCents: 800, name: "Hal Secret", share: false, email: "hal.secret@example.org" });
    const notices = () => received.filter((r) => r.to === "runner.one@example.org").map((r) => textOf(r.raw));
    await waitFor(() => notices().some((t) => t.includes("$8.00")) && notices().some((t) => t.includes("$12.00")));
    expect(notices().some((t) => t.includes("Gus S. gave $12.00"))).toBe(true);
    expect(notices().some((t) => t.includes("Anonymous gave $8.00"))).toBe(true);
    for (const t of notices()) {
      expect(t).not.toContain("Hal");
      expect(t).not.toContain("hal.secret");
    }
    // Ben chose a daily digest: no per-gift mail; one digest, then none until a day has passed.
    expect(received.some((r) => r.to === "runner.two@example.org")).toBe(false);
    expect(await sendSupporterDigests({ now: new Date(Date.now() + 60_000) })).toBe(1);
    expect(await sendSupporterDigests({ now: new Date(Date.now() + 120_000) })).toBe(0);
    await waitFor(() => received.some((r) => r.to === "runner.two@example.org"));
    expect(textOf(received.find((r) => r.to === "runner.two@example.org")!.raw)).toContain("Ed B.");
  });

  test("a refund leaves the page, the team and the fundraiser exactly once", async () => {
    const before = { page: (await getPublicSupporterPage({ fundraiserId: scene.campaignId, slug: "ana-s-5k" })).raisedCents, team: (await getPublicSupporterTeam({ fundraiserId: scene.campaignId, slug: "office-runners" })).raisedCents, fundraiser: await progress() };
    const [gift] = await scene.h.db.select().from(donations).where(eq(donations.donorName, "Gus Shared"));
    await refundDonation({ actor: scene.np.user, donationId: gift!.id });
    await refundDonation({ actor: scene.np.user, donationId: gift!.id }).catch(() => undefined);
    expect((await getPublicSupporterPage({ fundraiserId: scene.campaignId, slug: "ana-s-5k" })).raisedCents).toBe(before.page - 1_200);
    expect((await getPublicSupporterTeam({ fundraiserId: scene.campaignId, slug: "office-runners" })).raisedCents).toBe(before.team - 1_200);
    expect(await progress()).toBe(before.fundraiser - 1_200);
  });

  test("each later charge of a monthly gift made on a page is attributed to the same page and team", async () => {
    const [first] = await scene.h.db.select().from(donations).where(and(eq(donations.supporterPageId, cy.id), isNotNull(donations.recurringGiftId)));
    const [gift] = await scene.h.db.select().from(recurringGifts).where(eq(recurringGifts.id, first!.recurringGiftId!));
    const before = { page: (await getPublicSupporterPage({ fundraiserId: scene.campaignId, slug: cy.slug })).raisedCents, fundraiser: await progress() };
    await chargeDueRecurringGifts({ now: new Date(gift!.nextChargeAt!.getTime() + 1_000) });
    const charges = await scene.h.db.select().from(donations).where(eq(donations.recurringGiftId, gift!.id));
    expect(charges).toHaveLength(2);
    for (const c of charges) expect(c).toMatchObject({ supporterPageId: cy.id, supporterTeamId: null, fundraiserId: scene.campaignId, status: "succeeded" });
    expect((await getPublicSupporterPage({ fundraiserId: scene.campaignId, slug: cy.slug })).raisedCents).toBe(before.page + 1_500);
    expect(await progress()).toBe(before.fundraiser + 1_500);
  });

  test("a paused page takes no gifts; a hidden one is not found but its gifts stay in the totals; deleting keeps gifts with the fundraiser and the team", async () => {
    await expect(changeSupporterPageStatus({ actor: scene.otherDonor, pageId: ana.id, input: { action: "pause" } })).rejects.toMatchObject({ code: "not_found" });
    await changeSupporterPageStatus({ actor: scene.donor, pageId: ana.id, input: { action: "pause" } });
    await expect(give({ pageId: ana.id, amountCents: 500 })).rejects.toMatchObject({ code: "conflict", message: m.notTakingGifts });
    await expect(changeSupporterPageStatus({ actor: scene.donor, pageId: ana.id, input: { action: "hide" } })).rejects.toMatchObject({ code: "forbidden" });
    await changeSupporterPageStatus({ actor: scene.donor, pageId: ana.id, input: { action: "resume" } });

    const total = await progress();
    await changeSupporterPageStatus({ actor: scene.np.user, pageId: cy.id, input: { action: "hide" } });
    await expect(getPublicSupporterPage({ fundraiserId: scene.campaignId, slug: cy.slug })).rejects.toMatchObject({ code: "not_found" });
    await expect(give({ pageId: cy.id, amountCents: 500 })).rejects.toMatchObject({ code: "not_found" });
    expect((await getSupporterLeaderboards({ fundraiserId: scene.campaignId })).topPages.map((p) => p.name)).not.toContain("Cy runs");
    expect(await progress()).toBe(total);

    // A page of another fundraiser cannot take this fundraiser's gift.
    await expect(give({ pageId: "no-such-page", amountCents: 500 })).rejects.toMatchObject({ code: "not_found" });

    const teamBefore = (await getPublicSupporterTeam({ fundraiserId: scene.campaignId, slug: "office-runners" })).raisedCents;
    await deleteSupporterPage({ actor: scene.otherDonor, pageId: ben.id });
    expect((await getPublicSupporterTeam({ fundraiserId: scene.campaignId, slug: "office-runners" })).raisedCents).toBe(teamBefore);
    expect(await progress()).toBe(total);
    const [kept] = await scene.h.db.select().from(donations).where(eq(donations.donorName, "Ed Bank"));
    expect(kept).toMatchObject({ supporterPageId: null, supporterTeamId: ana.team!.id, fundraiserId: scene.campaignId, status: "succeeded" });
  });

  test("the organization may edit a page's words but not the supporter's own choices", async () => {
    const edited = await updateSupporterPage({ actor: scene.np.user, pageId: ana.id, input: { title: "Ana's Turkey Trot" } });
    expect(edited).toMatchObject({ title: "Ana's Turkey Trot", slug: "ana-s-5k" });
    await expect(updateSupporterPage({ actor: scene.np.user, pageId: ana.id, input: { giftNotice: "none" } })).rejects.toMatchObject({ code: "forbidden" });
    const other = await makeNonprofit(scene.h.db, "Other Org");
    await expect(updateSupporterPage({ actor: other.user, pageId: ana.id, input: { title: "Mine now" } })).rejects.toMatchObject({ code: "not_found" });
  });

  test("a page waiting for approval is not public and takes no gifts until approved", async () => {
    await updateSupporterSettings({ actor: scene.np.user, fundraiserId: scene.campaignId, input: settings({ needApproval: true }) });
    const dee = await createSupporterPage({ actor: await makeDonor("runner.four@example.org"), fundraiserId: scene.campaignId, input: { title: "Dee", goal: "50" } });
    expect(dee.status).toBe("pending");
    await expect(getPublicSupporterPage({ fundraiserId: scene.campaignId, slug: "dee" })).rejects.toMatchObject({ code: "not_found" });
    await expect(give({ pageId: dee.id, amountCents: 500 })).rejects.toMatchObject({ code: "not_found" });
    await changeSupporterPageStatus({ actor: scene.np.user, pageId: dee.id, input: { action: "approve" } });
    expect((await give({ pageId: dee.id, amountCents: 500 })).status).toBe("succeeded");
    const fundraiser = await getPublicFundraiser({ actor: null, fundraiserId: scene.campaignId });
    expect(fundraiser.supporterPages).toEqual({ enabled: true, teamsAllowed: true });
  });
});
