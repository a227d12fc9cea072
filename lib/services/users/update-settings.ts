/** PUT /api/update/user (settings payload) and GET /api/find/user/phoneNumber/{id}. */
import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import type { Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import type { UpdateSettingsInput } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";
import { verifyCurrentPassword } from "./check-password";
import { raiseSessionVersion } from "./sessions";
import { loadSessionUser } from "./to-session-user";
import { assertSelf } from "./user-preferences";
import { issueToken } from "./user-tokens";

export type FindPhoneNumberOptions = { actor: Actor; userId: string };

/**
 * The actor's stored telephone (spec: phone lookup returns telephone).
 * @throws AppError(forbidden) for another user's id.
 */
export async function findPhoneNumber({ actor, userId }: FindPhoneNumberOptions): Promise<{ telephone: string }> {
  assertSelf({ actor, userId });
  const db = await getDb();
  const [row] = await db.select({ telephone: users.telephone }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  return { telephone: row.telephone ?? "" };
}

/** The result of a settings save. */
export type UpdateSettingsResult = {
  /** The refreshed session user; its email is the one in force (a new one waits for its link). */
  user: SessionUser;
  /** A link to confirm a new email address was sent to it. */
  emailChangeSent: boolean;
  /** After a password change: the new session version (other sessions have ended). */
  sessionVersion: number | null;
};

export type UpdateUserSettingsOptions = { actor: Actor; input: UpdateSettingsInput };

/**
 * Apply the settings payload: email, telephone, and a new password. Changing the password or
 * the email needs the current password (in confirmPassword; checks limited per account,
 * lib/auth/rate-limit.ts). A new email does not replace the old one until the link sent to it
 * is opened (confirmEmail), and the old address is told of the request. A new password ends
 * every other session (session version raised).
 * @throws AppError(forbidden) for another user's id; AppError(conflict) for an email in use;
 *         AppError(validation) when the current password is missing or does not match;
 *         AppError(rate_limited) after too many wrong current passwords.
 */
export async function updateUserSettings({ actor, input }: UpdateUserSettingsOptions): Promise<UpdateSettingsResult> {
  assertSelf({ actor, userId: input._id });
  const db = await getDb();
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, actor.id)).limit(1);
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  const newEmail = input.email && input.email.toLowerCase() !== row.email.toLowerCase() ? input.email : undefined;
  if (newEmail) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, newEmail), ne(users.id, actor.id))).limit(1);
    if (taken) throw new AppError("conflict", messages.email.taken, { email: messages.email.taken });
  }
  if (input.password || newEmail) {
    if (!input.confirmPassword) {
      const message = input.password ? messages.password.currentMismatch : messages.trustAndSafety.emailChangeNeedsPassword;
      throw new AppError("validation", message, { confirmPassword: message });
    }
    if (!(await verifyCurrentPassword({ userId: actor.id, password: input.confirmPassword, limitMessage: messages.donor.tooManyChecks }))) {
      throw new AppError("validation", messages.password.currentMismatch, { confirmPassword: messages.password.currentMismatch });
    }
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // The mail is queued after the commit: the queue shares the database connection, which an
  // open transaction holds on the embedded database.
  const { fresh, token, sessionVersion } = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(newEmail ? { pendingEmail: newEmail } : {}),
        ...(input.telephone ? { telephone: input.telephone } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, actor.id));
    const sessionVersion = passwordHash ? await raiseSessionVersion({ db: tx, userId: actor.id }) : null;
    const token = newEmail ? await issueToken({ db: tx, userId: actor.id, purpose: "email_change" }) : null;
    const fresh = await loadSessionUser({ db: tx, userId: actor.id });
    if (!fresh) throw new AppError("not_found", messages.generic.notFound);
    return { fresh, token, sessionVersion };
  });
  if (newEmail && token) {
    await enqueueMail({
      to: newEmail,
      subject: "Confirm your new email address",
      text:
        `Please confirm your new Givebridge email address by opening this link:\n\n${baseUrl()}/confirm/email/${token}\n\n` +
        `The link is valid for 7 days. Until then you keep signing in with your current address.`,
    });
    await enqueueMail({
      to: row.email,
      subject: "Your Givebridge email address is being changed",
      text:
        `Hello ${row.firstName || "there"},\n\nSomeone signed in to your Givebridge account asked to change its email address to ${newEmail}. ` +
        `Nothing changes until the link sent to that address is opened.\n\n` +
        `If this was not you, change your password now (this signs out every other device) and contact us.`,
    });
  }
  return { user: fresh, emailChangeSent: Boolean(newEmail && token), sessionVersion };
}
