/** PUT /api/update/password: a signed-in user changes their own password. */
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { UpdatePasswordInput } from "@/lib/validations/auth";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";

/**
 * Replace the password after checking the current one.
 * @returns { updated: true }
 * @throws AppError(forbidden) when userId is not the actor; AppError(validation) with the
 *         spec's 'This does not match your current password!' on a wrong current password.
 */
export async function updatePassword(actor: SessionUser, input: UpdatePasswordInput): Promise<{ updated: boolean }> {
  if (input.userId !== actor._id) throw new AppError("forbidden", messages.auth.forbidden);
  const db = await getDb();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor._id)).limit(1);
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError("validation", messages.password.currentMismatch, { currentPassword: messages.password.currentMismatch });
  }
  await db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, actor._id));
  return { updated: true };
}
