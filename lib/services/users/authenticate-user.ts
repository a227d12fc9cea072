/**
 * Sign-in with email and password (POST /api/authenticate and next-auth's credentials
 * provider). One generic message for an unknown email and a wrong password, the same work
 * done for both, and attempts limited per account+IP, per IP and per account (lib/auth/rate-limit.ts).
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/types";
import { verifyPassword, timingSafeDummyHash } from "@/lib/auth/password";
import { verifyProofOfWork } from "@/lib/auth/proof-of-work";
import { consumeSignInAttempt, signInSucceeded } from "@/lib/auth/rate-limit";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { signInSchema } from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";
import { sessionUserColumns, toSessionUser } from "./to-session-user";

/**
 * Check credentials and return the session user.
 * @param input { email, password } as typed; `ip` of the client for the per-IP limit;
 *   `proofOfWork`, a solved challenge, needed once the address is past its allowance.
 * @throws AppError(unauthenticated, generic message) on any credential failure;
 *         AppError(rate_limited) when too many failures were recorded for the account;
 *         AppError(validation) naming the field `challenge` when the address is past its
 *         allowance and no valid solved challenge came with the attempt.
 */
export async function authenticateUser(input: { email: unknown; password: unknown; ip: string; proofOfWork?: unknown }): Promise<SessionUser> {
  const parsed = signInSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) throw new AppError("unauthenticated", messages.auth.invalidCredentials);
  const { email, password } = parsed.data;

  await consumeSignInAttempt(email, input.ip, () => verifyProofOfWork(typeof input.proofOfWork === "string" ? input.proofOfWork : null));
  const db = await getDb();
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);

  const ok = row && !row.deletedAt ? await verifyPassword(row.passwordHash, password) : (await verifyPassword(await timingSafeDummyHash(), password), false);
  if (!row || !ok || row.deletedAt) {
    logger.warn("sign-in failed", { ip: input.ip });
    throw new AppError("unauthenticated", messages.auth.invalidCredentials);
  }
  await signInSucceeded(email, input.ip);
  return toSessionUser(row);
}
