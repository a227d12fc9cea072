/**
 * The server side of the access rule (lib/auth/can.ts): the same decisions, thrown as the
 * errors every route maps to HTTP (lib/errors.ts), with the spec's messages
 * (lib/validations/messages.ts):
 * - nobody signed in: AppError(unauthenticated) 401 "Please log in to continue.";
 * - signed in but not allowed: AppError(forbidden) 403 "You do not have access to this.".
 *
 * The `authorize*` variants that take a database handle load what the decision needs before
 * deciding: the account as it is NOW (a deleted account, or an organization released and
 * claimed by someone else, is refused although the session still names it) and the owner of a
 * fundraiser, event, donation or recurring gift. Call them inside the writing transaction,
 * before the first write, so a refused request writes nothing (OWASP ASVS 5.0 V8.2: object-level
 * authorization on the server; V8.3: decisions on current data).
 */
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, events, organizations, recurringGifts, users } from "@/models";
import type { Actor, ActorRole } from "./actor";
import { can, hasAccountType, type Action, type ActionResources, type CanActor, type OrganizationResource, type UserResource } from "./can";

/** 401: nobody is signed in. */
export const unauthenticated = () => new AppError("unauthenticated", messages.auth.signInRequired);
/** 403: signed in, not allowed. */
export const forbidden = () => new AppError("forbidden", messages.auth.forbidden);

/**
 * Throw unless `can(actor, action, resource)`.
 * @throws AppError(unauthenticated) when `actor` is null/undefined and the rule refuses;
 *   AppError(forbidden) for a signed-in caller the rule refuses.
 */
export function authorize<T extends CanActor, A extends Action>(actor: T, action: A, resource: ActionResources[A]): asserts actor is NonNullable<T> {
  if (can(actor, action, resource)) return;
  throw actor ? forbidden() : unauthenticated();
}

/**
 * The signed-in account, of one of the account types `roles` (spec 6: each role has its own
 * dashboard). The route guards (lib/http/session.ts, `route({ auth })`) use it.
 * @returns the actor. @throws AppError(unauthenticated) without a session; AppError(forbidden)
 *   for another account type.
 */
export function authorizeRole<T extends Actor>(actor: T | null | undefined, ...roles: ActorRole[]): T {
  if (!actor) throw unauthenticated();
  if (!hasAccountType(actor, ...roles)) throw forbidden();
  return actor;
}

/** Actions decided on an organization. */
export type OrganizationAction = { [A in Action]: ActionResources[A] extends OrganizationResource ? A : never }[Action];
/** Actions decided on one user account. */
export type UserAction = { [A in Action]: ActionResources[A] extends UserResource ? A : never }[Action];

/**
 * Session-only: the organization the signed-in nonprofit user acts for, when its session may do
 * `action` there. Use it to refuse early and to scope reads; writes use {@link authorizeOrganization}.
 * @returns the organization id. @throws AppError(unauthenticated) without a session;
 *   AppError(forbidden) for a donor, an admin or a nonprofit user without an organization.
 */
export function authorizeOwnOrganization(actor: Actor | null | undefined, action: OrganizationAction): string {
  if (!actor) throw unauthenticated();
  authorize(actor, action, { organizationId: actor.organizationId });
  return actor.organizationId!;
}

/**
 * `actor` may do `action` for `organizationId` per the session AND per the database: the
 * account exists, is not deleted and still belongs to the organization, and the organization
 * exists. (An admin allowed by the rule has no account row; nothing more is loaded.)
 * @returns organizationId. @throws AppError(unauthenticated | forbidden);
 *   AppError(not_found) "We could not find that organization." when it is gone.
 */
export async function authorizeOrganization(db: Executor, actor: Actor | null | undefined, action: OrganizationAction, organizationId: string): Promise<string> {
  authorize(actor, action, { organizationId });
  // An admin the rule allowed has no membership to re-read.
  if (!hasAccountType(actor!, "admin")) {
    const [row] = await db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(and(eq(users.id, actor!.id), isNull(users.deletedAt)))
      .limit(1);
    // Decide again with the account as it is now.
    if (!row || !can({ ...actor!, organizationId: row.organizationId }, action, { organizationId })) throw forbidden();
  }
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  return organizationId;
}

/** Actions that need the organization's claim verified (lib/auth/can.ts ClaimedOrganizationResource). */
export type VerifiedOrganizationAction = "organization.publish" | "payout.connect" | "organization.members.manage";

/**
 * The organization's claim state as the access rule reads it: no claim of it waiting for
 * verification (models/claims.ts).
 * @returns `{ claimVerified }`. @throws AppError(not_found) when the organization is gone.
 */
export async function loadClaimFacts(db: Executor, organizationId: string): Promise<{ claimVerified: boolean }> {
  const [org] = await db
    .select({ claimPendingSince: organizations.claimPendingSince })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  // Its member acts on a verified claim unless a claim of it waits for verification (an
  // organization registered without an EIN has no such claim: an admin's approval reviews it).
  return { claimVerified: !org.claimPendingSince };
}

/**
 * {@link authorizeOrganization} for `base` (the member may act for the organization at all),
 * then `action`, which needs its claim verified. A claimant whose claim is pending is refused
 * with a plain sentence saying so (`refusal`, default messages.claims.verifyFirst).
 * @returns organizationId. @throws AppError(unauthenticated | forbidden | not_found).
 */
export async function authorizeVerifiedOrganization(
  db: Executor,
  actor: Actor | null | undefined,
  action: VerifiedOrganizationAction,
  organizationId: string,
  options: { base?: OrganizationAction; refusal?: string } = {},
): Promise<string> {
  await authorizeOrganization(db, actor, options.base ?? "organization.update", organizationId);
  const facts = await loadClaimFacts(db, organizationId);
  if (!can(actor, action, { organizationId, ...facts })) throw new AppError("forbidden", options.refusal ?? messages.claims.verifyFirst);
  return organizationId;
}

/**
 * `actor` may do `action` to the account `userId`, and that account still exists (not deleted).
 * @returns userId. @throws AppError(unauthenticated | forbidden).
 */
export async function authorizeUser(db: Executor, actor: Actor | null | undefined, action: UserAction, userId: string): Promise<string> {
  authorize(actor, action, { userId });
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  if (!row) throw forbidden();
  return userId;
}

/**
 * Load a fundraiser's organization, then {@link authorizeOrganization}.
 * @returns the fundraiser's organization id. @throws AppError(not_found) "This fundraiser was not
 *   found." for an unknown id; else as authorizeOrganization.
 */
export async function authorizeFundraiser(db: Executor, actor: Actor | null | undefined, action: OrganizationAction, fundraiserId: string): Promise<string> {
  const [row] = await db.select({ organizationId: fundraisers.organizationId }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)).limit(1);
  if (!row) throw new AppError("not_found", messages.campaign.notFound);
  return authorizeOrganization(db, actor, action, row.organizationId);
}

/**
 * Load an event's organization, then {@link authorizeOrganization}.
 * @returns the event's organization id. @throws AppError(not_found) "This event was not found."
 *   for an unknown id; else as authorizeOrganization.
 */
export async function authorizeEvent(db: Executor, actor: Actor | null | undefined, action: OrganizationAction, eventId: string): Promise<string> {
  const [row] = await db.select({ organizationId: events.organizationId }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!row) throw new AppError("not_found", messages.events.notFound);
  return authorizeOrganization(db, actor, action, row.organizationId);
}

/** Actions decided on one donation. */
export type DonationAction = "donation.view" | "donation.receipt" | "donation.refund" | "donation.resendNonprofitNotice" | "donation.resendPlatformNotice";

/**
 * Load a donation's donor and organization, then decide. A caller the rule refuses learns
 * nothing about the donation's existence. A nonprofit user allowed through the organization is
 * re-checked against the database as in {@link authorizeOrganization}.
 * @param holdsAccessToken the caller presented this donation's access token, verified by the server.
 * @returns the donation's id, organization and donor. @throws AppError(not_found) "This donation
 *   was not found." for an unknown donation or a refused caller; AppError(forbidden) when the
 *   nonprofit account no longer belongs to the organization.
 */
export async function authorizeDonation(
  db: Executor,
  actor: Actor | null | undefined,
  action: DonationAction,
  donationId: string,
  holdsAccessToken = false,
): Promise<{ id: string; organizationId: string; donorUserId: string | null }> {
  const [d] = await db
    .select({ id: donations.id, organizationId: donations.organizationId, donorUserId: donations.donorUserId })
    .from(donations)
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!d || !can(actor, action, { donorId: d.donorUserId, organizationId: d.organizationId, holdsAccessToken })) {
    throw new AppError("not_found", messages.donation.notFound);
  }
  // Allowed through the organization rather than as the donor: decide again on the account as it is now.
  const resource = { donorId: d.donorUserId, organizationId: d.organizationId };
  if (can(actor, "report.view", resource) && !can(actor, "donation.viewOwn", resource)) {
    await authorizeOrganization(db, actor, "report.view", d.organizationId);
  }
  return d;
}

/**
 * Load a recurring gift's donor and organization, then decide "recurringGift.manage".
 * @returns the gift's id, donor and organization. @throws AppError(not_found) "Not found." for
 *   an unknown gift or a refused signed-in caller; AppError(unauthenticated) for nobody.
 */
export async function authorizeRecurringGift(
  db: Executor,
  actor: Actor | null | undefined,
  giftId: string,
  holdsManageToken = false,
): Promise<{ id: string; organizationId: string; donorUserId: string | null }> {
  const [g] = await db
    .select({ id: recurringGifts.id, organizationId: recurringGifts.organizationId, donorUserId: recurringGifts.donorUserId })
    .from(recurringGifts)
    .where(eq(recurringGifts.id, giftId))
    .limit(1);
  if (g && can(actor, "recurringGift.manage", { donorId: g.donorUserId, organizationId: g.organizationId, holdsManageToken })) return g;
  if (!actor) throw unauthenticated();
  throw new AppError("not_found", messages.generic.notFound);
}
