/**
 * Tribute gifts through the real checkout, payment core and mail queue, delivered to a real
 * SMTP server: the dedication is stored on the gift (one-time and monthly), its card is queued
 * once when the gift succeeds for 09:00 of the donor's day in the donor's zone, is not
 * delivered before that instant and is after it, shows only what the donor shared, and is
 * never sent for a gift refunded before the day. Bad dedications are refused with their
 * messages (400), never a server error.
 */
import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { rowsOf } from "@/lib/db/rows";
import { call } from "@/lib/http/testing";
import { startMailWorker, stopMailQueue } from "@/lib/mail/queue";
import { makeDonationScene, testCheckoutClient, type DonationScene } from "@/lib/testing/service-fixtures";
import { checkoutSchema, sameDayNextYear, todayInTimeZone, type TributeInput } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { donations } from "@/models";
import { POST as createPaymentIntent } from "@/app/api/(spec)/createPaymentIntent/route";
import { checkoutGift } from "./start-checkout";
import { refundDonation } from "./refund-donation";
import { tributeCardSendAt } from "./tribute-card";

const ZONE = "America/New_York";
let scene: DonationScene;
let server: SMTPServer;
let received: { to: string; raw: string }[] = [];

/** The calendar day `days` after today in `zone`. */
function dayAhead(days: number, zone = ZONE): string {
  const [y, m, d] = todayInTimeZone(zone).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 09:00 on `day` in `zone`, computed on its own here. */
function nineAm(day: string, zone = ZONE): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 9, 0, 0, zone).getTime());
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

/** The mail-queue jobs of gift `donationId`'s card, with their state and start time. */
async function cardJobs(donationId: string): Promise<{ id: string; state: string; startAfter: Date }[]> {
  const result = await scene.h.db.execute(
    sql`select id, state, start_after as "startAfter" from pgboss.job where name = 'mail' and data->'tributeCard'->>'donationId' = ${donationId}`,
  );
  return (rowsOf(result) as { id: string; state: string; startAfter: Date | string }[]).map((r) => ({ ...r, startAfter: new Date(r.startAfter) }));
}

/** The clock reaches the card's day: its job becomes due now. */
async function reachSendDay(donationId: string): Promise<void> {
  await scene.h.db.execute(sql`update pgboss.job set start_after = now() where name = 'mail' and data->'tributeCard'->>'donationId' = ${donationId}`);
}

const cardsTo = (to: string) => received.filter((m) => m.to === to);
/** The text of a received message, its quoted-printable soft breaks joined. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=E2=80=9C/g, "“").replace(/=E2=80=9D/g, "”");

type Gift = { tribute: Partial<TributeInput>; share?: boolean; frequency?: "once" | "month"; idempotencyKey?: string; anonymous?: boolean };

/** A guest's $40 sandbox gift with a dedication, through the real checkout. */
async function give(g: Gift) {
  const input = checkoutSchema().parse({
    idempotencyKey: g.idempotencyKey ?? randomUUID(),
    organizationId: scene.np.organizationId,
    campaignId: scene.campaignId,
    amountCents: 4_000,
    frequency: g.frequency ?? "once",
    name: "Ann Giver",
    email: "ann.giver@example.org",
    anonymous: g.anonymous ?? false,
    share: { name: g.share ?? true, email: false },
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    tribute: g.tribute,
  });
  return checkoutGift({ actor: null, input, client: testCheckoutClient() });
}

const card = (over: Partial<TributeInput> = {}): Partial<TributeInput> => ({
  type: "memory",
  name: "Jane Doe",
  sendCard: true,
  recipientName: "Sam Doe",
  recipientEmail: `sam-${randomUUID().slice(0, 8)}@example.org`,
  message: "Thinking of you and of Jane.",
  sendOn: dayAhead(5),
  timeZone: ZONE,
  showAmount: false,
  ...over,
});

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
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-tribute-gifts-0123456789", CHECKOUT_CHALLENGE: "off", SMTP_URL: `smtp://127.0.0.1:${port}` });
  resetServerEnv();
  scene = await makeDonationScene("Tribute Valley Hospice", "Garden of Memory", ["tribute.donor@example.org", "other.donor@example.org"]);
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

describe("tributeCardSendAt", () => {
  test("09:00 of the day in the donor's zone, in UTC, daylight saving time included; now when that has passed", () => {
    const now = new Date("2027-01-01T12:00:00Z");
    expect(tributeCardSendAt({ sendOn: "2027-01-10", timeZone: "America/New_York", now }).toISOString()).toBe("2027-01-10T14:00:00.000Z");
    expect(tributeCardSendAt({ sendOn: "2027-07-10", timeZone: "America/New_York", now }).toISOString()).toBe("2027-07-10T13:00:00.000Z");
    expect(tributeCardSendAt({ sendOn: "2027-01-10", timeZone: "Asia/Kolkata", now }).toISOString()).toBe("2027-01-10T03:30:00.000Z");
    // The donor's "today" whose 09:00 is over already: the card goes at once.
    expect(tributeCardSendAt({ sendOn: "2027-01-01", timeZone: "Europe/Paris", now })).toEqual(now);
  });
});

describe("tribute gifts", () => {
  test("the tribute is stored on the gift; its card waits for 09:00 of the donor's day, then is delivered with only what was shared", async () => {
    const tribute = card();
    const result = await give({ tribute });
    expect(result.status).toBe("succeeded");
    const [row] = await scene.h.db.select().from(donations).where(eq(donations.id, result.donationId));
    expect(row).toMatchObject({
      tributeType: "memory",
      tributeName: "Jane Doe",
      tributeCard: { recipientName: "Sam Doe", recipientEmail: tribute.recipientEmail, message: tribute.message, sendOn: tribute.sendOn, timeZone: ZONE, showAmount: false },
    });

    // Queued once, for 09:00 New York time of the chosen day.
    const jobs = await cardJobs(result.donationId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.startAfter.toISOString()).toBe(nineAm(tribute.sendOn!).toISOString());

    // The receipt goes now; the card does not, though the worker is running.
    await waitFor(() => received.some((m) => m.to === "ann.giver@example.org"));
    await new Promise((r) => setTimeout(r, 2_000));
    expect(cardsTo(tribute.recipientEmail!)).toHaveLength(0);
    expect((await cardJobs(result.donationId))[0]!.state).toBe("created");

    // The day comes: the card is delivered once.
    await reachSendDay(result.donationId);
    await waitFor(() => cardsTo(tribute.recipientEmail!).length > 0);
    const [sent] = cardsTo(tribute.recipientEmail!);
    const text = textOf(sent!.raw);
    expect(text).toContain("Ann Giver made a gift to Tribute Valley Hospice in memory of Jane Doe.");
    expect(text).toContain("Dear Sam Doe,");
    expect(text).toContain("Thinking of you and of Jane.");
    // The amount was not allowed, and the donor's email is never on the card.
    expect(text).not.toContain("$40");
    expect(text).not.toContain("ann.giver@example.org");
    await waitFor(async () => (await cardJobs(result.donationId))[0]!.state === "completed");
    expect(cardsTo(tribute.recipientEmail!)).toHaveLength(1);
  }, 60_000);

  test("a donor who did not share a name is \"Someone\"; the amount shows only when allowed", async () => {
    const tribute = card({ type: "honor", name: "Grandma Rose", showAmount: true, message: "" });
    const result = await give({ tribute, share: false });
    await reachSendDay(result.donationId);
    await waitFor(() => cardsTo(tribute.recipientEmail!).length > 0);
    const text = textOf(cardsTo(tribute.recipientEmail!)[0]!.raw);
    expect(text).toContain("Someone made a gift of $40.00 to Tribute Valley Hospice in honor of Grandma Rose.");
    expect(text).not.toContain("Ann Giver");
    expect(text).not.toContain("ann.giver@example.org");
    expect(text).not.toContain("wrote:");
  }, 60_000);

  test("an anonymous gift's card names no one, even with the name shared", async () => {
    const tribute = card();
    const result = await give({ tribute, share: true, anonymous: true });
    await reachSendDay(result.donationId);
    await waitFor(() => cardsTo(tribute.recipientEmail!).length > 0);
    const text = textOf(cardsTo(tribute.recipientEmail!)[0]!.raw);
    expect(text).toContain("Someone made a gift to Tribute Valley Hospice in memory of Jane Doe.");
    expect(text).not.toContain("Ann Giver");
  }, 60_000);

  test("a checkout retried with the same idempotency key queues one card", async () => {
    const idempotencyKey = randomUUID();
    const tribute = card();
    const first = await give({ tribute, idempotencyKey });
    const again = await give({ tribute, idempotencyKey });
    expect(again.donationId).toBe(first.donationId);
    const [both] = await Promise.all([give({ tribute, idempotencyKey }), give({ tribute, idempotencyKey })]);
    expect(both.donationId).toBe(first.donationId);
    expect(await cardJobs(first.donationId)).toHaveLength(1);
    const gifts = await scene.h.db.select({ id: donations.id }).from(donations).where(eq(donations.tributeName, "Jane Doe"));
    expect(gifts.filter((g) => g.id === first.donationId)).toHaveLength(1);
  }, 60_000);

  test("a gift refunded before the card's day sends no card", async () => {
    const tribute = card();
    const result = await give({ tribute });
    expect(await cardJobs(result.donationId)).toHaveLength(1);
    await refundDonation({ actor: scene.np.user, donationId: result.donationId });
    await reachSendDay(result.donationId);
    await waitFor(async () => (await cardJobs(result.donationId))[0]!.state === "completed");
    await new Promise((r) => setTimeout(r, 500));
    expect(cardsTo(tribute.recipientEmail!)).toHaveLength(0);
  }, 60_000);

  test("a monthly gift carries its tribute too; a tribute without a card queues none", async () => {
    const monthly = await give({ tribute: card(), frequency: "month" });
    const [row] = await scene.h.db.select().from(donations).where(eq(donations.id, monthly.donationId));
    expect(row).toMatchObject({ tributeType: "memory", tributeName: "Jane Doe" });
    expect(row!.recurringGiftId).not.toBeNull();
    expect(await cardJobs(monthly.donationId)).toHaveLength(1);

    const plain = await give({ tribute: { type: "honor", name: "Coach Lee" } });
    const [stored] = await scene.h.db.select().from(donations).where(eq(donations.id, plain.donationId));
    expect(stored).toMatchObject({ tributeType: "honor", tributeName: "Coach Lee", tributeCard: null });
    expect(await cardJobs(plain.donationId)).toHaveLength(0);

    const none = await give({ tribute: {} });
    const [without] = await scene.h.db.select().from(donations).where(eq(donations.id, none.donationId));
    expect(without).toMatchObject({ tributeType: null, tributeName: null, tributeCard: null });
  }, 60_000);
});

describe("a bad dedication is refused with its message", () => {
  const post = (tribute: Partial<TributeInput>) =>
    call(createPaymentIntent, {
      method: "POST",
      url: "/api/createPaymentIntent",
      json: {
        idempotencyKey: randomUUID(),
        organizationId: scene.np.organizationId,
        amountCents: 2_500,
        name: "Ann Giver",
        email: "ann.giver@example.org",
        card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
        tribute,
      },
    });
  const refused = async (tribute: Partial<TributeInput>, field: string, message: string) => {
    const before = (await scene.h.db.select({ id: donations.id }).from(donations)).length;
    const res = await post(tribute);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message?: string; error?: string; fields?: Record<string, string> };
    expect(body.fields?.[field]).toBe(message);
    expect((await scene.h.db.select({ id: donations.id }).from(donations)).length).toBe(before);
  };

  test("a missing honoree name", async () => {
    await refused({ type: "honor", name: "  " }, "tribute.name", messages.tribute.nameRequired);
  });
  test("a honoree name over 100 characters", async () => {
    await refused({ type: "honor", name: "x".repeat(101) }, "tribute.name", messages.tribute.nameTooLong);
  });
  test("a bad recipient email", async () => {
    await refused(card({ recipientEmail: "sam-at-example" }), "tribute.recipientEmail", messages.tribute.recipientEmailInvalid);
  });
  test("a send date in the past, in the donor's zone", async () => {
    await refused(card({ sendOn: dayAhead(-1) }), "tribute.sendOn", messages.tribute.sendOnPast);
  });
  test("a send date more than a year ahead", async () => {
    expect(dayAhead(367) > sameDayNextYear(todayInTimeZone(ZONE))).toBe(true);
    await refused(card({ sendOn: dayAhead(367) }), "tribute.sendOn", messages.tribute.sendOnTooFar);
  });
  test("a message over 500 characters, an unknown zone, a bad type", async () => {
    await refused(card({ message: "m".repeat(501) }), "tribute.message", messages.tribute.messageTooLong);
    await refused(card({ timeZone: "Mars/Olympus" }), "tribute.sendOn", messages.tribute.timeZoneInvalid);
    await refused({ type: "tribute" as never, name: "X" }, "tribute.type", messages.tribute.typeInvalid);
  });
  test("today in the donor's zone is accepted, and without a dedication the card's fields are ignored", async () => {
    expect((await post(card({ sendOn: todayInTimeZone(ZONE) }))).status).toBe(200);
    expect((await post({ type: "", recipientEmail: "not-an-email", sendCard: true })).status).toBe(200);
  });
});
