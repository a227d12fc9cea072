/**
 * The one place that answers "may this actor act for this organization / this user / this
 * donation". Services call these before any write, inside the transaction that
 * writes, so a session that no longer matches the database (a deleted account, an
 * organization released and claimed by someone else) is refused and writes nothing.
 *
 * The database is the authority, not the session: a nonprofit user acts for an organization
 * only while their users row exists, is not deleted and still points at it.
 */
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { checkDonationAccessToken } from "@/lib/auth/donation-access-token";
import { messages } from "@/lib/validations/messages";
import { organizations, users } from "@/models";
import type { Actor, ActorRole } from "./actor";

const forbidden = () => new AppError("forbidden", messages.auth.forbidden);

/** True when `actor` is signed in as one of the account `types`. Never throws. */
export function hasRole<T extends ActorRole>(actor: Actor | null | undefined, ...types: T[]): actor is Actor & { role: T } {
  return !!actor && (types as ActorRole[]).includes(actor.role);
}

/**
 * `actor` is signed in as one of the account `types` (roles).
 * @returns the actor. @throws AppError(unauthenticated) without a session; AppError(forbidden)
 *   for another account type.
 */
export function requireRole(actor: Actor | null | undefined, ...types: ActorRole[]): Actor {
  if (!actor) throw new AppError("unauthenticated", messages.auth.signInRequired);
  if (!types.includes(actor.role)) throw forbidden();
  return actor;
}

/**
 * Session-only: the organization a signed-in nonprofit user acts for.
 * @throws AppError(unauthenticated) without a session; AppError(forbidden) for a donor, an
 *   admin or a nonprofit user not linked to an organization.
 */
export function ownOrganizationId(actor: Actor | null | undefined): string {
  if (!actor) throw new AppError("unauthenticated", messages.auth.signInRequired);
  if (actor.role !== "nonprofit" || !actor.organizationId) throw forbidden();
  return actor.organizationId;
}

/**
 * Session-only, with a session required: `actor` is a nonprofit user of `organizationId`.
 * @throws AppError(unauthenticated) without a session; AppError(forbidden) for anyone else.
 */
export function assertOrganizationMember(actor: Actor | null | undefined, organizationId: string): asserts actor is Actor & { organizationId: string } {
  if (!actor) throw new AppError("unauthenticated", messages.auth.signInRequired);
  assertActsForOrganization(actor, organizationId);
}

/**
 * Session-only check (no database): `actor` is a nonprofit user whose session names `organizationId`.
 * Use it to refuse early; writes must also call {@link requireActsForOrganization}.
 * @returns organizationId. @throws AppError(forbidden).
 */
export function assertActsForOrganization(actor: Actor | null | undefined, organizationId: string | null | undefined): string {
  if (!actor || actor.role !== "nonprofit" || !actor.organizationId || !organizationId || actor.organizationId !== organizationId) throw forbidden();
  return actor.organizationId;
}

/** True when `actor` is (per its session) a nonprofit user of `organizationId`. Never throws. */
export function actsForOrganization(actor: Actor | null | undefined, organizationId: string | null | undefined): boolean {
  return !!actor && actor.role === "nonprofit" && !!actor.organizationId && !!organizationId && actor.organizationId === organizationId;
}

/**
 * `actor` is a nonprofit user of `organizationId` per the session AND per the database (the account
 * exists, is not deleted and still belongs to the organization), and the organization exists.
 * Call inside the writing transaction, before the first write.
 * @returns organizationId. @throws AppError(forbidden); AppError(not_found) when the organization is gone.
 */
export async function requireActsForOrganization(db: Executor, actor: Actor | null | undefined, organizationId: string): Promise<string> {
  assertActsForOrganization(actor, organizationId);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, actor!.id), eq(users.organizationId, organizationId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw forbidden();
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  return organizationId;
}

/**
 * True when `actor` is the user `userId` (and, with `type`, of that role).
 * Never throws.
 */
export function actsForUser(actor: Actor | null | undefined, userId: string | null | undefined, type?: ActorRole): boolean {
  return !!actor && !!userId && actor.id === userId && (!type || actor.role === type);
}

/**
 * Session-only check: `actor` is the user `userId` (and, with `type`, of that role).
 * @returns userId. @throws AppError(forbidden).
 */
export function assertActsForUser(actor: Actor | null | undefined, userId: string | null | undefined, type?: ActorRole): string {
  if (!actsForUser(actor, userId, type)) throw forbidden();
  return userId!;
}

/**
 * `actor` is the user `userId` and that account still exists (not deleted).
 * @returns userId. @throws AppError(forbidden).
 */
export async function requireActsForUser(db: Executor, actor: Actor | null | undefined, userId: string): Promise<string> {
  assertActsForUser(actor, userId);
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  if (!row) throw forbidden();
  return userId;
}

/** How an actor relates to a donation: its donor, its organization, or its access-token holder. */
export type DonationAccess = "donor" | "organization" | "token" | "admin";

/**
 * Who may see or act on a donation (spec: the donor's history and result page, the
 * organization's report). A guest's only proof is the donation's access token
 * (lib/services/donations/access-token.ts).
 * @param donation the donation's id, organization and signed-in donor (if any).
 * @returns the kinds of access `actor`/`token` have; empty when none.
 */
export function donationAccess(
  actor: Actor | null | undefined,
  donation: { id: string; organizationId: string; donorUserId: string | null },
  token?: string | null,
): DonationAccess[] {
  const access: DonationAccess[] = [];
  // The account that paid, whatever its type (a nonprofit user may give while signed in).
  if (actsForUser(actor, donation.donorUserId)) access.push("donor");
  if (actsForOrganization(actor, donation.organizationId)) access.push("organization");
  if (actor?.role === "admin") access.push("admin");
  if (token && checkDonationAccessToken(donation.id, token)) access.push("token");
  return access;
}

/**
 * Require one of the `allowed` kinds of access to a donation.
 * @throws AppError(not_found) (not 403: a donation's existence is not revealed to others).
 */
export function requireDonationAccess(
  actor: Actor | null | undefined,
  donation: { id: string; organizationId: string; donorUserId: string | null },
  allowed: DonationAccess[],
  token?: string | null,
): DonationAccess {
  const found = donationAccess(actor, donation, token).find((a) => allowed.includes(a));
  if (!found) throw new AppError("not_found", messages.donation.notFound);
  return found;
}
