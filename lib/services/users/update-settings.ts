/** PUT /api/update/user (settings payload) and GET /api/find/user/phoneNumber/{id}. */
import { and, eq, ne } from "drizzle-orm";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import type { UpdateSettingsInput } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";
import { loadSessionUser } from "./to-session-user";
import { assertSelf } from "./user-preferences";
import { issueToken } from "./user-tokens";

/**
 * The actor's stored telephone (spec: phone lookup returns telephone).
 * @throws AppError(forbidden) for another user's id.
 */
export async function findPhoneNumber(actor: SessionUser, userId: string): Promise<{ telephone: string }> {
  assertSelf(actor, userId);
  const db = await getDb();
  const [row] = await db.select({ telephone: users.telephone }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  return { telephone: row.telephone ?? "" };
}

/**
 * Apply the settings payload: email, telephone, and a new password (needs the current one in
 * confirmPassword). A changed email is unconfirmed until the emailed link is opened.
 * @returns the refreshed SessionUser (its email is the stored one).
 * @throws AppError(forbidden) for another user's id; AppError(conflict) for an email in use;
 *         AppError(validation) when the current password does not match.
 */
export async function updateUserSettings(actor: SessionUser, input: UpdateSettingsInput): Promise<SessionUser> {
  assertSelf(actor, input._id);
  const db = await getDb();
  const [row] = await db.select({ passwordHash: users.passwordHash, email: users.email }).from(users).where(eq(users.id, actor._id)).limit(1);
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  let passwordHash: string | undefined;
  if (input.password) {
    if (!input.confirmPassword || !(await verifyPassword(row.passwordHash, input.confirmPassword))) {
      throw new AppError("validation", messages.password.currentMismatch, { confirmPassword: messages.password.currentMismatch });
    }
    passwordHash = await hashPassword(input.password);
  }
  const newEmail = input.email && input.email.toLowerCase() !== row.email.toLowerCase() ? input.email : undefined;
  if (newEmail) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, newEmail), ne(users.id, actor._id))).limit(1);
    if (taken) throw new AppError("conflict", messages.email.taken, { email: messages.email.taken });
  }
  // The mail is queued after the commit: the queue shares the database connection, which an
  // open transaction holds on the embedded database.
  const { fresh, token } = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(newEmail ? { email: newEmail, emailConfirmedAt: null } : {}),
        ...(input.telephone ? { telephone: input.telephone } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, actor._id));
    const token = newEmail ? await issueToken(tx, actor._id, "email_confirmation") : null;
    const fresh = await loadSessionUser(tx, actor._id);
    if (!fresh) throw new AppError("not_found", messages.generic.notFound);
    return { fresh, token };
  });
  if (newEmail && token) {
    await enqueueMail({
      to: newEmail,
      subject: "Confirm your email address",
      text: `Please confirm your new Givebridge email address by opening this link:\n\n${baseUrl()}/confirm/email/${token}\n\nThe link is valid for 7 days.`,
    });
  }
  return fresh;
}
