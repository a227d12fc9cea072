/**
 * Limits against squatting: how many claims of directory organizations (first claims and
 * contests) one network address may start per day, and how often one organization's claim may
 * be contested per day. Counted in the database (rate-limiter-flexible's Drizzle store), so they
 * hold across processes and restarts.
 *
 * An address past CLAIMS_PER_ADDRESS_FREE is not refused: each further claim must carry a solved
 * proof-of-work challenge, the same invisible check as a checkout or a sign-in
 * (lib/auth/proof-of-work.ts), so a nonprofit association signing up many of its members from
 * one office still can, while a script pays per claim; CLAIMS_PER_ADDRESS_MAX is the day's hard
 * ceiling (OWASP Automated Threats OAT-019 "Account Creation": slow automation down rather than
 * refuse a crowd). One account holds one claim: each claim is made with a new account, which
 * the email's uniqueness and these address limits bound.
 */
import "server-only";
import type { RateLimiterDrizzle } from "rate-limiter-flexible";
import { consumeAll, makeDbLimiter } from "@/lib/auth/rate-limit";
import { verifyProofOfWork } from "@/lib/auth/proof-of-work";
import { getDb } from "@/lib/db/client";
import { messages } from "@/lib/validations/messages";

/** Claims one address starts per day without the proof-of-work check. */
export const CLAIMS_PER_ADDRESS_FREE = 3;
/** Claims one address may start per day at most, with the check. */
export const CLAIMS_PER_ADDRESS_MAX = 40;
/** Contests of one organization's claim per day, from anywhere. */
export const CONTESTS_PER_ORGANIZATION = 3;
/** The window of these limits, in seconds (one day). */
export const CLAIM_LIMIT_WINDOW_SECONDS = 24 * 60 * 60;

type Limiters = { db: unknown; address: RateLimiterDrizzle; contests: RateLimiterDrizzle };
let limiters: Limiters | undefined;

async function getLimiters(): Promise<Limiters> {
  const db = await getDb();
  if (limiters?.db === db) return limiters;
  limiters = {
    db,
    address: makeDbLimiter(db, "claim_address", CLAIMS_PER_ADDRESS_MAX, CLAIM_LIMIT_WINDOW_SECONDS),
    contests: makeDbLimiter(db, "claim_contest", CONTESTS_PER_ORGANIZATION, CLAIM_LIMIT_WINDOW_SECONDS),
  };
  return limiters;
}

export type ConsumeClaimAttemptOptions = {
  /** The client's address (lib/http/route.ts clientIp). */
  ip: string;
  /** The solved challenge the browser sent (`altcha`), if any. */
  proofOfWork?: unknown;
  /** For a contest: the EIN whose claim is contested. */
  contestedEin?: string;
};

/**
 * Take one claim attempt from the address's allowance (and, for a contest, the organization's),
 * asking for the proof-of-work check past CLAIMS_PER_ADDRESS_FREE.
 * @throws AppError(rate_limited) messages.claims.tooManyClaims / tooManyContests with
 *   Retry-After seconds; AppError(validation) with field `challenge` when the check is needed
 *   and missing or wrong (then the attempt takes no point).
 */
export async function consumeClaimAttempt({ ip, proofOfWork, contestedEin }: ConsumeClaimAttemptOptions): Promise<void> {
  const l = await getLimiters();
  const [used] = await consumeAll([[l.address, ip]], messages.claims.tooManyClaims);
  try {
    if (used! > CLAIMS_PER_ADDRESS_FREE) await verifyProofOfWork(typeof proofOfWork === "string" ? proofOfWork : null);
    if (contestedEin) await consumeAll([[l.contests, contestedEin]], messages.claims.tooManyContests);
  } catch (err) {
    await l.address.reward(ip, 1);
    throw err;
  }
}
