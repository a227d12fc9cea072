/**
 * The invisible proof-of-work check asked of a browser before a checkout or a sign-in that the
 * limits find suspicious (lib/services/payments/checkout-defences.ts, lib/auth/rate-limit.ts):
 * self-hosted ALTCHA. The server signs a challenge with altcha-lib (HMAC keyed by the auth
 * secret, so any process of the app can verify it), the browser's widget solves it (about
 * CHALLENGE_COUNTER_RANGE guesses of PROOF_OF_WORK_COST PBKDF2 iterations, 1,000 by default: a
 * fraction of a second on a phone, a real cost per try for a script; the cost travels signed in
 * the challenge), and the solution is accepted once, within
 * CHALLENGE_TTL_SECONDS. No third-party service is called (OWASP Automated Threats, OAT-001
 * and OAT-008: slow the automation down rather than refuse a crowd).
 */
import "server-only";
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { RateLimiterDrizzle } from "rate-limiter-flexible";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { makeDbLimiter } from "./rate-limit";
import { authSecret } from "@/lib/config/signing-secret";

/** The range of the secret counter (the guesses needed). */
export const CHALLENGE_COUNTER_RANGE: [number, number] = [500, 2_000];
/** A challenge must be solved and used within 10 minutes. */
export const CHALLENGE_TTL_SECONDS = 600;

const secrets = () => {
  const s = authSecret();
  return { hmacSignatureSecret: `altcha:${s}`, hmacKeySignatureSecret: `altcha-key:${s}` };
};

/** A new signed challenge for the browser's widget (GET /api/checkout/challenge). */
export function createProofOfWorkChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: serverEnv().PROOF_OF_WORK_COST,
    counter: randomInt(CHALLENGE_COUNTER_RANGE[1], CHALLENGE_COUNTER_RANGE[0]),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    ...secrets(),
  });
}

let used: { db: unknown; limiter: RateLimiterDrizzle } | undefined;
async function usedChallenges(): Promise<RateLimiterDrizzle> {
  const db = await getDb();
  if (used?.db !== db) used = { db, limiter: makeDbLimiter(db, "checkout_challenge", 1, CHALLENGE_TTL_SECONDS) };
  return used.limiter;
}

/**
 * Check a solved challenge (the widget's base64 JSON `{ challenge, solution }`) and use it up.
 * @throws AppError(validation, challengeRequired) without a payload; AppError(validation,
 *   challengeFailed) for a forged, expired, wrong or already used solution. Both name the
 *   field `challenge`, which the browser's form reads as "solve it and send again".
 */
export async function verifyProofOfWork(payload: string | null | undefined): Promise<void> {
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
  // Single use: the first request with this challenge takes it.
  try {
    await (await usedChallenges()).consume(parsed.challenge.signature, 1);
  } catch {
    throw failed();
  }
}
