/**
 * Password reset (spec: /forgot, /reset/:token, authenticate/token). POST /api/forgot
 * emails a single-use link valid for one hour; the same answer is given for unknown emails.
 */
import "server-only";
import { and, eq, isNull, ne } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import type { ResetPasswordInput } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { users, userTokens } from "@/models";
import { raiseSessionVersion } from "./sessions";
import { consumeToken, issueToken, peekToken } from "./user-tokens";

/**
 * Send a reset link when `email` (trimmed) belongs to an active account. The result is the
 * same either way, so the answer does not reveal which emails have accounts.
 */
export async function requestPasswordReset({ email }: { email: string }): Promise<{ message: string }> {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, email.trim()), isNull(users.deletedAt)))
    .limit(1);
  if (user) {
    // Queued after the token is stored (the queue shares the embedded database's connection).
    const token = await issueToken({ db, userId: user.id, purpose: "password_reset" });
    await enqueueMail(
        {
          to: user.email,
          subject: "Reset your Givebridge password",
          text:
            `Hello ${user.firstName || "there"},\n\nSomeone asked to reset the password of your Givebridge account. ` +
            `To choose a new password, open this link within one hour:\n\n${baseUrl()}/reset/${token}\n\n` +
            `The link works once. If you did not ask for this, ignore this email: your password stays as it is.`,
        },
      );
  }
  return { message: messages.donor.resetSent };
}

/** GET /api/authenticate/token: whether reset token `token` (the raw token of the link) can still be used. */
export async function checkResetToken({ token }: { token: string }): Promise<{ valid: boolean }> {
  const db = await getDb();
  return { valid: (await peekToken({ db, raw: token, purpose: "password_reset" })) !== null };
}

/**
 * Set a new password with a reset token; the token is used up, the user's other reset
 * tokens are voided and every session of the account ends (session version raised).
 * @throws AppError(bad_request) with 'This password reset link is invalid or has expired…'.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<{ updated: boolean }> {
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const userId = await consumeToken({ db: tx, raw: input.resetPasswordToken, purpose: "password_reset" });
    if (!userId) throw new AppError("bad_request", messages.donor.resetInvalid);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await raiseSessionVersion({ db: tx, userId });
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, "password_reset"), isNull(userTokens.usedAt)));
    return { updated: true };
  });
}

export type ConfirmEmailOptions = { type: string; token: string };

/**
 * GET /api/confirm/{type}/{token}: confirm an email address from the emailed link
 * (type "email"): either a new account's address, or a new address asked for in the settings,
 * which then replaces the old one. Single use.
 * @throws AppError(bad_request) for an unknown type or an invalid, used or expired token, or
 *         when the new address was taken by another account meanwhile.
 */
export async function confirmEmail({ type, token }: ConfirmEmailOptions): Promise<{ confirmed: true; email: string }> {
  if (type !== "email") throw new AppError("bad_request", messages.donor.confirmInvalid);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const userId = await consumeToken({ db: tx, raw: token, purpose: "email_confirmation" });
    if (userId) {
      const [row] = await tx.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, userId)).returning({ email: users.email });
      if (!row) throw new AppError("bad_request", messages.donor.confirmInvalid);
      return { confirmed: true as const, email: row.email };
    }
    const changeUserId = await consumeToken({ db: tx, raw: token, purpose: "email_change" });
    if (!changeUserId) throw new AppError("bad_request", messages.donor.confirmInvalid);
    const [pending] = await tx.select({ email: users.pendingEmail }).from(users).where(and(eq(users.id, changeUserId), isNull(users.deletedAt))).limit(1);
    if (!pending?.email) throw new AppError("bad_request", messages.trustAndSafety.emailChangeInvalid);
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, pending.email), ne(users.id, changeUserId))).limit(1);
    if (taken) throw new AppError("bad_request", messages.trustAndSafety.emailChangeInvalid);
    const [row] = await tx
      .update(users)
      .set({ email: pending.email, pendingEmail: null, emailConfirmedAt: new Date() })
      .where(eq(users.id, changeUserId))
      .returning({ email: users.email });
    // Older change links (for other addresses) die with this one.
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, changeUserId), eq(userTokens.purpose, "email_change"), isNull(userTokens.usedAt)));
    return { confirmed: true as const, email: row!.email };
  });
}
