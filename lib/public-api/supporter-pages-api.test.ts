/**
 * Peer-to-peer fundraising in the public API and webhooks, over the real route handlers, the
 * real checkout, a real database, the job queue and a real local HTTP receiver (and a real SMTP
 * server for the mail the checkout sends): a public fundraiser's supporter pages and teams are
 * listed to anyone with their totals, never a pending or hidden one and never an email, page by
 * page through signed cursors; a donation names the supporter page and team it was made on; and
 * the organization's endpoint receives supporter_page.created / supporter_page.updated, signed,
 * with the supporter's email only when the supporter chose to share it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";
import type { Actor } from "@/lib/auth/actor";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { createApiKey } from "@/lib/public-api/keys/create-api-key";
import { checkoutGift } from "@/lib/services/donations/start-checkout";
import { updateSupporterSettings } from "@/lib/services/supporter-pages/settings";
import { changeSupporterPageStatus, createSupporterPage } from "@/lib/services/supporter-pages/supporter-pages";
import { startWebhookWorker } from "@/lib/services/webhooks/deliver-webhook";
import { startTestReceiver, type ReceivedWebhook, type TestReceiver } from "@/lib/services/webhooks/test-receiver";
import { createWebhookEndpoint } from "@/lib/services/webhooks/webhook-endpoints";
import { makeDonationScene, makeDonor, makeNonprofit, testCheckoutClient, type DonationScene } from "@/lib/testing/service-fixtures";
import { checkoutSchema } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { createWebhookEndpointSchema } from "@/lib/validations/webhooks";
import { fundraisers, organizations, supporterTeams } from "@/models";
import { GET as donationRoute } from "@/app/api/v1/donations/[id]/route";
import { GET as donationsRoute } from "@/app/api/v1/donations/route";
import { GET as pagesRoute } from "@/app/api/v1/fundraisers/[id]/supporter-pages/route";
import { GET as teamsRoute } from "@/app/api/v1/fundraisers/[id]/teams/route";
import { webhookBodySchema, type SentWebhookType } from "./webhooks";

jest.setTimeout(120_000);

type Answer = { status: number; text: string; headers: Headers; body: Record<string, unknown> & { data?: Record<string, unknown>[] } };

async function api(handler: unknown, url: string, params: Record<string, string> = {}, key?: string): Promise<Answer> {
  const res = await call(handler, { url, params, headers: key ? { authorization: `Bearer ${key}` } : {} });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers, body: text ? JSON.parse(text) : null };
}

let scene: DonationScene;
let smtp: SMTPServer;
let receiver: TestReceiver;
let secret = "";
let donationsKey = "";
type PageView = Awaited<ReturnType<typeof createSupporterPage>>;
let ana: PageView, ben: PageView, cy: PageView, dee: PageView, eve: PageView;
let anaGift = "";
let ownGift = "";
const BEN_EMAIL = "ben.runner@example.org";

/** A guest's sandbox gift to the scene's fundraiser, on supporter page `pageId` (none: the fundraiser's own page). */
async function give(pageId: string | null, amountCents: number, over: Record<string, unknown> = {}) {
  const input = checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId: scene.np.organizationId,
    campaignId: scene.campaignId,
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
  return checkoutGift({ actor: null, input, client: testCheckoutClient() });
}

const start = (actor: Actor, input: Record<string, unknown>) => createSupporterPage({ actor, fundraiserId: scene.campaignId, input: { goal: "500", ...input } });
const pagesUrl = (id: string, query = "") => `/api/v1/fundraisers/${id}/supporter-pages${query}`;
const teamsUrl = (id: string, query = "") => `/api/v1/fundraisers/${id}/teams${query}`;

beforeAll(async () => {
  smtp = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], onData: (stream, _s, cb) => stream.on("data", () => undefined).on("end", () => cb()) });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  setEnvForTests({
    NEXTAUTH_SECRET: "test-secret-for-supporter-api-0123456789",
    CHECKOUT_CHALLENGE: "off",
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
    WEBHOOK_RETRY_SCHEDULE: "0.3,0.3,0.3",
    API_KEY_RATE_LIMIT: "100000",
    API_IP_RATE_LIMIT: "100000",
  });
  resetServerEnv();
  scene = await makeDonationScene("Riverside Food Bank", "Turkey Trot 5K", ["ana.runner@example.org", BEN_EMAIL]);
  await startMailWorker({ pollingIntervalSeconds: 0.5 });
  await startWebhookWorker({ pollingIntervalSeconds: 0.5 });
  receiver = await startTestReceiver();
  const input = createWebhookEndpointSchema.parse({ url: receiver.url("/p2p"), eventTypes: ["supporter_page.created", "supporter_page.updated", "donation.succeeded"] });
  ({ secret } = await createWebhookEndpoint({ actor: scene.np.user, input }));
  donationsKey = (await createApiKey({ actor: scene.np.user, input: { name: "CRM", scopes: ["read:donations"] } })).secret;

  await updateSupporterSettings({ actor: scene.np.user, fundraiserId: scene.campaignId, input: { enabled: true, needApproval: false, teamsAllowed: true, suggestedGoal: "500", story: "" } });
  ana = await start(scene.donor, { title: "Ana's 5K", team: { mode: "create", name: "Office Runners", goal: "2,000" } });
  ben = await start(scene.otherDonor, { title: "Ben runs", team: { mode: "join", teamId: ana.team!.id }, shareEmailWithOrganization: true });
  cy = await start(await makeDonor("cy.runner@example.org"), { title: "Cy runs" });
  eve = await start(await makeDonor("eve.runner@example.org"), { title: "Eve runs", team: { mode: "create", name: "Quiet Crew", goal: "100" } });
  await updateSupporterSettings({ actor: scene.np.user, fundraiserId: scene.campaignId, input: { enabled: true, needApproval: true, teamsAllowed: true, suggestedGoal: "500", story: "" } });
  dee = await start(await makeDonor("dee.runner@example.org"), { title: "Dee waits", team: { mode: "create", name: "Pending Pals", goal: "100" } });

  anaGift = (await give(ana.id, 2_500, { name: "Dora Donor" })).donationId;
  await give(ana.id, 1_001, { anonymous: true });
  await give(ben.id, 4_000);
  await give(cy.id, 1_500);
  ownGift = (await give(null, 700)).donationId;
  // The organization hides Cy's page; Eve's team is hidden (no service hides a team yet: the row is set as the organization's moderation would).
  await changeSupporterPageStatus({ actor: scene.np.user, pageId: cy.id, input: { action: "hide" } });
  await scene.h.db.update(supporterTeams).set({ status: "hidden" }).where(eq(supporterTeams.id, eve.team!.id));
}, 180_000);

afterAll(async () => {
  await stopMailQueue();
  await receiver.close();
  await scene.h.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_CHALLENGE: undefined, SMTP_URL: undefined, WEBHOOK_RETRY_SCHEDULE: undefined, API_KEY_RATE_LIMIT: undefined, API_IP_RATE_LIMIT: undefined });
  resetServerEnv();
});

describe("GET /api/v1/fundraisers/{id}/supporter-pages", () => {
  test("anyone (no key) gets the public pages with their totals, newest first; never a pending or hidden page, never an email", async () => {
    const r = await api(pagesRoute, pagesUrl(scene.campaignId), { id: scene.campaignId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(r.body.data!.map((p) => p.id)).toEqual([eve.id, ben.id, ana.id]);
    const byId = new Map(r.body.data!.map((p) => [p.id as string, p]));
    expect(byId.get(ana.id)).toEqual({
      object: "supporter_page",
      id: ana.id,
      fundraiser_id: scene.campaignId,
      slug: ana.slug,
      url: expect.stringMatching(new RegExp(`^https?://[^/]+/fundraiser/${scene.campaignId}/p/${ana.slug}$`)),
      title: "Ana's 5K",
      goal_cents: 50_000,
      raised_cents: 3_501,
      gift_count: 2,
      status: "active",
      team_id: ana.team!.id,
      supporter_name: "Dana D.",
      created_at: expect.stringMatching(/Z$/),
    });
    expect(byId.get(ben.id)).toMatchObject({ raised_cents: 4_000, gift_count: 1, team_id: ana.team!.id });
    // Eve's team is hidden: the page is listed, its team is not named.
    expect(byId.get(eve.id)).toMatchObject({ raised_cents: 0, gift_count: 0, team_id: null });
    expect(r.text).not.toContain("@");
    expect(r.text).not.toContain("Dana Donor");
    expect(r.text).not.toContain(cy.id);
    expect(r.text).not.toContain(dee.id);
  });

  test("pages chain through signed cursors, each once; filters by state and team; a cursor of another fundraiser or other filters is a 400", async () => {
    const seen: string[] = [];
    let url = pagesUrl(scene.campaignId, "?limit=1");
    let first = "";
    for (let i = 0; i < 5; i++) {
      const r = await api(pagesRoute, url, { id: scene.campaignId });
      expect(r.status).toBe(200);
      seen.push(...r.body.data!.map((p) => p.id as string));
      if (!r.body.next_cursor) break;
      first ||= r.body.next_cursor as string;
      url = pagesUrl(scene.campaignId, `?limit=1&cursor=${encodeURIComponent(r.body.next_cursor as string)}`);
    }
    expect(seen).toEqual([eve.id, ben.id, ana.id]);

    const team = await api(pagesRoute, pagesUrl(scene.campaignId, `?team_id=${ana.team!.id}`), { id: scene.campaignId });
    expect(team.body.data!.map((p) => p.id)).toEqual([ben.id, ana.id]);
    await changeSupporterPageStatus({ actor: scene.otherDonor, pageId: ben.id, input: { action: "pause" } });
    const paused = await api(pagesRoute, pagesUrl(scene.campaignId, "?status=paused"), { id: scene.campaignId });
    expect(paused.body.data!.map((p) => [p.id, p.status])).toEqual([[ben.id, "paused"]]);
    await changeSupporterPageStatus({ actor: scene.otherDonor, pageId: ben.id, input: { action: "resume" } });

    const other = await makeNonprofit(scene.h.db, "Other Public Org");
    const [otherFundraiser] = await scene.h.db.insert(fundraisers).values({ organizationId: other.organizationId, name: "Other Drive", goalCents: 1_000 }).returning({ id: fundraisers.id });
    const cursor = encodeURIComponent(first);
    for (const [id, query] of [
      [otherFundraiser!.id, `?limit=1&cursor=${cursor}`],
      [scene.campaignId, `?limit=1&status=active&cursor=${cursor}`],
    ] as const) {
      const r = await api(pagesRoute, pagesUrl(id, query), { id });
      expect({ id, status: r.status, detail: r.body.detail }).toEqual({ id, status: 400, detail: messages.publicApi.cursorInvalid });
    }
    const bad = await api(pagesRoute, pagesUrl(scene.campaignId, "?status=hidden"), { id: scene.campaignId });
    expect(bad.status).toBe(400);
  });

  test("404 problem for an unknown fundraiser and for a fundraiser of an organization that is not public", async () => {
    const hidden = await makeNonprofit(scene.h.db, "Not Live Yet");
    await scene.h.db.update(organizations).set({ live: false }).where(eq(organizations.id, hidden.organizationId));
    const [f] = await scene.h.db.insert(fundraisers).values({ organizationId: hidden.organizationId, name: "Secret Drive", goalCents: 1_000 }).returning({ id: fundraisers.id });
    for (const [handler, url, id] of [
      [pagesRoute, pagesUrl("no-such-fundraiser"), "no-such-fundraiser"],
      [pagesRoute, pagesUrl(f!.id), f!.id],
      [teamsRoute, teamsUrl("no-such-fundraiser"), "no-such-fundraiser"],
      [teamsRoute, teamsUrl(f!.id), f!.id],
    ] as const) {
      const r = await api(handler, url, { id });
      expect({ url, status: r.status, type: r.headers.get("content-type"), detail: r.body.detail }).toEqual({ url, status: 404, type: "application/problem+json", detail: messages.campaign.notFound });
    }
  });
});

describe("GET /api/v1/fundraisers/{id}/teams", () => {
  test("public teams with totals (gifts of their pages) and public member pages; a pending or hidden team is not listed", async () => {
    const r = await api(teamsRoute, teamsUrl(scene.campaignId), { id: scene.campaignId });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      {
        object: "supporter_team",
        id: ana.team!.id,
        fundraiser_id: scene.campaignId,
        slug: "office-runners",
        url: expect.stringMatching(new RegExp(`/fundraiser/${scene.campaignId}/t/office-runners$`)),
        name: "Office Runners",
        goal_cents: 200_000,
        raised_cents: 7_501,
        gift_count: 3,
        member_count: 2,
        status: "active",
        created_at: expect.stringMatching(/Z$/),
      },
    ]);
    expect(r.text).not.toContain("Quiet Crew");
    expect(r.text).not.toContain("Pending Pals");
    expect(r.text).not.toContain("@");
    // A key may be sent: the same public answer.
    expect((await api(teamsRoute, teamsUrl(scene.campaignId), { id: scene.campaignId }, donationsKey)).body.data).toEqual(r.body.data);
  });
});

describe("the donation resource", () => {
  test("names the supporter page and team a gift was made on; a gift on the fundraiser's own page has null for both", async () => {
    const one = await api(donationRoute, `/api/v1/donations/${anaGift}`, { id: anaGift }, donationsKey);
    expect(one.body).toMatchObject({ id: anaGift, fundraiser_id: scene.campaignId, supporter_page_id: ana.id, team_id: ana.team!.id, amount_cents: 2_500 });
    const list = await api(donationsRoute, `/api/v1/donations?fundraiser_id=${scene.campaignId}&limit=100`, {}, donationsKey);
    const own = list.body.data!.find((d) => d.id === ownGift);
    expect(own).toMatchObject({ supporter_page_id: null, team_id: null });
    expect(list.body.data!.filter((d) => d.supporter_page_id === ana.id)).toHaveLength(2);
  });
});

describe("webhooks", () => {
  /** Every request the endpoint got so far, verified with the Standard Webhooks library. */
  const events = (requests: ReceivedWebhook[]) => requests.map((r) => ({ raw: r.body, ...(new Webhook(secret).verify(r.body, r.headers) as { type: SentWebhookType; data: Record<string, unknown> }) }));

  test("supporter_page.created and .updated arrive signed, as documented; the supporter's email only when shared; donation.succeeded names the page", async () => {
    // 5 pages created, Cy hidden, Ben paused and resumed (3 updates), 5 gifts.
    const all = events(await receiver.waitFor("/p2p", 13));
    for (const e of all) {
      const read = webhookBodySchema(e.type).safeParse(JSON.parse(e.raw));
      expect({ type: e.type, issues: read.error?.issues ?? [] }).toEqual({ type: e.type, issues: [] });
      expect(read.data).toEqual(JSON.parse(e.raw));
    }
    const of = (type: string, id: string) => all.filter((e) => e.type === type && e.data.id === id);
    expect([ana, ben, cy, dee, eve].map((p) => of("supporter_page.created", p.id).length)).toEqual([1, 1, 1, 1, 1]);

    const [anaCreated] = of("supporter_page.created", ana.id);
    expect(anaCreated!.data).toMatchObject({ object: "supporter_page", organization_id: scene.np.organizationId, fundraiser_id: scene.campaignId, status: "active", team_id: ana.team!.id, supporter_name: "Dana D.", raised_cents: 0 });
    expect(anaCreated!.data).not.toHaveProperty("supporter_email");
    expect(anaCreated!.raw).not.toContain("ana.runner@example.org");
    expect(anaCreated!.raw).not.toContain("Dana Donor");
    // Ben agreed to share his email with the organization.
    expect(of("supporter_page.created", ben.id)[0]!.data).toMatchObject({ supporter_email: BEN_EMAIL });
    // The organization hears of pages the public does not see: pending, hidden.
    expect(of("supporter_page.created", dee.id)[0]!.data).toMatchObject({ status: "pending" });
    expect(of("supporter_page.updated", cy.id).map((e) => e.data.status)).toEqual(["hidden"]);
    expect(of("supporter_page.updated", cy.id)[0]!.data).toMatchObject({ raised_cents: 1_500, gift_count: 1 });
    expect(of("supporter_page.updated", ben.id).map((e) => e.data.status).sort()).toEqual(["active", "paused"]);

    expect(of("donation.succeeded", anaGift)[0]!.data).toMatchObject({ supporter_page_id: ana.id, team_id: ana.team!.id });
    expect(of("donation.succeeded", ownGift)[0]!.data).toMatchObject({ supporter_page_id: null, team_id: null });
  });
});
