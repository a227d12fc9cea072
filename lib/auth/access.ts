/**
 * The earlier spellings of the access rule ("may this actor act for this organization / this
 * user / this donation"), kept as thin wrappers: every one of them decides through the one
 * rule, `can()` in lib/auth/can.ts, and throws through lib/auth/authorize.ts. New code calls
 * `authorize(actor, action, resource)` and the `authorize*` loaders directly, naming the action.
 *
 * Organization membership is asked as "organization.update" (every organization action has
 * the same rule: the organization's own nonprofit user); an account as "account.update".
 *
 * The database is the authority, not the session: a nonprofit user acts for an organization
 * only while their users row exists, is not deleted and still points at it
 * ({@link requireActsForOrganization}, inside the writing transaction, before the first write).
 */
import "server-only";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { checkDonationAccessToken } from "@/lib/auth/donation-access-token";
import { messages } from "@/lib/validations/messages";
import type { Actor, ActorRole } from "./actor";
import { authorize, authorizeOrganization, authorizeOwnOrganization, authorizeRole, authorizeUser, forbidden } from "./authorize";
import { can, hasAccountType } from "./can";

/** True when `actor` is signed in as one of the account `types`. Never throws. */
export function hasRole<T extends ActorRole>(actor: Actor | null | undefined, ...types: T[]): actor is Actor & { role: T } {
  return hasAccountType(actor, ...types);
}

/**
 * `actor` is signed in as one of the account `types` (roles).
 * @returns the actor. @throws AppError(unauthenticated) without a session; AppError(forbidden)
 *   for another account type.
 */
export function requireRole(actor: Actor | null | undefined, ...types: ActorRole[]): Actor {
  return authorizeRole(actor, ...types);
}

/**
 * Session-only: the organization a signed-in nonprofit user acts for.
 * @throws AppError(unauthenticated) without a session; AppError(forbidden) for a donor, an
 *   admin or a nonprofit user not linked to an organization.
 */
export function ownOrganizationId(actor: Actor | null | undefined): string {
  return authorizeOwnOrganization(actor, "organization.update");
}

/**
 * Session-only, with a session required: `actor` is a nonprofit user of `organizationId`.
 * @throws AppError(unauthenticated) without a session; AppError(forbidden) for anyone else.
 */
export function assertOrganizationMember(actor: Actor | null | undefined, organizationId: string): asserts actor is Actor & { organizationId: string } {
  authorize(actor, "organization.update", { organizationId });
}

/**
 * Session-only check (no database): `actor` is a nonprofit user whose session names `organizationId`.
 * Use it to refuse early; writes must also call {@link requireActsForOrganization}.
 * @returns organizationId. @throws AppError(forbidden).
 */
export function assertActsForOrganization(actor: Actor | null | undefined, organizationId: string | null | undefined): string {
  if (!actsForOrganization(actor, organizationId)) throw forbidden();
  return organizationId!;
}

/** True when `actor` is (per its session) a nonprofit user of `organizationId`. Never throws. */
export function actsForOrganization(actor: Actor | null | undefined, organizationId: string | null | undefined): boolean {
  return can(actor, "organization.update", { organizationId });
}

/**
 * `actor` is a nonprofit user of `organizationId` per the session AND per the database (the account
 * exists, is not deleted and still belongs to the organization), and the organization exists.
 * Call inside the writing transaction, before the first write.
 * @returns organizationId. @throws AppError(forbidden); AppError(not_found) when the organization is gone.
 */
export async function requireActsForOrganization(db: Executor, actor: Actor | null | undefined, organizationId: string): Promise<string> {
  assertActsForOrganization(actor, organizationId);
  return authorizeOrganization(db, actor, "organization.update", organizationId);
}

/**
 * True when `actor` is the user `userId` (and, with `type`, of that role).
 * Never throws.
 */
export function actsForUser(actor: Actor | null | undefined, userId: string | null | undefined, type?: ActorRole): boolean {
  return can(actor, "account.update", { userId }) && (!type || hasAccountType(actor, type));
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
  return authorizeUser(db, actor, "account.update", userId);
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
  const d = { donorId: donation.donorUserId, organizationId: donation.organizationId };
  // The account that paid, whatever its type (a nonprofit user may give while signed in): the receipt is theirs.
  if (can(actor, "donation.receipt", d)) access.push("donor");
  // Its organization: the one that may refund it.
  if (can(actor, "donation.refund", d)) access.push("organization");
  // The admin: the platform's copy of the notice is theirs alone.
  if (can(actor, "donation.resendPlatformNotice", d)) access.push("admin");
  // A guest's only proof: the token, verified here; the rule decides what it grants.
  if (token && can(null, "donation.receipt", { ...d, holdsAccessToken: checkDonationAccessToken(donation.id, token) })) access.push("token");
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
