/**
 * Failed sign-in limits per account and per IP, counted in the database with
 * rate-limiter-flexible's Drizzle store, so that limits hold across processes and restarts.
 * Defaults: LOGIN_MAX_FAILURES per account and LOGIN_IP_MAX_FAILURES per IP within
 * LOGIN_WINDOW_SECONDS.
 */
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { rateLimits } from "@/models";

type Limiters = { account: RateLimiterDrizzle; ip: RateLimiterDrizzle; db: unknown };
let limiters: Limiters | undefined;

async function getLimiters(): Promise<Limiters> {
  const db = await getDb();
  if (limiters && limiters.db === db) return limiters;
  const env = serverEnv();
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration: env.LOGIN_WINDOW_SECONDS,
      clearExpiredByTimeout: false,
    });
  limiters = {
    db,
    account: make("login_account", env.LOGIN_MAX_FAILURES),
    ip: make("login_ip", env.LOGIN_IP_MAX_FAILURES),
  };
  return limiters;
}

const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Refuse a sign-in attempt when the account or the IP has used up its failures.
 * @throws AppError(rate_limited) with Retry-After seconds.
 */
export async function assertSignInAllowed(email: string, ip: string): Promise<void> {
  const { account, ip: ipLimiter } = await getLimiters();
  const [a, i] = await Promise.all([account.get(accountKey(email)), ipLimiter.get(ip)]);
  const blocked = [
    [a, account.points],
    [i, ipLimiter.points],
  ].find(([res, max]) => res && (res as RateLimiterRes).consumedPoints >= (max as number)) as
    | [RateLimiterRes, number]
    | undefined;
  if (blocked) {
    throw new AppError("rate_limited", messages.auth.tooManyAttempts, undefined, blocked[0].msBeforeNext / 1000);
  }
}

/** Count one failed sign-in against the account and the IP. */
export async function recordSignInFailure(email: string, ip: string): Promise<void> {
  const { account, ip: ipLimiter } = await getLimiters();
  await Promise.all([
    account.penalty(accountKey(email), 1),
    ipLimiter.penalty(ip, 1),
  ]);
}

/** Forget an account's failures after a successful sign-in. */
export async function clearSignInFailures(email: string): Promise<void> {
  const { account } = await getLimiters();
  await account.delete(accountKey(email));
}
