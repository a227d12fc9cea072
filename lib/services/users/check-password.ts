/**
 * GET /api/check/password/{userId}/{password}: the settings modal's current-password check
 * (spec 4/5: checked after a 300 ms pause; a match reveals the new-password field). Only for
 * the signed-in user's own id, and rate limited per account in the rate_limits table.
 */
import { eq } from "drizzle-orm";
import { RateLimiterDrizzle } from "rate-limiter-flexible";
import { verifyPassword } from "@/lib/auth/password";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { rateLimits, users } from "@/models";
import { assertSelf } from "./user-preferences";

/** Mismatched checks allowed per account within the window. */
export const PASSWORD_CHECK_MAX_FAILURES = 10;
export const PASSWORD_CHECK_WINDOW_SECONDS = 15 * 60;

let limiter: { db: unknown; rl: RateLimiterDrizzle } | undefined;
async function getLimiter(): Promise<RateLimiterDrizzle> {
  const db = await getDb();
  if (limiter?.db === db) return limiter.rl;
  const rl = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: "check_password",
    points: PASSWORD_CHECK_MAX_FAILURES,
    duration: PASSWORD_CHECK_WINDOW_SECONDS,
    clearExpiredByTimeout: false,
  });
  limiter = { db, rl };
  return rl;
}

/**
 * @returns { passwordMatch } for the actor's current password.
 * @throws AppError(forbidden) for another user's id; AppError(rate_limited) after
 *         PASSWORD_CHECK_MAX_FAILURES mismatches in PASSWORD_CHECK_WINDOW_SECONDS.
 */
export async function checkPassword(actor: SessionUser, userId: string, password: string): Promise<{ passwordMatch: boolean }> {
  assertSelf(actor, userId);
  const rl = await getLimiter();
  const used = await rl.get(actor._id);
  if (used && used.consumedPoints >= PASSWORD_CHECK_MAX_FAILURES) {
    throw new AppError("rate_limited", messages.donor.tooManyChecks, undefined, used.msBeforeNext / 1000);
  }
  const db = await getDb();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor._id)).limit(1);
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  const passwordMatch = password.length > 0 && password.length <= 1024 && (await verifyPassword(row.passwordHash, password));
  if (!passwordMatch) await rl.penalty(actor._id, 1);
  return { passwordMatch };
}
