/**
 * Card-testing defences in front of every checkout (OWASP ASVS 5.0 2.4, anti-automation):
 *  - an invisible proof-of-work challenge for guest checkouts (ALTCHA, self-hosted: the
 *    server signs challenges with altcha-lib, the browser's widget solves one while the donor
 *    fills in the form; no third-party service). Each solved challenge is accepted once;
 *  - velocity limits per IP address, per browser session (device cookie, or the signed-in
 *    account) and per card fingerprint (card numbers the server sees, i.e. the sandbox's), in
 *    the rate_limits table; every attempt consumes one point atomically and a declined card
 *    costs one more (declines count double).
 * The whole request is validated by the shared schema and the checkout before anything is
 * recorded (lib/services/donations/start-checkout.ts). Event ticket orders go through the same
 * path (lib/services/events/tickets.ts), holding their seats only once admitted.
 */
import "server-only";
import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { RateLimiterDrizzle } from "rate-limiter-flexible";
import { consumeAll, makeDbLimiter } from "@/lib/auth/rate-limit";
import { authSecret } from "@/lib/auth/secret";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { cardDigits, SANDBOX_CARDS } from "@/lib/payments/sandbox";
import { messages } from "@/lib/validations/messages";
import type { CheckoutInput } from "@/lib/validations/donation";
import { checkCheckout, startCheckout, type CheckoutOptions, type CheckoutResult } from "./start-checkout";

/** PBKDF2 iterations per guess, and the range of the secret counter (the guesses needed). */
export const CHALLENGE_COST = 1_000;
export const CHALLENGE_COUNTER_RANGE: [number, number] = [500, 2_000];
/** A challenge must be solved and used within 10 minutes. */
export const CHALLENGE_TTL_SECONDS = 600;

/** Who is checking out, as the request shows it. */
export type CheckoutClient = {
  /** Client IP (lib/http/client-ip.ts). */
  ip: string;
  /** The browser's device cookie, if any. */
  device: string | null;
  /** The ALTCHA payload of the guest form (base64 JSON { challenge, solution }). */
  challenge?: string | null;
};

const secrets = () => {
  const s = authSecret();
  return { hmacSignatureSecret: `altcha:${s}`, hmacKeySignatureSecret: `altcha-key:${s}` };
};

/** A new signed challenge for the checkout widget (GET /api/checkout/challenge). */
export function createCheckoutChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: CHALLENGE_COST,
    counter: randomInt(CHALLENGE_COUNTER_RANGE[1], CHALLENGE_COUNTER_RANGE[0]),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    ...secrets(),
  });
}

type Limiters = { db: unknown; ip: RateLimiterDrizzle; device: RateLimiterDrizzle; card: RateLimiterDrizzle; used: RateLimiterDrizzle };
let limiters: Limiters | undefined;
async function getLimiters(): Promise<Limiters> {
  const db = await getDb();
  if (limiters?.db === db) return limiters;
  const env = serverEnv();
  const w = env.CHECKOUT_WINDOW_SECONDS;
  limiters = {
    db,
    ip: makeDbLimiter(db, "checkout_ip", env.CHECKOUT_IP_MAX_ATTEMPTS, w),
    device: makeDbLimiter(db, "checkout_device", env.CHECKOUT_DEVICE_MAX_ATTEMPTS, w),
    card: makeDbLimiter(db, "checkout_card", env.CHECKOUT_CARD_MAX_ATTEMPTS, w),
    used: makeDbLimiter(db, "checkout_challenge", 1, CHALLENGE_TTL_SECONDS),
  };
  return limiters;
}

/**
 * Check a guest's solved challenge and use it up.
 * @throws AppError(validation, challengeRequired) without a payload; AppError(validation,
 *   challengeFailed) for a forged, expired, wrong or already used solution.
 */
export async function verifyCheckoutChallenge(payload: string | null | undefined): Promise<void> {
  const required = () => new AppError("validation", messages.trustAndSafety.challengeRequired, { challenge: messages.trustAndSafety.challengeRequired });
  const failed = () => new AppError("validation", messages.trustAndSafety.challengeFailed, { challenge: messages.trustAndSafety.challengeFailed });
  if (!payload) throw required();
  let parsed: Payload;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Payload;
  } catch {
    throw failed();
  }
  if (!parsed?.challenge?.parameters || !parsed.challenge.signature || !parsed.solution || typeof parsed.solution.counter !== "number") throw failed();
  let verified = false;
  try {
    verified = (await verifySolution({ challenge: parsed.challenge, solution: parsed.solution, deriveKey, ...secrets() })).verified;
  } catch {
    verified = false;
  }
  if (!verified) throw failed();
  // Single use: the first checkout with this challenge takes it.
  const { used } = await getLimiters();
  try {
    await used.consume(parsed.challenge.signature, 1);
  } catch {
    throw failed();
  }
}

/** A keyed fingerprint of a card number (digits only), so the number itself is never stored. */
export function cardFingerprint(number: string): string {
  return createHmac("sha256", authSecret()).update(`card:${number.replace(/\D/g, "")}`).digest("base64url").slice(0, 32);
}

function velocityKeys(l: Limiters, actor: Actor | null, input: CheckoutInput, client: CheckoutClient): [RateLimiterDrizzle, string][] {
  const keys: [RateLimiterDrizzle, string][] = [[l.ip, client.ip]];
  const device = actor ? `user:${actor.id}` : client.device ? `device:${client.device}` : null;
  if (device) keys.push([l.device, device]);
  if (input.card?.number) {
    // The sandbox's published test cards are typed by every visitor of a demo: count them per
    // address, so one visitor's declines do not block the card for everyone.
    const testCard = cardDigits(input.card.number) in SANDBOX_CARDS;
    keys.push([l.card, testCard ? `${cardFingerprint(input.card.number)}|${client.ip}` : cardFingerprint(input.card.number)]);
  }
  return keys;
}

/**
 * Server-side extras of a checkout behind the defences: those of startCheckout, and
 * `beforeRecord`, a step that runs once the attempt is admitted and the whole request checked,
 * before the payment is recorded (an event ticket order takes its seats there; if it throws,
 * nothing is charged).
 */
export type DefendedCheckoutOptions = CheckoutOptions & { beforeRecord?: () => Promise<void> };

/**
 * Checkout behind the defences, for donations and event tickets alike: the guest's challenge,
 * then the velocity limits, then the check of the whole request, then startCheckout. A
 * declined card costs one more attempt on each limit.
 * @throws AppError(validation) for a missing or bad challenge; AppError(rate_limited) with
 *   Retry-After when a limit is used up (nothing is recorded then); and whatever
 *   checkCheckout, `beforeRecord` or startCheckout throws.
 */
export async function checkoutWithDefences({
  actor,
  input,
  client,
  beforeRecord,
  ...checkoutOptions
}: { actor: Actor | null; input: CheckoutInput; client: CheckoutClient } & DefendedCheckoutOptions): Promise<CheckoutResult> {
  if (!actor && serverEnv().CHECKOUT_CHALLENGE === "on") await verifyCheckoutChallenge(client.challenge);
  const l = await getLimiters();
  const keys = velocityKeys(l, actor, input, client);
  await consumeAll(keys, messages.trustAndSafety.tooManyCheckouts);
  if (beforeRecord) {
    await checkCheckout(actor, input);
    await beforeRecord();
  }
  const result = await startCheckout({ actor, input, ...checkoutOptions });
  if (result.status === "failed") await Promise.all(keys.map(([limiter, key]) => limiter.penalty(key, 1)));
  return result;
}
