/** PUT /api/update/password: a signed-in user changes their own password. */
import "server-only";
import { eq } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { UpdatePasswordInput } from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";
import { verifyCurrentPassword } from "./check-password";
import { raiseSessionVersion } from "./sessions";

export type UpdatePasswordOptions = { actor: Actor; input: UpdatePasswordInput };

/**
 * Replace the password after checking the current one (limited with the other current-password
 * checks, lib/auth/rate-limit.ts), and end every other session of the account: the session
 * version is raised in the same transaction; the caller re-issues its own session with the
 * returned version.
 * @returns { updated: true, sessionVersion }
 * @throws AppError(forbidden) when userId is not the actor; AppError(validation) with the
 *         spec's 'This does not match your current password!' on a wrong current password;
 *         AppError(rate_limited) after too many wrong current passwords.
 */
export async function updatePassword({ actor, input }: UpdatePasswordOptions): Promise<{ updated: boolean; sessionVersion: number }> {
  authorize(actor, "account.update", { userId: input.userId });
  if (!(await verifyCurrentPassword({ userId: actor.id, password: input.currentPassword, limitMessage: messages.donor.tooManyChecks }))) {
    throw new AppError("validation", messages.password.currentMismatch, { currentPassword: messages.password.currentMismatch });
  }
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const sessionVersion = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.id));
    return raiseSessionVersion({ db: tx, userId: actor.id });
  });
  if (sessionVersion === null) throw new AppError("not_found", messages.generic.notFound);
  return { updated: true, sessionVersion };
}
