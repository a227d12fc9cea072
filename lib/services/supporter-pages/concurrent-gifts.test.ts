/**
 * Peer-to-peer totals under concurrent gifts (the smaller run of `npm run bench:p2p`): four
 * supporter pages in two teams of one fundraiser take 40 guest gifts at once through the real
 * checkout (checkoutGift, sandbox provider, mail to a real SMTP server), some declined;
 * then refunds run while more gifts arrive. Every page, team and the fundraiser's progress must
 * equal the succeeded, unrefunded gifts exactly, in cents; a refund counts once.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { setEnvForTests } from "@/lib/env";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { checkoutGift } from "@/lib/services/donations/start-checkout";
import { refundDonation } from "@/lib/services/donations/refund-donation";
import { makeDonationScene, makeDonor, testCheckoutClient, type DonationScene } from "@/lib/testing/service-fixtures";
import { checkoutSchema } from "@/lib/validations/donation";
import { fundraisers, donations } from "@/models";
import { getPublicSupporterPage, getPublicSupporterTeam, getSupporterLeaderboards } from "./public-supporter-pages";
import { updateSupporterSettings } from "./settings";
import { createSupporterPage, type SupporterPageView } from "./supporter-pages";

let scene: DonationScene;
let server: SMTPServer;
let pages: SupporterPageView[] = [];
/** Succeeded gifts not refunded: donation id -> page and amount. */
const standing = new Map<string, { page: SupporterPageView; amountCents: number }>();
let progressAtStart = 0;

const progress = async () => (await scene.h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, scene.campaignId)))[0]!.p;

/** A guest's sandbox card gift on `page`; `declined` uses the declined test card. */
async function give(page: SupporterPageView, amountCents: number, declined = false) {
  const input = checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId: scene.np.organizationId,
    campaignId: scene.campaignId,
    supporterPageId: page.id,
    amountCents,
    frequency: "once",
    method: "card",
    name: "Gina Guest",
    email: `guest-${randomUUID().slice(0, 8)}@example.org`,
    anonymous: false,
    share: { name: true, email: false },
    card: { number: declined ? "4000 0000 0000 0002" : "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
  });
  const result = await checkoutGift({ actor: null, input, client: testCheckoutClient() });
  if (result.status === "succeeded") standing.set(result.donationId, { page, amountCents });
  return result;
}

/** What each page, team and the fundraiser must show: the sums of the standing gifts. */
function expected() {
  const byPage = new Map(pages.map((p) => [p.id, { raisedCents: 0, giftCount: 0 }]));
  const byTeam = new Map<string, { raisedCents: number; giftCount: number }>();
  let all = 0;
  for (const { page, amountCents } of standing.values()) {
    const p = byPage.get(page.id)!;
    p.raisedCents += amountCents;
    p.giftCount++;
    const t = byTeam.get(page.team!.id) ?? { raisedCents: 0, giftCount: 0 };
    t.raisedCents += amountCents;
    t.giftCount++;
    byTeam.set(page.team!.id, t);
    all += amountCents;
  }
  return { byPage, byTeam, all };
}

/** The public page, team, leaderboard and progress figures against the standing gifts. */
async function expectExactTotals() {
  const want = expected();
  for (const page of pages) {
    const shown = await getPublicSupporterPage({ fundraiserId: scene.campaignId, slug: page.slug });
    expect({ page: page.title, raisedCents: shown.raisedCents, giftCount: shown.giftCount }).toEqual({ page: page.title, ...want.byPage.get(page.id) });
  }
  for (const team of new Map(pages.map((p) => [p.team!.id, p.team!])).values()) {
    const shown = await getPublicSupporterTeam({ fundraiserId: scene.campaignId, slug: team.slug });
    expect({ team: team.name, raisedCents: shown.raisedCents, giftCount: shown.giftCount }).toEqual({ team: team.name, ...want.byTeam.get(team.id) });
  }
  const boards = await getSupporterLeaderboards({ fundraiserId: scene.campaignId });
  expect(boards.topPages.reduce((s, p) => s + p.raisedCents, 0)).toBe(want.all);
  expect(boards.topTeams.reduce((s, t) => s + t.raisedCents, 0)).toBe(want.all);
  expect((await progress()) - progressAtStart).toBe(want.all);
  // One row per succeeded gift: no gift recorded twice under concurrency.
  const [stored] = await scene.h.db
    .select({ n: sql<number>`count(*)`.mapWith(Number), cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)`.mapWith(Number) })
    .from(donations)
    .where(and(eq(donations.fundraiserId, scene.campaignId), eq(donations.status, "succeeded")));
  expect(stored).toEqual({ n: standing.size, cents: want.all });
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  // Forty gifts with one test card: the card-testing limits are not what this test is about.
  setEnvForTests({
    NEXTAUTH_SECRET: "test-secret-for-concurrent-gifts-0123456789",
    CHECKOUT_CHALLENGE: "off",
    CHECKOUT_CARD_MAX_ATTEMPTS: "1000",
    SMTP_URL: `smtp://127.0.0.1:${port}`,
  });
  scene = await makeDonationScene("Hillside Food Shelf", "Harvest Relay", ["relay.one@example.org", "relay.two@example.org"]);
  await startMailWorker({ pollingIntervalSeconds: 0.5 });
  await updateSupporterSettings({ actor: scene.np.user, fundraiserId: scene.campaignId, input: { enabled: true, needApproval: false, teamsAllowed: true, suggestedGoal: "500", story: "Relay with us." } });
  const a = await createSupporterPage({ actor: scene.donor, fundraiserId: scene.campaignId, input: { title: "Leg one", goal: "500", team: { mode: "create", name: "North Relay", goal: "2000" } } });
  const b = await createSupporterPage({ actor: scene.otherDonor, fundraiserId: scene.campaignId, input: { title: "Leg two", goal: "500", team: { mode: "join", teamId: a.team!.id } } });
  const c = await createSupporterPage({ actor: await makeDonor("relay.three@example.org"), fundraiserId: scene.campaignId, input: { title: "Leg three", goal: "500", team: { mode: "create", name: "South Relay", goal: "2000" } } });
  const d = await createSupporterPage({ actor: await makeDonor("relay.four@example.org"), fundraiserId: scene.campaignId, input: { title: "Leg four", goal: "500", team: { mode: "join", teamId: c.team!.id } } });
  pages = [a, b, c, d];
  progressAtStart = await progress();
}, 120_000);

afterAll(async () => {
  await stopMailQueue();
  await scene.h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_CHALLENGE: undefined, CHECKOUT_CARD_MAX_ATTEMPTS: undefined, SMTP_URL: undefined });
});

test("40 gifts at once over four pages in two teams: every page, team and the fundraiser exact to the cent", async () => {
  // Uneven amounts (odd cents) so that a lost or doubled gift cannot hide in a round total; every 8th declined.
  const results = await Promise.all(Array.from({ length: 40 }, (_, i) => give(pages[(i * 3) % 4]!, 101 + ((i * 7_919) % 25_000), i % 8 === 7)));
  expect(results.filter((r) => r.status === "succeeded")).toHaveLength(35);
  expect(results.filter((r) => r.status === "failed")).toHaveLength(5);
  expect(standing.size).toBe(35);
  await expectExactTotals();
}, 120_000);

test("refunds while more gifts arrive: each refund leaves its page, team and the fundraiser once", async () => {
  // One gift of each team; the first is refunded twice at once (an organizer's double click).
  const gifts = [...standing.entries()];
  const first = gifts.find(([, g]) => g.page.team!.id === pages[0]!.team!.id)!;
  const second = gifts.find(([, g]) => g.page.team!.id === pages[2]!.team!.id)!;
  const refunds = [first, second, first].map(([id]) => refundDonation({ actor: scene.np.user, donationId: id }));
  const more = Array.from({ length: 8 }, (_, i) => give(pages[i % 4]!, 2_503 + i * 111));
  const settled = await Promise.allSettled([...refunds, ...more]);
  // Both refunds took effect (the repeat of the first answers refunded or is refused, never refunds twice); every new gift succeeded.
  expect(settled.slice(0, 2).map((s) => s.status)).toEqual(["fulfilled", "fulfilled"]);
  expect(settled.slice(3).every((s) => s.status === "fulfilled" && (s.value as { status: string }).status === "succeeded")).toBe(true);
  standing.delete(first[0]);
  standing.delete(second[0]);
  const refunded = await scene.h.db.select({ id: donations.id }).from(donations).where(and(eq(donations.fundraiserId, scene.campaignId), eq(donations.status, "refunded")));
  expect(refunded.map((r) => r.id).sort()).toEqual([first[0], second[0]].sort());
  await expectExactTotals();
}, 120_000);
