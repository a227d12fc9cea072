/**
 * GET /api/check/password/{userId}/{password}: the settings modal's current-password check
 * (spec 4/5: checked after a 300 ms pause; a match reveals the new-password field). Only for
 * the signed-in user's own id, and rate limited per account in the rate_limits table.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { verifyPassword } from "@/lib/auth/password";
import { consumePasswordCheck, passwordCheckSucceeded } from "@/lib/auth/rate-limit";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";
import { assertSelf } from "./user-preferences";

export { PASSWORD_CHECK_MAX_FAILURES, PASSWORD_CHECK_WINDOW_SECONDS } from "@/lib/auth/rate-limit";

export type VerifyCurrentPasswordOptions = { userId: string; password: string; limitMessage: string };

/**
 * Check the actor's current password under the shared per-account limit (lib/auth/rate-limit.ts):
 * the attempt is counted atomically before the check and given back when it matches.
 * @param options.limitMessage the spec's message for the rate-limit error of the calling form.
 * @returns whether `password` is the current password of `userId`.
 * @throws AppError(rate_limited, `limitMessage`) when the allowance is used up;
 *         AppError(not_found) when the account is gone.
 */
export async function verifyCurrentPassword({ userId, password, limitMessage }: VerifyCurrentPasswordOptions): Promise<boolean> {
  await consumePasswordCheck(userId, limitMessage);
  const db = await getDb();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  const match = password.length > 0 && password.length <= 1024 && (await verifyPassword(row.passwordHash, password));
  if (match) await passwordCheckSucceeded(userId);
  return match;
}

/**
 * @returns { passwordMatch } for the actor's current password.
 * @throws AppError(forbidden) for another user's id; AppError(rate_limited) after
 *         PASSWORD_CHECK_MAX_FAILURES mismatches in PASSWORD_CHECK_WINDOW_SECONDS.
 */
export async function checkPassword({ actor, userId, password }: { actor: Actor; userId: string; password: string }): Promise<{ passwordMatch: boolean }> {
  assertSelf({ actor, userId });
  return { passwordMatch: await verifyCurrentPassword({ userId: actor.id, password, limitMessage: messages.donor.tooManyChecks }) };
}
