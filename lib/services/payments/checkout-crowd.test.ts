/**
 * The checkout's card-testing defences against crowds and attacks, with the default
 * allowances (40 points per address, 10 per browser session, 6 per card, per hour): a crowd
 * giving from one address (a gala on the venue's Wi-Fi) goes through, with the security check
 * at most; a card tester on one session, or rotating accounts from one address, reaches the
 * payment provider only a few times. "Reaches the provider" is a checkout that returned a
 * payment outcome: one refused before (429, a challenge asked for, a card number the sandbox
 * does not know) never called it.
 */
import { randomUUID } from "node:crypto";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { checkoutSchema, type CheckoutInput } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { makeNonprofit } from "@/lib/testing/service-fixtures";
import { users } from "@/models";
import { createProofOfWorkChallenge } from "@/lib/auth/proof-of-work";
import { checkoutGift } from "@/lib/services/donations/start-checkout";
import type { CheckoutClient } from "./checkout-defences";

let h: DatabaseHandle;
let organizationId = "";

beforeAll(async () => {
  // The check's cost plays no part in the limits: a solve takes 10 PBKDF2 iterations per guess.
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-crowds-0123456789", PROOF_OF_WORK_COST: "10" });
  h = await createTestDatabase();
  organizationId = (await makeNonprofit(h.db, "Gala Night Shelter")).organizationId;
}, 120_000);
afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined, PROOF_OF_WORK_COST: undefined });
  resetServerEnv();
});

/** `n` donor accounts (rows written directly: the password plays no part here). */
async function donors(prefix: string, n: number): Promise<Actor[]> {
  const rows = await h.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ type: "individual" as const, email: `${prefix}.${i}@example.org`, passwordHash: "-", firstName: "Gala", lastName: `Guest ${i}` })))
    .returning({ id: users.id, email: users.email });
  return rows.map((r) => ({ id: r.id, role: "donor", organizationId: null, email: r.email, firstName: "Gala", lastName: "Guest", organizationName: "", telephone: null }));
}

const card = (number: string) => ({ number, expiry: "12/34", cvc: "123" });

function checkout(over: Record<string, unknown> = {}): CheckoutInput {
  return checkoutSchema().parse({ idempotencyKey: randomUUID(), organizationId, amountCents: 5_000, name: "Guest Giver", email: "guest.giver@example.org", card: card("4242 4242 4242 4242"), ...over });
}

async function solvedPayload(): Promise<string> {
  const challenge = JSON.parse(JSON.stringify(await createProofOfWorkChallenge()));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

type Attempt = { reachedProvider: boolean; status: number; challenged: boolean };

/**
 * One checkout as the site's form sends it (components/payments/checkout-challenge.tsx,
 * sendWithChallenge): a guest brings a solved challenge; a signed-in donor sends none, and when
 * the answer asks for the security check, solves it and sends the same checkout again.
 */
async function attempt(actor: Actor | null, input: CheckoutInput, client: CheckoutClient): Promise<Attempt> {
  const send = (challenge: string | null) => checkoutGift({ actor, input, client: { ...client, challenge } });
  let challenged = false;
  try {
    const result = await send(actor ? null : await solvedPayload()).catch(async (err: { status?: number; fields?: Record<string, string> }) => {
      if (!actor || err.status !== 422 || !err.fields?.challenge) throw err;
      challenged = true;
      return send(await solvedPayload());
    });
    return { reachedProvider: true, status: result.status === "succeeded" ? 200 : 402, challenged };
  } catch (err) {
    return { reachedProvider: false, status: (err as { status?: number }).status ?? 500, challenged };
  }
}

test("a gala: 60 signed-in donors give from one address, five at a time, and every gift goes through", async () => {
  const crowd = await donors("gala", 60);
  const outcomes: Attempt[] = [];
  for (let i = 0; i < crowd.length; i += 5) {
    outcomes.push(...(await Promise.all(crowd.slice(i, i + 5).map((donor) => attempt(donor, checkout(), { ip: "10.20.0.1", device: null })))));
  }
  // More gifts than the address's 40 points: each gift that goes through gives its point back.
  expect(outcomes.filter((o) => o.status === 200)).toHaveLength(60);
}, 120_000);

test("past half of an address's points a signed-in donor is asked for the security check, and gives with it", async () => {
  const testers = await donors("declined.venue", 12);
  // 9 declines (three of each declining test card) and 3 expired cards from one address: 21
  // points of its 40.
  const declining = ["4000 0000 0000 0002", "4000 0000 0000 9995", "4000 0000 0000 0341"];
  for (const [i, tester] of testers.slice(0, 9).entries()) {
    expect((await attempt(tester, checkout({ card: card(declining[i % 3]!) }), { ip: "10.20.0.2", device: null })).status).toBe(402);
  }
  for (const tester of testers.slice(9)) {
    const expired = await attempt(tester, checkout({ card: { number: "4242 4242 4242 4242", expiry: "01/20", cvc: "123" } }), { ip: "10.20.0.2", device: null });
    expect(expired).toMatchObject({ reachedProvider: false, status: 422 });
  }
  const [donor] = await donors("late.guest", 1);
  const plain = await checkoutGift({ actor: donor!, input: checkout(), client: { ip: "10.20.0.2", device: null } }).catch((e: { status: number; message: string }) => e);
  expect(plain).toMatchObject({ status: 422, message: messages.trustAndSafety.challengeRequired });
  const withCheck = await attempt(donor!, checkout(), { ip: "10.20.0.2", device: null });
  expect(withCheck).toEqual({ reachedProvider: true, status: 200, challenged: true });
}, 120_000);

test("a card tester on one session reaches the provider at most 10 times, whatever the cards", async () => {
  const [tester] = await donors("card.tester.session", 1);
  const outcomes: Attempt[] = [];
  for (let i = 0; i < 60; i++) {
    // Declined test cards, and random numbers the sandbox refuses before charging.
    const number = i % 3 === 2 ? `4${String(100_000_000_000_000 + i * 7919).padStart(15, "0")}` : i % 2 ? "4000 0000 0000 0002" : "4000 0000 0000 9995";
    outcomes.push(await attempt(tester!, checkout({ card: card(number) }), { ip: `10.21.${i}.1`, device: null }));
  }
  expect(outcomes.filter((o) => o.reachedProvider).length).toBeLessThanOrEqual(10);
  expect(outcomes.slice(-10).every((o) => o.status === 429)).toBe(true);
}, 120_000);

test("attempts rotating accounts and devices from one address reach the provider at most 20 times", async () => {
  const testers = await donors("card.tester.rotating", 60);
  const outcomes: Attempt[] = [];
  for (const [i, tester] of testers.entries()) {
    const actor = i % 2 ? tester : null;
    outcomes.push(await attempt(actor, checkout({ card: card(i % 2 ? "4000 0000 0000 0002" : "4000 0000 0000 9995") }), { ip: "10.22.0.1", device: `device-rotating-${i}` }));
  }
  expect(outcomes.filter((o) => o.reachedProvider).length).toBeLessThanOrEqual(20);
  expect(outcomes.slice(-10).every((o) => o.status === 429)).toBe(true);
}, 180_000);

test("a session trying a third different card is asked for the security check", async () => {
  const [donor] = await donors("many.cards", 1);
  const cards = ["4242 4242 4242 4242", "5555 5555 5555 4444", "4000 0566 5566 5556"];
  const outcomes: Attempt[] = [];
  for (const number of cards) outcomes.push(await attempt(donor!, checkout({ card: card(number) }), { ip: "10.23.0.1", device: null }));
  expect(outcomes.map((o) => [o.status, o.challenged])).toEqual([
    [200, false],
    [200, false],
    [200, true],
  ]);
}, 60_000);
