/**
 * Ownership checks of the Manage Donations services: only a nonprofit user of the
 * organization reads its reports, analytics and budgets.
 */
import { assertActsForOrganization } from "@/lib/auth/access";
import type { SessionUser } from "@/lib/auth/types";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";

/**
 * @throws AppError(unauthenticated) without a session; AppError(forbidden) unless `actor` is a
 * nonprofit user acting for `organizationId`.
 */
export function assertOrganizationMember(actor: SessionUser | null, organizationId: string): asserts actor is SessionUser & { orgId: string } {
  if (!actor) throw new AppError("unauthenticated", messages.auth.signInRequired);
  assertActsForOrganization(actor, organizationId);
}

/** The organization of a signed-in nonprofit user. @throws as assertOrganizationMember. */
export function ownOrganizationId(actor: SessionUser | null): string {
  if (!actor) throw new AppError("unauthenticated", messages.auth.signInRequired);
  if (actor.type !== "nonprofit" || !actor.orgId) throw new AppError("forbidden", messages.auth.forbidden);
  return actor.orgId;
}
