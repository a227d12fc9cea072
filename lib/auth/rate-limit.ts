/**
 * Sign-in and password-check limits, counted in the database with rate-limiter-flexible's
 * Drizzle store so that they hold across processes and restarts. Every attempt consumes a
 * point atomically BEFORE the password is checked (so 15 concurrent guesses get exactly the
 * allowed number of checks); a correct password gives its points back.
 *
 * Sign-in is limited, in this order:
 *  1. per account AND IP address: LOGIN_MAX_FAILURES (a stranger elsewhere cannot lock the
 *     owner out, OWASP Authentication Cheat Sheet, "account lockout");
 *  2. per IP address: LOGIN_IP_MAX_FAILURES (one address guessing many accounts): past it an
 *     attempt must carry a solved proof-of-work challenge, and is not refused for the address;
 *  3. per account from all addresses: LOGIN_ACCOUNT_MAX_FAILURES (a distributed attack).
 * All within LOGIN_WINDOW_SECONDS.
 */
import "server-only";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { rateLimits } from "@/models";

/** Mismatched current-password checks allowed per account within the window. */
export const PASSWORD_CHECK_MAX_FAILURES = 10;
export const PASSWORD_CHECK_WINDOW_SECONDS = 15 * 60;

type Limiters = { pair: RateLimiterDrizzle; ip: RateLimiterDrizzle; account: RateLimiterDrizzle; passwordCheck: RateLimiterDrizzle; db: unknown; env: unknown };
let limiters: Limiters | undefined;

/** A limiter on the rate_limits table (one per key prefix), for this process's database. */
export function makeDbLimiter(db: unknown, keyPrefix: string, points: number, duration: number): RateLimiterDrizzle {
  return new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration, clearExpiredByTimeout: false });
}

async function getLimiters(): Promise<Limiters> {
  const db = await getDb();
  const env = serverEnv();
  // Rebuilt for another database or settings (tests change the allowances).
  if (limiters && limiters.db === db && limiters.env === env) return limiters;
  limiters = {
    db,
    env,
    pair: makeDbLimiter(db, "login_pair", env.LOGIN_MAX_FAILURES, env.LOGIN_WINDOW_SECONDS),
    ip: makeDbLimiter(db, "login_ip", env.LOGIN_IP_MAX_FAILURES, env.LOGIN_WINDOW_SECONDS),
    account: makeDbLimiter(db, "login_account", env.LOGIN_ACCOUNT_MAX_FAILURES, env.LOGIN_WINDOW_SECONDS),
    passwordCheck: makeDbLimiter(db, "check_password", PASSWORD_CHECK_MAX_FAILURES, PASSWORD_CHECK_WINDOW_SECONDS),
  };
  return limiters;
}

const accountKey = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `${accountKey(email)}|${ip}`;

/**
 * Consume one point of each limiter, all at once (one round trip to the database instead of
 * one per limiter); if any refuses, give back what the others took and throw, so a refused
 * attempt costs only the allowances that refused it.
 * @returns the points each key has used in its window, this one included (same order as `steps`).
 * @throws AppError(rate_limited, `message`) with Retry-After seconds (the longest wait of the
 *   refusals); a store error as it is.
 */
export async function consumeAll(steps: [RateLimiterDrizzle, string][], message: string): Promise<number[]> {
  const outcomes = await Promise.allSettled(steps.map(([limiter, key]) => limiter.consume(key, 1)));
  const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected").map((o) => o.reason as unknown);
  if (refusals.length === 0) return outcomes.map((o) => (o as PromiseFulfilledResult<RateLimiterRes>).value.consumedPoints);
  await Promise.all(steps.filter((_, i) => outcomes[i]!.status === "fulfilled").map(([l, k]) => l.reward(k, 1)));
  const storeError = refusals.find((r) => !(r instanceof RateLimiterRes));
  if (storeError !== undefined) throw storeError;
  const wait = Math.max(...refusals.map((r) => (r as RateLimiterRes).msBeforeNext));
  throw new AppError("rate_limited", message, undefined, Math.max(1, wait / 1000));
}

/**
 * Take one sign-in attempt from the account+IP, IP and account allowances (atomic). An address
 * past its own allowance (an office, a school, a carrier's NAT: many people, some of them
 * mistyping) is not refused: the attempt must first pass `proveWork` (the proof-of-work
 * check, lib/auth/proof-of-work.ts), and a correct password then signs in. Wrong passwords
 * stay limited per account+IP and per account.
 * @throws AppError(rate_limited) with Retry-After seconds when the account+IP or account
 *   allowance is used up; what `proveWork` throws (then this attempt takes no point).
 */
export async function consumeSignInAttempt(email: string, ip: string, proveWork: () => Promise<void>): Promise<void> {
  const l = await getLimiters();
  const steps: [RateLimiterDrizzle, string][] = [
    [l.pair, pairKey(email, ip)],
    [l.account, accountKey(email)],
  ];
  const [, addressRefused] = await Promise.all([
    consumeAll(steps, messages.auth.tooManyAttempts).catch(async (err: unknown) => {
      // Refused by the account's own limits: the address's point is not taken either.
      await l.ip.reward(ip, 1).catch(() => undefined);
      throw err;
    }),
    l.ip.consume(ip, 1).then(
      () => false,
      (refusal: unknown) => {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return true;
      },
    ),
  ]);
  if (!addressRefused) return;
  try {
    await proveWork();
  } catch (err) {
    await Promise.all(steps.map(([limiter, key]) => limiter.reward(key, 1)));
    throw err;
  }
}

/** A correct password: forget this address's failures on the account and give back the attempt. */
export async function signInSucceeded(email: string, ip: string): Promise<void> {
  const l = await getLimiters();
  await Promise.all([l.pair.delete(pairKey(email, ip)), l.ip.reward(ip, 1), l.account.reward(accountKey(email), 1)]);
}

/**
 * Take one current-password check of a signed-in account (PUT /api/update/password, the
 * settings form, GET /api/check/password): PASSWORD_CHECK_MAX_FAILURES per account per
 * PASSWORD_CHECK_WINDOW_SECONDS, shared by all three.
 * @throws AppError(rate_limited, `message`) with Retry-After seconds.
 */
export async function consumePasswordCheck(userId: string, message: string): Promise<void> {
  const l = await getLimiters();
  await consumeAll([[l.passwordCheck, userId]], message);
}

/** A matching current password gives its check back. */
export async function passwordCheckSucceeded(userId: string): Promise<void> {
  const l = await getLimiters();
  await l.passwordCheck.reward(userId, 1);
}
