/**
 * Card-testing defences (OWASP ASVS 5.0 2.4, anti-automation). Guests must solve a proof-of-work challenge
 * (each used once); checkouts are limited per IP, per browser session and per card, with
 * declines counting double; refused attempts record nothing and abandoned ones stay out of
 * the organization's report. Paid event tickets go through the same defences, and take their
 * seats only once admitted.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { makeDonor, makeGift, verifyClaimForTest } from "@/lib/testing/service-fixtures";
import { getDonationReportPage } from "@/lib/services/reports/donation-report";
import { registerNonprofitByEin } from "@/lib/services/users/register-user";
import { checkoutSchema, type CheckoutInput } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { createEvent } from "@/lib/services/events/manage-events";
import { createTicketOrder } from "@/lib/services/events/tickets";
import { createEventSchema, ticketOrderSchema } from "@/lib/validations/event";
import { donations, eventTicketOrders, eventTicketTypes, organizations } from "@/models";
import { createProofOfWorkChallenge, verifyProofOfWork } from "@/lib/auth/proof-of-work";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { checkoutGift } from "@/lib/services/donations/start-checkout";
import { sandboxAction } from "@/lib/services/donations/sandbox-action";

let h: DatabaseHandle;
let organizationId = "";
let owner: Actor;

beforeAll(async () => {
  setEnvForTests({
    NEXTAUTH_SECRET: "test-secret-for-defences-0123456789",
    CHECKOUT_IP_MAX_ATTEMPTS: "8",
    CHECKOUT_DEVICE_MAX_ATTEMPTS: "100",
    CHECKOUT_CARD_MAX_ATTEMPTS: "6",
    // The check's cost plays no part in its limits or its verification.
    PROOF_OF_WORK_COST: "10",
  });
  h = await createTestDatabase();
  const [org] = await h.db.insert(organizations).values({ name: "Card Test Shelter", ein: "190700001", city: "Barre", state: "VT", sandboxConnectedAt: new Date() }).returning({ id: organizations.id });
  organizationId = org!.id;
  owner = actorFromSession(await registerNonprofitByEin({ firstName: "O", lastName: "W", email: "owner.defences@example.org", password: "secret-pass-1", ein: "190700001" }));
  await verifyClaimForTest(owner.organizationId!);
}, 120_000);
afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_IP_MAX_ATTEMPTS: undefined, CHECKOUT_DEVICE_MAX_ATTEMPTS: undefined, CHECKOUT_CARD_MAX_ATTEMPTS: undefined, PROOF_OF_WORK_COST: undefined });
  resetServerEnv();
});

function checkout(over: Record<string, unknown> = {}): CheckoutInput {
  return checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId,
    amountCents: 2_500,
    name: "Guest Giver",
    email: "guest.giver@example.org",
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    ...over,
  });
}

/** What the browser's widget does: fetch a challenge, solve it, send the base64 payload. */
async function solvedPayload(): Promise<string> {
  const challenge = JSON.parse(JSON.stringify(await createProofOfWorkChallenge()));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const donationCount = async () => (await h.db.select({ id: donations.id }).from(donations).where(eq(donations.organizationId, organizationId))).length;
const failure = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

/**
 * A signed-in attempt as the site's form makes it (sendWithChallenge): without a solution first;
 * when the answer asks for the security check, solved and sent again.
 */
async function asTheFormSends<T>(send: (challenge: string | null) => Promise<T>): Promise<T> {
  return send(null).catch(async (err: { status?: number; fields?: Record<string, string> }) => {
    if (err.status !== 422 || !err.fields?.challenge) throw err;
    return send(await solvedPayload());
  });
}

test("a guest checkout needs a solved challenge, used once; a forged one is refused; nothing is recorded", async () => {
  const before = await donationCount();
  const none = await failure(checkoutGift({ actor: null, input: checkout(), client: { ip: "9.0.0.1", device: "device-guest-00001" } }));
  expect(none).toMatchObject({ status: 422, message: messages.trustAndSafety.challengeRequired });

  const payload = await solvedPayload();
  const forged = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  forged.solution.derivedKey = forged.solution.derivedKey.replace(/^./, (c: string) => (c === "0" ? "1" : "0"));
  const bad = await failure(checkoutGift({ actor: null, input: checkout(), client: { ip: "9.0.0.1", device: "device-guest-00001", challenge: Buffer.from(JSON.stringify(forged)).toString("base64") } }));
  expect(bad).toMatchObject({ status: 422, message: messages.trustAndSafety.challengeFailed });
  expect(await donationCount()).toBe(before);

  const ok = await checkoutGift({ actor: null, input: checkout(), client: { ip: "9.0.0.1", device: "device-guest-00001", challenge: payload } });
  expect(ok.status).toBe("succeeded");
  const replay = await failure(checkoutGift({ actor: null, input: checkout(), client: { ip: "9.0.0.1", device: "device-guest-00001", challenge: payload } }));
  expect(replay).toMatchObject({ status: 422, message: messages.trustAndSafety.challengeFailed });
  expect(await donationCount()).toBe(before + 1);
}, 60_000);

test("a challenge asks the site's cost, 1,000 PBKDF2 iterations per guess by default; one whose cost was lowered is refused", async () => {
  setEnvForTests({ PROOF_OF_WORK_COST: undefined });
  try {
    expect((await createProofOfWorkChallenge()).parameters.cost).toBe(1_000);
  } finally {
    setEnvForTests({ PROOF_OF_WORK_COST: "10" });
  }
  const challenge = JSON.parse(JSON.stringify(await createProofOfWorkChallenge()));
  expect(challenge.parameters.cost).toBe(10);
  const solution = await solveChallenge({ challenge, deriveKey });
  challenge.parameters.cost = 1;
  const cheap = await failure(verifyProofOfWork(Buffer.from(JSON.stringify({ challenge, solution })).toString("base64")));
  expect(cheap).toMatchObject({ status: 422, message: messages.trustAndSafety.challengeFailed });
});

test("one card: declines count double, so the 4th attempt of a declined card is refused before anything is recorded", async () => {
  const donor = await makeDonor("card.tester@example.org");
  const declined = { number: "4000 0000 0000 9995", expiry: "12/34", cvc: "123" };
  for (let i = 0; i < 3; i++) {
    const res = await asTheFormSends((challenge) => checkoutGift({ actor: donor, input: checkout({ card: declined }), client: { ip: "9.1.0.1", device: null, challenge } }));
    expect(res.status).toBe("failed");
  }
  const before = await donationCount();
  // 3 attempts + 3 declines = 6: the card's allowance is used up (the address's, 8, is not).
  const limited = await failure(asTheFormSends((challenge) => checkoutGift({ actor: donor, input: checkout({ card: declined }), client: { ip: "9.1.0.1", device: null, challenge } })));
  expect(limited).toMatchObject({ status: 429, message: messages.trustAndSafety.tooManyCheckouts });
  expect(await donationCount()).toBe(before);
  // A real card number (not a published test card) is limited wherever it comes from.
  const stolen = { number: "4111 1111 1111 1111", expiry: "12/34", cvc: "123" };
  for (let i = 0; i < 6; i++) await checkoutGift({ actor: donor, input: checkout({ card: stolen }), client: { ip: `9.1.1.${i}`, device: null } }).catch(() => null);
  expect(await failure(checkoutGift({ actor: donor, input: checkout({ card: stolen }), client: { ip: "9.1.1.99", device: null } }))).toMatchObject({ status: 429 });
});

test("one IP address: attempts not yet paid beyond the limit are refused, whatever card or account", async () => {
  const results: number[] = [];
  for (let i = 0; i < 10; i++) {
    const donor = await makeDonor(`ip.tester.${i}@example.org`);
    // Bank payments stay processing until they settle, so their points stay counted; no card
    // ties these attempts together, only the address. Past half of its points the address is
    // asked for the security check, which the form solves.
    results.push(
      await asTheFormSends((challenge) => checkoutGift({ actor: donor, input: checkout({ method: "us_bank_account", card: undefined }), client: { ip: "9.2.0.1", device: null, challenge } })).then(
        () => 200,
        (e) => e.status,
      ),
    );
  }
  expect(results.filter((s) => s === 200)).toHaveLength(8);
  expect(results.slice(8)).toEqual([429, 429]);
});

test("a payment confirmed later (a bank payment settling) gives its point back when it succeeds, once", async () => {
  const attempt = async (i: number) => {
    const donor = await makeDonor(`settling.${i}.${randomUUID()}@example.org`);
    return asTheFormSends((challenge) => checkoutGift({ actor: donor, input: checkout({ method: "us_bank_account", card: undefined }), client: { ip: "9.2.0.9", device: null, challenge } })).then(
      (r) => ({ status: 200, donationId: r.donationId }),
      (e) => ({ status: e.status as number, donationId: "" }),
    );
  };
  const open = [];
  for (let i = 0; i < 8; i++) open.push(await attempt(i));
  expect(open.map((r) => r.status)).toEqual(Array(8).fill(200));
  // One payment settles: its point comes back, so one more attempt is admitted.
  const settled = open[0]!.donationId;
  await expect(sandboxAction({ action: "settle", donationId: settled, token: donationAccessToken(settled) })).resolves.toMatchObject({ status: "succeeded" });
  expect((await attempt(8)).status).toBe(200);
  // Its success applies once: settling again gives nothing more back, and the address is full.
  await sandboxAction({ action: "settle", donationId: settled, token: donationAccessToken(settled) }).catch(() => undefined);
  expect((await attempt(10)).status).toBe(429);
});

test("an expired card is refused before anything is recorded; abandoned checkouts stay out of the report", async () => {
  const donor = await makeDonor("expired.card@example.org");
  const before = await donationCount();
  const expired = await failure(checkoutGift({ actor: donor, input: checkout({ card: { number: "5555 5555 5555 4444", expiry: "01/20", cvc: "123" } }), client: { ip: "9.3.0.1", device: null } }));
  expect(expired?.status).toBe(422);
  expect(await donationCount()).toBe(before);

  // A checkout that never got the provider's answer (e.g. a Stripe form left open).
  await makeGift(h.db, organizationId, null, { amountCents: 777, status: "pending", donorEmail: "left@example.org" });
  const page = await getDonationReportPage({ actor: owner, organizationId, query: { duration: "yearToDate", fundraiser: "all" } });
  expect(page.donations.some((d) => d.amount === 777)).toBe(false);
  expect(page.donations.length).toBeGreaterThan(0);
});

describe("event tickets go through the same defences", () => {
  const card = (number: string) => ({ number, expiry: "12/34", cvc: "123" });
  async function paidEvent(seats: number, priceCents = 2_000) {
    const ev = await createEvent({ actor: owner, input: createEventSchema.parse({ organizationId, name: "Card Test Gala", startsAt: new Date(Date.now() + 10 * 86_400_000).toISOString(), ticketTypes: [{ name: "Seat", priceCents, quantity: seats }] }) });
    return { eventId: ev._id, typeId: ev.ticketTypes[0]!._id };
  }
  const ticketOrder = (typeId: string, over: Record<string, unknown> = {}) =>
    ticketOrderSchema.parse({ idempotencyKey: randomUUID(), ticketTypeId: typeId, quantity: 2, name: "Tia Tickets", email: "tia@example.org", card: card("4242 4242 4242 4242"), ...over });
  const sold = async (typeId: string) => (await h.db.select({ sold: eventTicketTypes.sold }).from(eventTicketTypes).where(eq(eventTicketTypes.id, typeId)))[0]!.sold;
  const orders = async (typeId: string) => h.db.select({ status: eventTicketOrders.status }).from(eventTicketOrders).where(eq(eventTicketOrders.ticketTypeId, typeId));

  test("a guest's paid order needs a solved challenge, used once; without one no seat is held and nothing is recorded", async () => {
    const { eventId, typeId } = await paidEvent(4);
    const payments = await donationCount();
    const none = await failure(createTicketOrder({ eventId, input: ticketOrder(typeId), actor: null, client: { ip: "9.4.0.1", device: "device-ticket-0001" } }));
    expect(none).toMatchObject({ status: 422, message: messages.trustAndSafety.challengeRequired });
    expect(await sold(typeId)).toBe(0);
    expect(await orders(typeId)).toEqual([]);
    expect(await donationCount()).toBe(payments);

    const payload = await solvedPayload();
    const ok = await createTicketOrder({ eventId, input: ticketOrder(typeId), actor: null, client: { ip: "9.4.0.1", device: "device-ticket-0001", challenge: payload } });
    expect(ok.order.status).toBe("confirmed");
    expect(ok.payment).toMatchObject({ status: "succeeded" });
    const replay = await failure(createTicketOrder({ eventId, input: ticketOrder(typeId), actor: null, client: { ip: "9.4.0.1", device: "device-ticket-0001", challenge: payload } }));
    expect(replay).toMatchObject({ status: 422, message: messages.trustAndSafety.challengeFailed });
    expect(await sold(typeId)).toBe(2);
    expect(await orders(typeId)).toEqual([{ status: "confirmed" }]);
  }, 60_000);

  test("a card refused before payment (expired, unknown test card) holds no seat and records no order", async () => {
    const donor = await makeDonor("ticket.validate@example.org");
    const { eventId, typeId } = await paidEvent(2);
    const payments = await donationCount();
    const expired = await failure(createTicketOrder({ eventId, input: ticketOrder(typeId, { card: { number: "4242 4242 4242 4242", expiry: "01/20", cvc: "123" } }), actor: donor, client: { ip: "9.5.0.1", device: null } }));
    expect(expired).toMatchObject({ status: 422, message: messages.donation.cardExpired });
    const unknown = await failure(createTicketOrder({ eventId, input: ticketOrder(typeId, { card: card("4012 8888 8888 1881") }), actor: donor, client: { ip: "9.5.0.1", device: null } }));
    expect(unknown).toMatchObject({ status: 422, message: messages.donation.sandboxTestCard });
    expect(await sold(typeId)).toBe(0);
    expect(await orders(typeId)).toEqual([]);
    expect(await donationCount()).toBe(payments);
  });

  test("ticket orders share the per-IP limit with donations: beyond it the order is refused before any seat is taken", async () => {
    const { eventId, typeId } = await paidEvent(100, 1_000);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const donor = await makeDonor(`ticket.ip.${i}@example.org`);
      // Ticket orders paid with a declining card (two points each) and bank donations still
      // processing (one point each), all from one address: 8 points after the fifth.
      const attempt = asTheFormSends<unknown>((challenge) =>
        i % 2 === 0
          ? createTicketOrder({ eventId, input: ticketOrder(typeId, { quantity: 1, card: card("4000 0000 0000 0002") }), actor: donor, client: { ip: "9.6.0.1", device: null, challenge } })
          : checkoutGift({ actor: donor, input: checkout({ method: "us_bank_account", card: undefined }), client: { ip: "9.6.0.1", device: null, challenge } }),
      );
      statuses.push(await attempt.then(() => 200, (e: { status: number }) => e.status));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // The 7th attempt was a ticket order: refused before it took a seat; the 3 declined orders
    // gave theirs back.
    expect(await sold(typeId)).toBe(0);
    expect(await orders(typeId)).toEqual([{ status: "canceled" }, { status: "canceled" }, { status: "canceled" }]);
  });

  test("a declined card on tickets counts double, as on donations", async () => {
    const donor = await makeDonor("ticket.declines@example.org");
    const { eventId, typeId } = await paidEvent(20);
    for (let i = 0; i < 3; i++) {
      const res = await asTheFormSends((challenge) => createTicketOrder({ eventId, input: ticketOrder(typeId, { card: card("4000 0000 0000 0002") }), actor: donor, client: { ip: "9.7.0.1", device: null, challenge } }));
      expect(res.order.status).toBe("canceled");
    }
    const limited = await failure(asTheFormSends((challenge) => createTicketOrder({ eventId, input: ticketOrder(typeId, { card: card("4000 0000 0000 0002") }), actor: donor, client: { ip: "9.7.0.1", device: null, challenge } })));
    expect(limited).toMatchObject({ status: 429, message: messages.trustAndSafety.tooManyCheckouts });
    expect(await sold(typeId)).toBe(0);
    expect(await orders(typeId)).toHaveLength(3);
  });
});
