/**
 * Single-use, expiring tokens (password reset, email confirmation). The raw token goes only
 * into the emailed link; the table keeps its SHA-256 hash.
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { userTokens } from "@/models";

type Purpose = "password_reset" | "email_confirmation" | "email_change" | "paypal_onboarding";

export const tokenHash = (raw: string) => createHash("sha256").update(raw).digest("hex");

/** Lifetimes: reset links 1 hour, confirmation and email-change links 7 days, PayPal onboarding state 1 day. */
export const tokenTtlMs: Record<Purpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_confirmation: 7 * 24 * 60 * 60 * 1000,
  email_change: 7 * 24 * 60 * 60 * 1000,
  paypal_onboarding: 24 * 60 * 60 * 1000,
};

export type IssueTokenOptions = {
  db: Executor;
  userId: string;
  purpose: Purpose;
  /** The instant the token's lifetime (tokenTtlMs) runs from; defaults to the current time. */
  now?: Date;
};

/** Create a token for `userId` with `purpose`, in `db`; returns the raw token (43 url-safe characters). */
export async function issueToken({ db, userId, purpose, now = new Date() }: IssueTokenOptions): Promise<string> {
  const raw = randomBytes(32).toString("base64url");
  await db.insert(userTokens).values({ tokenHash: tokenHash(raw), purpose, userId, expiresAt: new Date(now.getTime() + tokenTtlMs[purpose]) });
  return raw;
}

export type PeekTokenOptions = {
  db: Executor;
  /** The raw token as issued (43 url-safe characters). */
  raw: string;
  purpose: Purpose;
  /** The instant expiry is judged at; defaults to the current time. */
  now?: Date;
};

/** The user id of a valid (unused, unexpired at `now`) token `raw` for `purpose`, or null. Does not consume it. */
export async function peekToken({ db, raw, purpose, now = new Date() }: PeekTokenOptions): Promise<string | null> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(and(eq(userTokens.purpose, purpose), eq(userTokens.tokenHash, tokenHash(raw)), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .limit(1);
  return row?.userId ?? null;
}

export type ConsumeTokenOptions = PeekTokenOptions;

/**
 * Mark the valid (unused, unexpired at `now`) token `raw` for `purpose` used, in `db`, and
 * return its user id, or null. Atomic: a token works once.
 */
export async function consumeToken({ db, raw, purpose, now = new Date() }: ConsumeTokenOptions): Promise<string | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.purpose, purpose), eq(userTokens.tokenHash, tokenHash(raw)), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}
