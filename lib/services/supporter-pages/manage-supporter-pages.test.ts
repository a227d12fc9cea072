/**
 * The organization's side of peer-to-peer fundraising, against the real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), the real mail queue and a real SMTP server: the list of
 * supporter pages and teams with their totals, the supporter's email only when they agreed; the
 * CSV's exact columns, a neutralized formula cell; the message to a fundraiser's supporters
 * (one email per eligible supporter, the organization's name, an unsubscribe link that works),
 * its daily allowance; reports to the organization and the platform's team; and that another
 * organization's member is refused everywhere, through the services and the routes.
 */
import { eq, inArray } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Actor } from "@/lib/auth/actor";
import { supporterUnsubscribeToken } from "@/lib/auth/supporter-unsubscribe-link";
import { baseUrl, resetServerEnv, setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { makeDonationScene, makeDonor, makeGift, makeNonprofit, type ClaimedNonprofit, type DonationScene } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { organizationAuditLog, organizations, supporterPages, users } from "@/models";
import { GET as listRoute } from "@/app/api/(app)/organizations/[id]/supporter-pages/route";
import { GET as csvRoute } from "@/app/api/(app)/organizations/[id]/supporter-pages.csv/route";
import { PUT as settingsRoute } from "@/app/api/(app)/fundraisers/[campaignId]/supporter-settings/route";
import { POST as messageRoute } from "@/app/api/(app)/fundraisers/[campaignId]/supporter-messages/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/(app)/supporter-pages/[id]/route";
import { POST as statusRoute } from "@/app/api/(app)/supporter-pages/[id]/status/route";
import { POST as reportRoute } from "@/app/api/(app)/supporter-pages/[id]/report/route";
import { POST as unsubscribeRoute } from "@/app/api/(app)/supporter-pages/unsubscribe/route";
import {
  getSupporterUnsubscribe,
  listSupporterPagesForOrganization,
  messageSupporters,
  reportSupporterPage,
  SUPPORTER_MESSAGE_AUDIT,
  SUPPORTER_MESSAGES_PER_DAY,
  supporterPagesCsv,
  unsubscribeSupporter,
} from "./manage-supporter-pages";
import { updateSupporterSettings } from "./settings";
import { createSupporterPage } from "./supporter-pages";

const m = messages.supporterPages;
const ADMIN = "platform.team@givebridge.test";
const ORG_CONTACT = "hello@riverside.example.org";

let scene: DonationScene;
let other: ClaimedNonprofit;
let server: SMTPServer;
let received: { to: string; mail: ParsedMail }[] = [];
let ana: { id: string; teamId: string };
let ben: { id: string };
let cy: { id: string };

async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}
const mailsTo = (to: string) => received.filter((r) => r.to === to).map((r) => r.mail);
const optedOut = async (id: string) => (await scene.h.db.select({ o: supporterPages.messagesOptOut }).from(supporterPages).where(eq(supporterPages.id, id)))[0]!.o;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address).join(",");
      simpleParser(stream)
        .then((mail) => received.push({ to, mail }))
        .finally(() => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-manage-supporter-pages-0123", CHECKOUT_CHALLENGE: "off", SMTP_URL: `smtp://127.0.0.1:${port}`, ADMIN_EMAIL: ADMIN });
  resetServerEnv();
  scene = await makeDonationScene("Riverside Food Bank", "Turkey Trot 5K", ["ana.runner@example.org", "ben.walker@example.org"]);
  other = await makeNonprofit(scene.h.db, "Other Hill Library");
  await scene.h.db.update(organizations).set({ email: ORG_CONTACT }).where(eq(organizations.id, scene.np.organizationId));
  await updateSupporterSettings({ actor: scene.np.user, fundraiserId: scene.campaignId, input: { enabled: true, needApproval: false, teamsAllowed: true, suggestedGoal: "500", story: "" } });

  // Ana shares her email and starts a team; her title would run as a spreadsheet formula.
  const a = await createSupporterPage({
    actor: scene.donor,
    fundraiserId: scene.campaignId,
    input: { title: "=HYPERLINK(\"http://evil.example\",\"Ana\")", goal: "500", team: { mode: "create", name: "Office Runners", goal: "2000" }, shareEmailWithOrganization: true },
  });
  ana = { id: a.id, teamId: a.team!.id };
  // Ben joins the team and keeps his email to himself.
  ben = await createSupporterPage({ actor: scene.otherDonor, fundraiserId: scene.campaignId, input: { title: "Ben walks", goal: "300", team: { mode: "join", teamId: ana.teamId } } });
  const cyActor = await makeDonor("cy.jogger@example.org");
  cy = await createSupporterPage({ actor: cyActor, fundraiserId: scene.campaignId, input: { title: "Cy jogs", goal: "100", shareEmailWithOrganization: true } });
  await scene.h.db.update(users).set({ firstName: "Ana", lastName: "Runner" }).where(eq(users.id, scene.donor.id));
  await scene.h.db.update(users).set({ firstName: "Ben", lastName: "Walker" }).where(eq(users.id, scene.otherDonor.id));

  const gift = (pageId: string | null, teamId: string | null, amountCents: number, status: "succeeded" | "failed" = "succeeded") =>
    makeGift(scene.h.db, scene.np.organizationId, null, { fundraiserId: scene.campaignId, supporterPageId: pageId, supporterTeamId: teamId, amountCents, status, succeededAt: status === "succeeded" ? new Date() : null });
  await gift(ana.id, ana.teamId, 2_500);
  await gift(ana.id, ana.teamId, 1_001);
  await gift(ana.id, ana.teamId, 9_999, "failed");
  await gift(ben.id, ana.teamId, 4_000);
  await gift(null, null, 700);

  await startMailWorker({ pollingIntervalSeconds: 0.5 });
}, 120_000);

afterAll(async () => {
  await stopMailQueue();
  await scene.h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_CHALLENGE: undefined, SMTP_URL: undefined, ADMIN_EMAIL: undefined });
  resetServerEnv();
});

beforeEach(() => {
  received = [];
});

describe("the list of supporter pages", () => {
  test("every page with its fundraiser, team, supporter and totals of succeeded gifts; the email only when the supporter agreed", async () => {
    const view = await listSupporterPagesForOrganization({ actor: scene.np.user, organizationId: scene.np.organizationId });
    const byId = new Map(view.pages.map((p) => [p.id, p]));
    expect(view.pages).toHaveLength(3);
    expect(byId.get(ana.id)).toMatchObject({ fundraiserName: "Turkey Trot 5K", team: { name: "Office Runners" }, supporterName: "Ana Runner", supporterEmail: "ana.runner@example.org", goalCents: 50_000, raisedCents: 3_501, giftCount: 2, status: "active" });
    expect(byId.get(ben.id)).toMatchObject({ supporterName: "Ben Walker", supporterEmail: null, raisedCents: 4_000, giftCount: 1 });
    expect(byId.get(cy.id)).toMatchObject({ supporterEmail: "cy.jogger@example.org", raisedCents: 0, giftCount: 0, team: null });
    expect(JSON.stringify(view)).not.toContain("ben.walker@example.org");
    expect(view.teams).toEqual([expect.objectContaining({ name: "Office Runners", raisedCents: 7_501, giftCount: 3, pageCount: 2, goalCents: 200_000 })]);
    expect(view.fundraisers).toEqual([expect.objectContaining({ id: scene.campaignId, enabled: true, teamsAllowed: true, suggestedGoalCents: 50_000 })]);
  });

  test("filters by fundraiser, state and team; an unknown state is refused with its message", async () => {
    const list = (over: Record<string, string>) => listSupporterPagesForOrganization({ actor: scene.np.user, organizationId: scene.np.organizationId, ...over });
    expect((await list({ teamId: ana.teamId })).pages.map((p) => p.id).sort()).toEqual([ana.id, ben.id].sort());
    expect((await list({ status: "hidden" })).pages).toEqual([]);
    expect((await list({ fundraiserId: "another-fundraiser" })).pages).toEqual([]);
    await expect(list({ status: "deleted" })).rejects.toMatchObject({ code: "validation", message: m.statusFilterInvalid });
  });

  test("the route answers the same view; anonymous 401, another organization 403", async () => {
    const get = (user: Actor | undefined, organizationId = scene.np.organizationId, query = "") =>
      call(listRoute, { url: `/api/organizations/${organizationId}/supporter-pages${query}`, params: { id: organizationId }, user });
    const res = await get(scene.np.user, scene.np.organizationId, `?teamId=${ana.teamId}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { pages: unknown[] }).pages).toHaveLength(2);
    expect((await get(undefined)).status).toBe(401);
    expect((await get(other.user)).status).toBe(403);
    expect((await get(scene.donor)).status).toBe(403);
    expect((await get(scene.np.user, scene.np.organizationId, "?status=nope")).status).toBe(422);
  });
});

describe("the CSV", () => {
  test("exact columns, dollars, the page's address; a formula is neutralized and the email is empty unless shared", async () => {
    const { filename, csv } = await supporterPagesCsv({ actor: scene.np.user, organizationId: scene.np.organizationId, now: new Date("2026-11-27T23:59:00Z") });
    expect(filename).toBe("supporter-pages-2026-11-27.csv");
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("Page,Team,Supporter name,Supporter email,Goal USD,Raised USD,Gifts,Status,Page URL");
    const anaLine = lines.find((l) => l.includes("HYPERLINK"))!;
    expect(anaLine.startsWith(`"'=HYPERLINK(`)).toBe(true);
    expect(anaLine).toContain(",Office Runners,Ana Runner,ana.runner@example.org,500.00,35.01,2,Active,");
    const benLine = lines.find((l) => l.startsWith("Ben walks"))!;
    expect(benLine).toBe(`Ben walks,Office Runners,Ben Walker,,300.00,40.00,1,Active,${baseUrl()}/fundraiser/${scene.campaignId}/p/ben-walks`);
    expect(csv).not.toContain("ben.walker@example.org");
  });

  test("both download addresses answer the file to a member only", async () => {
    const id = scene.np.organizationId;
    const viaCsv = await call(csvRoute, { url: `/api/organizations/${id}/supporter-pages.csv`, params: { id }, user: scene.np.user });
    expect(viaCsv.status).toBe(200);
    expect(viaCsv.headers.get("content-type")).toContain("text/csv");
    expect(viaCsv.headers.get("content-disposition")).toMatch(/^attachment; filename="supporter-pages-\d{4}-\d{2}-\d{2}\.csv"$/);
    const viaFormat = await call(listRoute, { url: `/api/organizations/${id}/supporter-pages?format=csv`, params: { id }, user: scene.np.user });
    expect(await viaFormat.text()).toBe(await viaCsv.text());
    expect((await call(csvRoute, { url: `/api/organizations/${id}/supporter-pages.csv`, params: { id }, user: other.user })).status).toBe(403);
    await expect(supporterPagesCsv({ actor: other.user, organizationId: id })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("writing to supporters", () => {
  test("one email per eligible supporter with the organization's name, its Reply-To and a working unsubscribe link; the next message skips who unsubscribed", async () => {
    // Cy's page is hidden by the organization: Cy is not written to.
    await changeStatus(scene.np.user, cy.id, "hide", 200);
    const result = await messageSupporters({ actor: scene.np.user, fundraiserId: scene.campaignId, input: { subject: "Race day details", body: "Packet pickup is Friday.\n\nThank you for running with us!" } });
    expect(result).toEqual({ queued: 2 });
    await waitFor(() => mailsTo("ana.runner@example.org").length === 1 && mailsTo("ben.walker@example.org").length === 1);
    expect(mailsTo("cy.jogger@example.org")).toHaveLength(0);
    const mail = mailsTo("ben.walker@example.org")[0]!;
    expect(mail.subject).toBe("Race day details");
    expect(mail.text).toContain("Riverside Food Bank");
    expect(mail.text).toContain("Packet pickup is Friday.");
    expect(mail.replyTo?.text).toBe(ORG_CONTACT);
    const link = /(https?:\/\/\S+\/supporter-pages\/unsubscribe\?page=([^&\s]+)&token=([A-Za-z0-9_-]{43}))/.exec(mail.text ?? "");
    expect(link).not.toBeNull();
    expect(decodeURIComponent(link![2]!)).toBe(ben.id);

    // The link's page shows what it is about and changes nothing; the confirm button posts.
    expect(await getSupporterUnsubscribe({ pageId: ben.id, token: link![3] })).toMatchObject({ pageTitle: "Ben walks", organizationName: "Riverside Food Bank", unsubscribed: false });
    expect(await optedOut(ben.id)).toBe(false);
    const res = await call(unsubscribeRoute, { method: "POST", url: "/api/supporter-pages/unsubscribe", json: { page: ben.id, token: link![3] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true, message: m.unsubscribed });
    expect(await optedOut(ben.id)).toBe(true);

    received = [];
    const viaRoute = await call(messageRoute, { method: "POST", url: `/api/fundraisers/${scene.campaignId}/supporter-messages`, params: { campaignId: scene.campaignId }, json: { subject: "Results", body: "We raised a lot." }, user: scene.np.user });
    expect(viaRoute.status).toBe(202);
    expect(await viaRoute.json()).toEqual({ queued: 1 });
    await waitFor(() => mailsTo("ana.runner@example.org").length === 1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(mailsTo("ben.walker@example.org")).toHaveLength(0);

    const audit = await scene.h.db.select().from(organizationAuditLog).where(eq(organizationAuditLog.action, SUPPORTER_MESSAGE_AUDIT));
    expect(audit.map((a) => [a.subjectId, a.details.queued])).toEqual([
      [scene.campaignId, 2],
      [scene.campaignId, 1],
    ]);
  });

  test("a bad, altered or another page's token is refused and changes nothing", async () => {
    // Its last character changed to another one (a token may already end in "A").
    const altered = (token: string) => token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const token of ["", "x".repeat(43), supporterUnsubscribeToken(ben.id), altered(supporterUnsubscribeToken(ana.id))]) {
      await expect(unsubscribeSupporter({ pageId: ana.id, token })).rejects.toMatchObject({ code: "not_found", message: m.unsubscribeInvalid });
    }
    await expect(getSupporterUnsubscribe({ pageId: ana.id, token: "nope" })).rejects.toMatchObject({ code: "not_found" });
    const res = await call(unsubscribeRoute, { method: "POST", url: "/api/supporter-pages/unsubscribe", json: { page: ana.id, token: supporterUnsubscribeToken(cy.id) } });
    expect(res.status).toBe(404);
    expect(await optedOut(ana.id)).toBe(false);
  });

  test("bad input, other callers and the daily allowance are refused, and nothing is queued", async () => {
    const send = (actor: Actor | null, input: unknown = { subject: "Hi", body: "Hello" }) => messageSupporters({ actor, fundraiserId: scene.campaignId, input });
    await expect(send(scene.np.user, { subject: " ", body: "Hello" })).rejects.toMatchObject({ code: "validation", message: m.messageSubjectRequired });
    await expect(send(other.user)).rejects.toMatchObject({ code: "forbidden" });
    await expect(send(scene.donor)).rejects.toMatchObject({ code: "forbidden" });
    await expect(send(null)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(messageSupporters({ actor: scene.np.user, fundraiserId: "no-such-fundraiser", input: { subject: "Hi", body: "Hello" } })).rejects.toMatchObject({ code: "not_found" });
    const viaRoute = await call(messageRoute, { method: "POST", url: `/api/fundraisers/${scene.campaignId}/supporter-messages`, params: { campaignId: scene.campaignId }, json: { subject: "Hi", body: "Hello" }, user: other.user });
    expect(viaRoute.status).toBe(403);

    // Two sent above; the allowance is SUPPORTER_MESSAGES_PER_DAY in any 24 hours.
    const sent = (await scene.h.db.select().from(organizationAuditLog).where(eq(organizationAuditLog.action, SUPPORTER_MESSAGE_AUDIT))).length;
    for (let i = sent; i < SUPPORTER_MESSAGES_PER_DAY; i++) {
      await scene.h.db.insert(organizationAuditLog).values({ organizationId: scene.np.organizationId, actorUserId: scene.np.user.id, action: SUPPORTER_MESSAGE_AUDIT, subjectId: scene.campaignId, details: { queued: 0 } });
    }
    await expect(send(scene.np.user)).rejects.toMatchObject({ code: "rate_limited", message: m.messageLimit });
    // A day later the allowance is back.
    expect(await messageSupporters({ actor: scene.np.user, fundraiserId: scene.campaignId, input: { subject: "Tomorrow", body: "Hello" }, now: new Date(Date.now() + 25 * 60 * 60 * 1000) })).toEqual({ queued: 1 });
    await waitFor(() => mailsTo("ana.runner@example.org").length === 1);
    expect(received.map((r) => r.mail.subject)).toEqual(["Tomorrow"]);
  });
});

describe("reporting a page", () => {
  test("anyone's report reaches the organization's members and the platform's team with the page's address and the reason", async () => {
    const res = await call(reportRoute, { method: "POST", url: `/api/supporter-pages/${ben.id}/report`, params: { id: ben.id }, json: { reason: "This page asks for money by wire transfer." } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, message: m.reported });
    await waitFor(() => mailsTo(scene.np.user.email).length === 1 && mailsTo(ADMIN).length === 1);
    for (const mail of [mailsTo(scene.np.user.email)[0]!, mailsTo(ADMIN)[0]!]) {
      expect(mail.subject).toContain("Ben walks");
      expect(mail.text).toContain(`${baseUrl()}/fundraiser/${scene.campaignId}/p/ben-walks`);
      expect(mail.text).toContain("This page asks for money by wire transfer.");
    }
    expect(mailsTo(other.user.email)).toHaveLength(0);
  });

  test("an empty reason, an unknown page and a hidden page are refused", async () => {
    await expect(reportSupporterPage({ pageId: ana.id, input: { reason: "  " } })).rejects.toMatchObject({ code: "validation", message: m.reportReasonRequired });
    await expect(reportSupporterPage({ pageId: "no-such-page", input: { reason: "Spam" } })).rejects.toMatchObject({ code: "not_found" });
    await expect(reportSupporterPage({ pageId: cy.id, input: { reason: "Spam" } })).rejects.toMatchObject({ code: "not_found" });
  });
});

async function changeStatus(user: Actor | undefined, id: string, action: string, expected: number) {
  const res = await call(statusRoute, { method: "POST", url: `/api/supporter-pages/${id}/status`, params: { id }, json: { action }, user });
  expect(res.status).toBe(expected);
  return res;
}

describe("moderating through the routes", () => {
  test("the organization unhides, edits and deletes a page and changes its fundraiser's options; another organization gets 403/404 and changes nothing", async () => {
    await changeStatus(other.user, cy.id, "unhide", 404);
    await changeStatus(undefined, cy.id, "unhide", 401);
    await changeStatus(scene.np.user, cy.id, "unhide", 200);
    await changeStatus(scene.np.user, cy.id, "approve", 409);

    const put = (user: Actor, json: unknown) => call(updateRoute, { method: "PUT", url: `/api/supporter-pages/${cy.id}`, params: { id: cy.id }, json, user });
    expect((await put(other.user, { title: "Taken" })).status).toBe(404);
    const edited = await put(scene.np.user, { title: "Cy jogs for food", goal: "150" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ title: "Cy jogs for food", goalCents: 15_000 });

    const settings = { enabled: true, needApproval: true, teamsAllowed: false, suggestedGoal: "250", story: "Join us" };
    const putSettings = (user: Actor) => call(settingsRoute, { method: "PUT", url: `/api/fundraisers/${scene.campaignId}/supporter-settings`, params: { campaignId: scene.campaignId }, json: settings, user });
    expect((await putSettings(other.user)).status).toBe(403);
    const saved = await putSettings(scene.np.user);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ needApproval: true, teamsAllowed: false, suggestedGoalCents: 25_000 });

    const del = (user: Actor) => call(deleteRoute, { method: "DELETE", url: `/api/supporter-pages/${cy.id}`, params: { id: cy.id }, user });
    expect((await del(other.user)).status).toBe(404);
    expect((await del(scene.np.user)).status).toBe(200);
    expect(await scene.h.db.select().from(supporterPages).where(inArray(supporterPages.id, [cy.id]))).toHaveLength(0);
  });
});
