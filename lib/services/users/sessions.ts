/**
 * Revocable sessions (OWASP ASVS 5.0 7.4, session termination). Every user has a session version (users.session_version);
 * each session carries the version it was issued with and is honoured only while the two
 * match and the account exists. Raising the version (password change or reset, account
 * deletion, "sign out everywhere") ends every session issued before, at once.
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { authorizeRole } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";
import { sessionUserColumns, toSessionUser } from "./to-session-user";

/** The current session version of account `userId`, read in `db`, or null when it does not exist or was deleted. */
export async function currentSessionVersion({ db, userId }: { db: Executor; userId: string }): Promise<number | null> {
  const [row] = await db.select({ v: users.sessionVersion, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row && !row.deletedAt ? row.v : null;
}

export type ResolveSessionUserOptions = {
  db: Executor;
  userId: string;
  /** The session version the session token carries (unchecked: anything not the current number fails). */
  version: unknown;
};

/**
 * The fresh SessionUser of a session issued for `userId` with version `version`, or null when
 * the session is no longer valid (account gone or deleted, version raised since).
 */
export async function resolveSessionUser({ db, userId, version }: ResolveSessionUserOptions): Promise<SessionUser | null> {
  const [row] = await db
    .select({ ...sessionUserColumns, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.deletedAt || typeof version !== "number" || row.sessionVersion !== version) return null;
  return toSessionUser(row);
}

/**
 * Raise the session version of `userId` in the caller's transaction `db`, ending all its sessions.
 * @returns the new version (null when the account does not exist).
 */
export async function raiseSessionVersion({ db, userId }: { db: Executor; userId: string }): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ v: users.sessionVersion });
  return row?.v ?? null;
}

export type SignOutEverywhereOptions = { actor: Actor };

/**
 * "Sign out everywhere": end every session of the actor's account, this one included unless
 * the caller re-issues it with the returned version.
 * @returns { sessionVersion } the new version.
 * @throws AppError(forbidden) for the admin (configured, not an account).
 */
export async function signOutEverywhere({ actor }: SignOutEverywhereOptions): Promise<{ sessionVersion: number }> {
  authorizeRole(actor, "donor", "nonprofit");
  const v = await raiseSessionVersion({ db: await getDb(), userId: actor.id });
  if (v === null) throw new AppError("unauthenticated", messages.auth.signInRequired);
  return { sessionVersion: v };
}
