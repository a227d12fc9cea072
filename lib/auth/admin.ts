/**
 * How an admin session works. There is no admin account row: the admin signs in with the
 * password configured in ADMIN_PASSWORD (unset = admin sign-in disabled) through next-auth's
 * "admin" credentials provider (lib/http/auth-options.ts) or POST /api/authenticateAdmin, and
 * gets an ordinary JWT session whose user has type "admin". The password is compared in
 * constant time (SHA-256 of both sides, then crypto.timingSafeEqual), failures are limited
 * per IP (ADMIN_MAX_FAILURES within LOGIN_WINDOW_SECONDS, then 429 with Retry-After) and
 * overall (a backstop against spoofed addresses), and every attempt is logged.
 */
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { RateLimiterDrizzle, type RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { messages } from "@/lib/validations/messages";
import { adminAuditLog, rateLimits } from "@/models";
import type { Actor } from "./actor";
import { authorizeRole } from "./authorize";
import type { SessionUser } from "./types";

/** Failed admin sign-ins allowed per IP within LOGIN_WINDOW_SECONDS. */
export const ADMIN_MAX_FAILURES = 5;
/** Failed admin sign-ins allowed from all addresses together within the window. */
export const ADMIN_GLOBAL_MAX_FAILURES = 100;

/** The session id of the admin (no users row carries it). */
export const ADMIN_ID = "admin";

/** Is admin sign-in configured on this server? */
export function adminEnabled(): boolean {
  return Boolean(serverEnv().ADMIN_PASSWORD);
}

/** The session user of the admin. */
export function adminSessionUser(): SessionUser {
  return {
    type: "admin",
    _id: ADMIN_ID,
    email: serverEnv().ADMIN_EMAIL,
    firstName: "Admin",
    lastName: "",
    organization_company: "Givebridge",
    profileImg: null,
    telephone: null,
    orgId: null,
  };
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Compare a typed password with the configured one in time independent of where they differ
 * or of their lengths (both are hashed to 32 bytes first).
 */
export function passwordsMatch(typed: string, configured: string): boolean {
  return timingSafeEqual(digest(typed), digest(configured));
}

type Limiters = { ip: RateLimiterDrizzle; all: RateLimiterDrizzle; db: unknown };
let limiters: Limiters | undefined;

async function getLimiters(): Promise<Limiters> {
  const db = await getDb();
  if (limiters && limiters.db === db) return limiters;
  const duration = serverEnv().LOGIN_WINDOW_SECONDS;
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration, clearExpiredByTimeout: false });
  limiters = { db, ip: make("admin_ip", ADMIN_MAX_FAILURES), all: make("admin_all", ADMIN_GLOBAL_MAX_FAILURES) };
  return limiters;
}

async function assertAllowed(ip: string): Promise<void> {
  const { ip: ipLimiter, all } = await getLimiters();
  const [i, a] = await Promise.all([ipLimiter.get(ip), all.get("all")]);
  const blocked = ([
    [i, ipLimiter.points],
    [a, all.points],
  ] as [RateLimiterRes | null, number][]).find(([res, max]) => res && res.consumedPoints >= max);
  if (blocked) {
    logger.warn("admin sign-in refused: too many failures", { ip });
    throw new AppError("rate_limited", messages.admin.tooManyAttempts, undefined, Math.max(1, blocked[0]!.msBeforeNext / 1000));
  }
}

/**
 * Check the admin password typed at sign-in.
 * @param input `password` as typed (anything; non-strings fail), `ip` of the client.
 * @returns the admin session user; the success is written to admin_audit_log.
 * @throws AppError(unavailable) when ADMIN_PASSWORD is unset; AppError(rate_limited) with
 *         Retry-After seconds after ADMIN_MAX_FAILURES failures from the IP within the window;
 *         AppError(unauthenticated) for a wrong password (counted as a failure).
 */
export async function authenticateAdmin(input: { password: unknown; ip: string }): Promise<SessionUser> {
  const configured = serverEnv().ADMIN_PASSWORD;
  if (!configured) throw new AppError("unavailable", messages.admin.disabled);
  await assertAllowed(input.ip);
  const typed = typeof input.password === "string" ? input.password.slice(0, 1024) : "";
  if (!passwordsMatch(typed, configured)) {
    const { ip, all } = await getLimiters();
    await Promise.all([ip.penalty(input.ip, 1), all.penalty("all", 1)]);
    logger.warn("admin sign-in failed", { ip: input.ip });
    throw new AppError("unauthenticated", messages.admin.wrongPassword);
  }
  const { ip } = await getLimiters();
  await ip.delete(input.ip);
  const db = await getDb();
  await db.insert(adminAuditLog).values({ actor: ADMIN_ID, action: "admin.sign_in", target: null, details: { ip: input.ip } });
  logger.info("admin signed in", { ip: input.ip });
  return adminSessionUser();
}

/**
 * The guard of every admin service: the actor must be the signed-in admin.
 * @throws AppError(unauthenticated) for no actor (401); AppError(forbidden) for any other user (403).
 */
export function assertAdmin(actor: Actor | null | undefined): asserts actor is Actor & { role: "admin" } {
  authorizeRole(actor, "admin");
}
