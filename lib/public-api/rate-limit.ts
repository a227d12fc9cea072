/**
 * Rate limits of the public API: API_KEY_RATE_LIMIT calls per key, and API_IP_RATE_LIMIT per
 * IP address for calls without a key (or with a key that does not work), per
 * API_RATE_LIMIT_WINDOW_SECONDS. Counted in the database with rate-limiter-flexible's Drizzle
 * store (as the sign-in limits, lib/auth/rate-limit.ts), so they hold across processes.
 * Every answer states the caller's allowance in the IETF RateLimit header fields
 * (draft-ietf-httpapi-ratelimit-headers: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset
 * in seconds); a refusal is 429 with Retry-After (RFC 9110 section 10.2.3).
 */
import "server-only";
import { RateLimiterRes, type RateLimiterDrizzle } from "rate-limiter-flexible";
import { makeDbLimiter } from "@/lib/auth/rate-limit";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";

/** A caller's allowance after a call. */
export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

/** 429: the allowance is used up until `state.resetSeconds` from now. */
export class ApiRateLimited extends AppError {
  constructor(public readonly state: RateLimitState) {
    super("rate_limited", messages.publicApi.rateLimited(state.resetSeconds), undefined, state.resetSeconds);
  }
}

type Limiters = { key: RateLimiterDrizzle; ip: RateLimiterDrizzle; signature: string; db: unknown };
let limiters: Limiters | undefined;

async function getLimiters(): Promise<Limiters> {
  const db = await getDb();
  const env = serverEnv();
  const signature = `${env.API_KEY_RATE_LIMIT}/${env.API_IP_RATE_LIMIT}/${env.API_RATE_LIMIT_WINDOW_SECONDS}`;
  if (limiters && limiters.db === db && limiters.signature === signature) return limiters;
  limiters = {
    db,
    signature,
    key: makeDbLimiter(db, "api_key", env.API_KEY_RATE_LIMIT, env.API_RATE_LIMIT_WINDOW_SECONDS),
    ip: makeDbLimiter(db, "api_ip", env.API_IP_RATE_LIMIT, env.API_RATE_LIMIT_WINDOW_SECONDS),
  };
  return limiters;
}

/** Who is counted: an API key by its id, or an IP address. */
export type RateLimitSubject = { keyId: string } | { ip: string };

/**
 * Count one call of `subject`.
 * @returns the allowance left.
 * @throws ApiRateLimited (429) when it is used up.
 */
export async function consumeApiCall(subject: RateLimitSubject): Promise<RateLimitState> {
  const l = await getLimiters();
  const [limiter, key] = "keyId" in subject ? [l.key, subject.keyId] : [l.ip, subject.ip];
  const state = (res: RateLimiterRes): RateLimitState => ({
    limit: limiter.points,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  try {
    return state(await limiter.consume(key, 1));
  } catch (res) {
    if (res instanceof RateLimiterRes) throw new ApiRateLimited(state(res));
    throw res;
  }
}

/**
 * The allowance of `subject` without counting a call: for a CORS preflight (OPTIONS), which a
 * browser sends on its own before the real call, so it does not halve a page's allowance.
 */
export async function peekApiCalls(subject: RateLimitSubject): Promise<RateLimitState> {
  const l = await getLimiters();
  const [limiter, key] = "keyId" in subject ? [l.key, subject.keyId] : [l.ip, subject.ip];
  const res = await limiter.get(key);
  if (!res) return { limit: limiter.points, remaining: limiter.points, resetSeconds: limiter.duration };
  return {
    limit: limiter.points,
    remaining: Math.max(0, limiter.points - res.consumedPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/** The RateLimit header fields of an answer. */
export function rateLimitHeaders(s: RateLimitState): Record<string, string> {
  return { "RateLimit-Limit": String(s.limit), "RateLimit-Remaining": String(s.remaining), "RateLimit-Reset": String(s.resetSeconds) };
}
