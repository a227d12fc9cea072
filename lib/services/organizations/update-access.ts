/**
 * The ownership rule of every public-profile edit (issue 5): only a nonprofit user of the
 * organization itself may change it.
 */
import { assertActsForOrganization, requireActsForOrganization } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/types";
import type { Executor } from "@/lib/db/client";

/**
 * @returns the organization id when `actor` is a nonprofit user of `npID`.
 * @throws AppError(forbidden) for anyone else (donors, admins, other organizations' users).
 */
export function assertOwnsOrganization(actor: SessionUser, npID: string): string {
  return assertActsForOrganization(actor, npID);
}

/**
 * Ownership checked against the database (lib/auth/access.ts) plus existence, for services
 * that then write the row; call it in the writing transaction.
 * @throws AppError(forbidden) as above; AppError(not_found) when the organization is gone.
 */
export function requireOwnedOrganization(db: Executor, actor: SessionUser, npID: string): Promise<string> {
  return requireActsForOrganization(db, actor, npID);
}

/** Postgres unique_violation (two organizations racing for one nickname). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
