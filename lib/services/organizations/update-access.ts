/**
 * The ownership rule of every public-profile edit (issue 5): only a nonprofit user of the
 * organization itself may change it.
 */
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/types";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { organizations } from "@/models";

/**
 * @returns the organization id when `actor` is a nonprofit user of `npID`.
 * @throws AppError(forbidden) for anyone else (donors, admins, other organizations' users).
 */
export function assertOwnsOrganization(actor: SessionUser, npID: string): string {
  if (actor.type !== "nonprofit" || !actor.orgId || actor.orgId !== npID) throw new AppError("forbidden", messages.auth.forbidden);
  return actor.orgId;
}

/**
 * Ownership plus existence, for services that then write the row.
 * @throws AppError(forbidden) as above; AppError(not_found) when the organization is gone.
 */
export async function requireOwnedOrganization(db: Executor, actor: SessionUser, npID: string): Promise<string> {
  const orgId = assertOwnsOrganization(actor, npID);
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!row) throw new AppError("not_found", messages.organization.notFound);
  return orgId;
}

/** Postgres unique_violation (two organizations racing for one nickname). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
