/**
 * An organization's thank-you emails and bulk year-end statements, against a real database and
 * a real SMTP server, through the real checkout, payment core and mail queue: templates are
 * validated (an unknown merge field is named), the variant follows the precedence tribute >
 * monthly > first > default, a succeeded gift delivers exactly one thank-you from the
 * organization's name, a disabled variant sends none, merge fields never show what the donor did
 * not share, the test send reaches only the member's own email, and the year-end statements go
 * once per donor who shared their email, listing only this organization's gifts.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { ZodError } from "zod";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { rowsOf } from "@/lib/db/rows";
import { call } from "@/lib/http/testing";
import { startMailWorker, stopMailQueue, THANK_YOU_QUEUE } from "@/lib/mail/queue";
import { checkoutGift } from "@/lib/services/donations/start-checkout";
import { makeDonationScene, makeGift, makeNonprofit, testCheckoutClient, type ClaimedNonprofit, type DonationScene } from "@/lib/testing/service-fixtures";
import { checkoutSchema, type TributeInput } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { DEFAULT_THANK_YOU_TEMPLATES, mergeFieldProblems, renderMergeFields, type ThankYouSettingsInput } from "@/lib/validations/thank-you";
import { organizations, thankYouMails } from "@/models";
import { PUT as putTemplates } from "@/app/api/(app)/thank-you-templates/route";
import { POST as postTest } from "@/app/api/(app)/thank-you-templates/test/route";
import { POST as postStatements } from "@/app/api/(app)/year-end-statements/route";
import { chooseThankYouVariant, startThankYouWorker } from "./thank-you-mail";
import { getThankYouSettings, previewThankYou, saveThankYouSettings, sendThankYouTest } from "./thank-you-templates";
import { getYearEndStatementProgress, sendOrganizationYearEndStatements } from "./year-end-statements";

const ORG_EMAIL = "hello@harbor-light.example";
let scene: DonationScene;
let other: ClaimedNonprofit;
let server: SMTPServer;
let received: { to: string; raw: string }[] = [];

async function waitFor(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

/** Until no mail job is waiting or running. */
async function drained() {
  // Both queues: a thank-you job still waiting would send its mail during the next test.
  await waitFor(async () => {
    const [row] = rowsOf(
      await scene.h.db.execute(sql`select count(*)::int as n from pgboss.job where name in ('mail', ${THANK_YOU_QUEUE}) and state in ('created', 'retry', 'active')`),
    ) as { n: number }[];
    return Number(row!.n) === 0;
  });
}

/** A received message's text, quoted-printable soft breaks joined and the common escapes decoded. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=").replace(/=E2=80=99/g, "’");
const isThankYou = (raw: string) => /^From: "?Harbor Light Shelter via Givebridge"? <no-reply@givebridge\.local>/m.test(raw);
const thanksTo = (to: string) => received.filter((m) => m.to === to && isThankYou(m.raw));

type Gift = { email: string; name?: string; shareName?: boolean; anonymous?: boolean; frequency?: "once" | "month"; tribute?: Partial<TributeInput>; amountCents?: number };

/** A guest's sandbox gift through the real checkout (succeeds at once). */
async function give(g: Gift) {
  const input = checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId: scene.np.organizationId,
    campaignId: scene.campaignId,
    amountCents: g.amountCents ?? 5_000,
    frequency: g.frequency ?? "once",
    name: g.name ?? "Robin Quill",
    email: g.email,
    anonymous: g.anonymous ?? false,
    share: { name: g.shareName ?? true, email: false },
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    ...(g.tribute ? { tribute: g.tribute } : {}),
  });
  const result = await checkoutGift({ actor: null, input, client: testCheckoutClient() });
  expect(result.status).toBe("succeeded");
  return result;
}

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.org`;

function settingsWith(over: Partial<ThankYouSettingsInput["templates"]> = {}, enabled = true): ThankYouSettingsInput {
  return { enabled, templates: { ...DEFAULT_THANK_YOU_TEMPLATES, ...over } };
}

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
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-thank-you-emails-0123456789", CHECKOUT_CHALLENGE: "off", SMTP_URL: `smtp://127.0.0.1:${port}` });
  resetServerEnv();
  scene = await makeDonationScene("Harbor Light Shelter", "Winter Beds", ["thanks.donor@example.org", "thanks.other@example.org"]);
  await scene.h.db.update(organizations).set({ email: ORG_EMAIL }).where(eq(organizations.id, scene.np.organizationId));
  other = await makeNonprofit(scene.h.db, "Other Valley Pantry");
  await startMailWorker({ pollingIntervalSeconds: 0.5 });
  await startThankYouWorker({ pollingIntervalSeconds: 0.5 });
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

describe("templates", () => {
  test("an unknown merge field is refused with a message naming it; the defaults are on until the organization saves", async () => {
    expect(mergeFieldProblems("Hi {{first_name}}, {{ email }}")).toEqual([expect.stringContaining("Unknown merge field {{email}}.")]);
    expect(mergeFieldProblems("Hi {{first_name")).toEqual([messages.thankYou.unclosedField]);
    const before = await getThankYouSettings({ actor: scene.np.user, organizationId: scene.np.organizationId });
    expect(before).toEqual({ enabled: true, templates: DEFAULT_THANK_YOU_TEMPLATES });

    const bad = settingsWith({ first: { enabled: true, subject: "Thanks {{donor_email}}", body: "Dear {{first_name}}" } });
    const error = await saveThankYouSettings({ actor: scene.np.user, organizationId: scene.np.organizationId, input: bad }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((i) => i.message)).toEqual([expect.stringMatching(/^Unknown merge field \{\{donor_email\}\}\. Use one of: \{\{first_name\}\}/)]);

    // Through the route: 400 with the message on the field.
    const res = await call(putTemplates, { method: "PUT", url: "/api/thank-you-templates", json: bad, user: scene.np.user });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("Unknown merge field {{donor_email}}");
    expect(await getThankYouSettings({ actor: scene.np.user, organizationId: scene.np.organizationId })).toEqual(before);
  });

  test("another organization's member, a donor and nobody are refused", async () => {
    await expect(getThankYouSettings({ actor: other.user, organizationId: scene.np.organizationId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveThankYouSettings({ actor: other.user, organizationId: scene.np.organizationId, input: settingsWith() })).rejects.toMatchObject({ code: "forbidden" });
    expect((await call(putTemplates, { method: "PUT", url: "/api/thank-you-templates", json: settingsWith() })).status).toBe(401);
    expect((await call(putTemplates, { method: "PUT", url: "/api/thank-you-templates", json: settingsWith(), user: scene.donor })).status).toBe(403);
  });

  test("the preview renders a sample donor, escapes the organization's text in HTML and comes from the organization", async () => {
    const preview = await previewThankYou({
      actor: scene.np.user,
      organizationId: scene.np.organizationId,
      input: { variant: "default", subject: "Thanks {{first_name}}", body: "Dear {{first_name}} {{last_name}},\n\n<b>{{amount}}</b> for {{fundraiser}}" },
    });
    expect(preview.subject).toBe("Thanks Jordan");
    expect(preview.text).toContain("Dear Jordan Rivera,");
    expect(preview.html).toContain("&lt;b&gt;$50.00&lt;/b&gt;");
    expect(preview.html).not.toContain("<b>$50.00");
    expect(preview.fromName).toBe("Harbor Light Shelter via Givebridge");
    expect(preview.replyTo).toBe(ORG_EMAIL);
  });
});

describe("choosing the variant", () => {
  test("tribute > monthly (first charge only) > first gift > default", () => {
    expect(chooseThankYouVariant({ tribute: true, monthlyCharge: "first", firstGift: true })).toBe("tribute");
    expect(chooseThankYouVariant({ tribute: false, monthlyCharge: "first", firstGift: true })).toBe("monthly");
    expect(chooseThankYouVariant({ tribute: false, monthlyCharge: null, firstGift: true })).toBe("first");
    expect(chooseThankYouVariant({ tribute: false, monthlyCharge: null, firstGift: false })).toBe("default");
    expect(chooseThankYouVariant({ tribute: true, monthlyCharge: "later", firstGift: false })).toBeNull();
  });
});

describe("the thank-you of a gift", () => {
  beforeAll(async () => {
    const mark = (v: string) => ({ enabled: true, subject: `[${v}] Thank you, {{first_name}}`, body: `Dear {{first_name}} {{last_name}},\n\nThank you for {{amount}} to {{organization}} for {{fundraiser}} {{tribute}} on {{date}}.\n\n— {{organization}}` });
    await saveThankYouSettings({ actor: scene.np.user, organizationId: scene.np.organizationId, input: settingsWith({ default: mark("default"), first: mark("first"), monthly: mark("monthly"), tribute: mark("tribute") }) });
  });

  test("a succeeded sandbox gift delivers exactly one thank-you from the organization's name; the second gift gets the default", async () => {
    const email = unique("ann");
    const gift = await give({ email, name: "Ann Marie Lake" });
    await waitFor(() => thanksTo(email).length > 0);
    await drained();
    const [mail] = thanksTo(email);
    expect(thanksTo(email)).toHaveLength(1);
    const text = textOf(mail!.raw);
    expect(text).toMatch(/^Subject: \[first\] Thank you, Ann$/m);
    expect(text).toMatch(/^Reply-To: hello@harbor-light\.example$/m);
    expect(text).toContain("Dear Ann Marie Lake,");
    expect(text).toContain("Thank you for $50.00 to Harbor Light Shelter for Winter Beds on");
    // The receipt is still sent, from the platform, separately.
    expect(received.filter((m) => m.to === email && !isThankYou(m.raw)).length).toBeGreaterThanOrEqual(1);
    expect(await scene.h.db.select().from(thankYouMails).where(eq(thankYouMails.donationId, gift.donationId))).toHaveLength(1);

    received = [];
    await give({ email: email.toUpperCase(), name: "Ann Marie Lake" });
    await waitFor(() => received.some((m) => m.to.toLowerCase() === email && isThankYou(m.raw)));
    await drained();
    const again = received.filter((m) => m.to.toLowerCase() === email && isThankYou(m.raw));
    expect(again).toHaveLength(1);
    expect(textOf(again[0]!.raw)).toMatch(/^Subject: \[default\] Thank you, Ann$/m);
  }, 60_000);

  test("a donor who did not share their name, and an anonymous one, get the fallback; no unshared field shows", async () => {
    const quiet = unique("quiet");
    await give({ email: quiet, name: "Quinn Secret", shareName: false });
    const anonymous = unique("anon");
    await give({ email: anonymous, name: "Avery Hidden", shareName: true, anonymous: true });
    await waitFor(() => thanksTo(quiet).length > 0 && thanksTo(anonymous).length > 0);
    for (const [to, name] of [
      [quiet, "Quinn"],
      [anonymous, "Avery"],
    ] as const) {
      const text = textOf(thanksTo(to)[0]!.raw);
      expect(text).toMatch(/^Subject: \[first\] Thank you, friend$/m);
      expect(text).toContain("Dear friend,");
      expect(text).not.toContain(name);
      // The donor's email is only the envelope's recipient, never in the body.
      const body = text.slice(text.indexOf("\r\n\r\n"));
      expect(body).not.toContain(to);
    }
  }, 60_000);

  test("a tribute gift and the first charge of a monthly gift get their variants", async () => {
    const honor = unique("honor");
    await give({ email: honor, tribute: { type: "honor", name: "Grandma Rose", sendCard: false } });
    const monthly = unique("monthly");
    await give({ email: monthly, frequency: "month" });
    await waitFor(() => thanksTo(honor).length > 0 && thanksTo(monthly).length > 0);
    const tributeText = textOf(thanksTo(honor)[0]!.raw);
    expect(tributeText).toMatch(/^Subject: \[tribute\] Thank you, Robin$/m);
    expect(tributeText).toContain("for Winter Beds in honor of Grandma Rose on");
    expect(textOf(thanksTo(monthly)[0]!.raw)).toMatch(/^Subject: \[monthly\] Thank you, Robin$/m);
  }, 60_000);

  test("a disabled variant sends none, and nor does the master switch off", async () => {
    const current = await getThankYouSettings({ actor: scene.np.user, organizationId: scene.np.organizationId });
    await saveThankYouSettings({ actor: scene.np.user, organizationId: scene.np.organizationId, input: { ...current, templates: { ...current.templates, first: { ...current.templates.first, enabled: false } } } });
    const email = unique("off");
    const gift = await give({ email });
    await waitFor(() => received.some((m) => m.to === email));
    await drained();
    expect(thanksTo(email)).toHaveLength(0);
    expect(await scene.h.db.select().from(thankYouMails).where(eq(thankYouMails.donationId, gift.donationId))).toHaveLength(0);

    await saveThankYouSettings({ actor: scene.np.user, organizationId: scene.np.organizationId, input: { ...current, enabled: false } });
    const second = unique("master");
    await give({ email: second });
    await waitFor(() => received.some((m) => m.to === second));
    await drained();
    expect(thanksTo(second)).toHaveLength(0);
    await saveThankYouSettings({ actor: scene.np.user, organizationId: scene.np.organizationId, input: current });
  }, 60_000);
});

describe("the test send", () => {
  test("goes only to the signed-in member's own email, whatever the body says, and is limited", async () => {
    const draft = { variant: "first", subject: "Hello {{first_name}}", body: "Dear {{first_name}},\n\nThanks from {{organization}}." };
    const res = await call(postTest, { method: "POST", url: "/api/thank-you-templates/test", json: { ...draft, to: "someone-else@example.org" }, user: scene.np.user });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sentTo: scene.np.user.email });
    await waitFor(() => received.some((m) => m.to === scene.np.user.email));
    await drained();
    expect(received.map((m) => m.to)).toEqual([scene.np.user.email]);
    const text = textOf(received[0]!.raw);
    expect(text).toMatch(/^Subject: \[Test\] Hello Jordan$/m);
    expect(isThankYou(received[0]!.raw)).toBe(true);

    // Another organization's member cannot send the organization's test.
    await expect(sendThankYouTest({ actor: other.user, organizationId: scene.np.organizationId, input: draft })).rejects.toMatchObject({ code: "forbidden" });
    // Five per ten minutes: four more pass, the next is refused.
    for (let i = 0; i < 4; i++) await sendThankYouTest({ actor: scene.np.user, organizationId: scene.np.organizationId, input: draft });
    await expect(sendThankYouTest({ actor: scene.np.user, organizationId: scene.np.organizationId, input: draft })).rejects.toMatchObject({ code: "rate_limited", message: messages.thankYou.testRateLimited });
  }, 60_000);
});

describe("bulk year-end statements", () => {
  const YEAR = 2025;
  const at = (day: string) => new Date(`${day}T17:00:00Z`);
  let shared: string, second: string, unshared: string, stopped: string;

  beforeAll(async () => {
    const org = scene.np.organizationId;
    shared = unique("stmt-shared");
    second = unique("stmt-second");
    unshared = unique("stmt-unshared");
    stopped = unique("stmt-stopped");
    const gift = (organizationId: string, donorEmail: string, amountCents: number, day: string, over: Parameters<typeof makeGift>[3] = {}) =>
      makeGift(scene.h.db, organizationId, null, { donorEmail, donorName: "Sam Giver", shareEmail: true, shareName: true, amountCents, createdAt: at(day), succeededAt: at(day), ...over });
    await gift(org, shared, 1_234, "2025-03-04");
    await gift(org, shared.toUpperCase(), 5_678, "2025-11-30");
    await gift(org, shared, 9_999, "2024-06-01"); // another year
    await gift(org, shared, 4_444, "2025-05-05", { status: "refunded" }); // refunded: not listed
    await gift(other.organizationId, shared, 7_777, "2025-07-07"); // another organization
    await gift(org, second, 2_000, "2025-08-08");
    await gift(org, unshared, 3_000, "2025-08-09", { shareEmail: false });
    await gift(org, stopped, 3_100, "2025-02-02");
    await gift(org, stopped, 3_200, "2025-09-09", { anonymous: true }); // the latest gift is anonymous
    // The earlier tests' mail is delivered before these start.
    await drained();
    received = [];
  });

  test("one mail per donor who shared their email, only this organization's gifts of the year; a second run sends none", async () => {
    const run = await sendOrganizationYearEndStatements({ actor: scene.np.user, organizationId: scene.np.organizationId, input: { year: YEAR } });
    expect(run).toMatchObject({ year: YEAR, eligible: 2, queued: 2, queuedNow: 2 });
    await waitFor(() => received.some((m) => m.to === shared) && received.some((m) => m.to === second));
    await drained();
    expect(received.map((m) => m.to).sort()).toEqual([second, shared].sort());
    const text = textOf(received.find((m) => m.to === shared)!.raw);
    expect(text).toMatch(/^Subject: Your 2025 giving statement from Harbor Light Shelter$/m);
    expect(isThankYou(received.find((m) => m.to === shared)!.raw)).toBe(true);
    expect(text).toContain("$12.34");
    expect(text).toContain("$56.78");
    expect(text).toContain("Total deductible in 2025: $69.12");
    expect(text).toContain("EIN");
    for (const absent of ["$99.99", "$44.44", "$77.77", "$20.00"]) expect(text).not.toContain(absent);

    received = [];
    const again = await sendOrganizationYearEndStatements({ actor: scene.np.user, organizationId: scene.np.organizationId, input: { year: YEAR } });
    expect(again).toMatchObject({ queuedNow: 0, queued: 2, eligible: 2 });
    const res = await call(postStatements, { method: "POST", url: "/api/year-end-statements", json: { year: YEAR }, user: scene.np.user });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ queuedNow: 0, queued: 2, delivered: 2 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(received).toHaveLength(0);
    expect(await getYearEndStatementProgress({ actor: scene.np.user, organizationId: scene.np.organizationId, input: { year: YEAR } })).toEqual({ year: YEAR, eligible: 2, queued: 2, delivered: 2 });
  }, 60_000);

  test("another organization's user gets 403; a bad year 400", async () => {
    await expect(sendOrganizationYearEndStatements({ actor: other.user, organizationId: scene.np.organizationId, input: { year: YEAR } })).rejects.toMatchObject({ code: "forbidden" });
    expect((await call(postStatements, { method: "POST", url: "/api/year-end-statements", json: { year: YEAR }, user: scene.donor })).status).toBe(403);
    expect((await call(postStatements, { method: "POST", url: "/api/year-end-statements", json: { year: YEAR } })).status).toBe(401);
    const bad = await call(postStatements, { method: "POST", url: "/api/year-end-statements", json: { year: 1999 }, user: scene.np.user });
    expect(bad.status).toBe(400);
    // The other organization's own run sees only its donor.
    const theirs = await sendOrganizationYearEndStatements({ actor: other.user, organizationId: other.organizationId, input: { year: YEAR } });
    expect(theirs).toMatchObject({ eligible: 1, queuedNow: 1 });
  });
});

describe("renderMergeFields", () => {
  test("a blank field leaves no stray space", () => {
    const values = { first_name: "friend", last_name: "", amount: "$5.00", fundraiser: "Direct Donation", tribute: "", organization: "Org", date: "Monday" };
    expect(renderMergeFields("Dear {{first_name}} {{last_name}},\nGift {{tribute}}.", values)).toBe("Dear friend,\nGift.");
  });
});
