/**
 * The one access rule of Givebridge: `can(actor, action, resource)` answers whether a caller may
 * do one thing to one resource. Every decision of the product is made here: services ask it
 * (through lib/auth/authorize.ts, which throws 401/403) before any write, route guards ask it
 * for the account type, and pages and client components ask it only to decide what to show.
 *
 * Pure and browser-safe: no database, no secrets, no server-only imports (types only), so a
 * client component can import it. Facts the decision needs that only the server can know (a
 * donation access token verified with the auth secret, the account's current organization in
 * the database) are established by the server and handed in through the resource or the actor.
 *
 * Deny by default: an action is allowed only when its rule below says so; no actor, an unknown
 * action or a missing id is a "no". Nobody (null) is allowed only what a verified token grants.
 *
 * Source of the rules: product spec section 6 "Roles and permissions" (donor, nonprofit,
 * logged out, admin; "each role sees only its own dashboard"; payments, fundraisers, reports
 * and sharing links are nonprofit-only) and OWASP ASVS 5.0 V8 (authorization: deny by default,
 * object-level checks on the server, the same rule in every place).
 */
import type { ApiScope } from "@/lib/validations/api-keys";
import { roleOf, type Actor, type ActorRole } from "./actor";
import type { ApiKeyActor } from "./api-key-access";
import type { SessionUser } from "./types";

/** What a decision needs to know about a signed-in caller (an {@link Actor} satisfies it). */
export type Principal = Pick<Actor, "id" | "role" | "organizationId">;

/** Anyone who may ask: a signed-in account, a public-API key, or nobody (null/undefined). */
export type CanActor = Principal | ApiKeyActor | null | undefined;

/** Something owned by one organization (its profile, fundraisers, events, reports, keys...). */
export type OrganizationResource = { organizationId: string | null | undefined };
/**
 * An organization whose claim state matters: `claimVerified` is read from the database by the
 * server (no claim of it waits for verification: organizations.claim_pending_since, models/claims.ts).
 */
export type ClaimedOrganizationResource = OrganizationResource & { claimVerified: boolean };
/** Something owned by one user account (profile, password, preferences, history...). */
export type UserResource = { userId: string | null | undefined };
/**
 * A donation: the account that paid (null for a guest) and the organization it went to.
 * `holdsAccessToken`: the caller presented the donation's access token and the server verified
 * it (lib/auth/donation-access-token.ts); never set it from client input unverified.
 */
export type DonationResource = {
  donorId: string | null | undefined;
  organizationId: string | null | undefined;
  holdsAccessToken?: boolean;
  /** The gift was recorded offline by its organization (donations.offline_method set), read from the database. */
  recordedOffline?: boolean;
};
/**
 * A recurring gift: its donor's account and the organization it goes to. `holdsManageToken`:
 * the caller presented a valid, unexpired manage link for THIS gift, verified by the server
 * (lib/auth/recurring-manage-link.ts).
 */
export type RecurringGiftResource = { donorId: string | null | undefined; organizationId: string | null | undefined; holdsManageToken?: boolean };
/**
 * A supporter's page for a fundraiser (peer-to-peer): the supporter's account (null once it is
 * gone) and the organization the page raises money for.
 */
export type SupporterPageResource = { supporterId: string | null | undefined; organizationId: string | null | undefined };
/** Platform-wide things with no owner (the admin's review queue, update notices...). */
export type PlatformResource = Record<string, never>;
/** An organization's data read through the public REST API with one scope. */
export type PublicApiResource = { organizationId: string | null | undefined; scope: ApiScope };

/** Every action of the product and the resource each one is decided on. */
export type ActionResources = {
  // An organization's own nonprofit user (spec 6: "public profile, own dashboard, dashboard settings").
  /** Edit the organization: profile, dashboard settings, spotlight, links, nickname, images, going live. */
  "organization.update": OrganizationResource;
  /**
   * Change what the public sees of the organization: profile edits that go live at once, the
   * vanity nickname, hiding or showing the listing. A member of a verified claim only: while the
   * claim waits for verification, edits are drafts and the directory's facts stay public
   * (Candid/GuideStar and Every.org verify a claim before the claimant controls the listing).
   */
  "organization.publish": ClaimedOrganizationResource;
  /** Connect a payout account (Stripe Connect, PayPal, the sandbox, a bank account): a member of a verified claim only. */
  "payout.connect": ClaimedOrganizationResource;
  /** Verify a claim (email at the organization's domain, mailed letter code, document upload): the nonprofit account that made it. */
  "claim.verify": UserResource;
  /** See who acts for the organization: its members and the invitations waiting for an answer. */
  "organization.members.view": OrganizationResource;
  /**
   * Invite a colleague by email, re-send or revoke an invitation, remove a member (oneself
   * included): a member of a verified claim only, so a claimant whose claim waits for
   * verification cannot add accounts to an organization it may not speak for.
   */
  "organization.members.manage": ClaimedOrganizationResource;
  /**
   * Read the organization's account activity: its entries of the audit log (claim verified,
   * renames, payout accounts connected or removed), so a member notices a change made by
   * someone else (OWASP ASVS 5.0 V16: security events visible to the account they concern).
   */
  "organization.viewActivity": OrganizationResource;
  /** Create, edit and end fundraisers, see the ones not yet published (spec 6: fundraisers are nonprofit-only). */
  "fundraiser.manage": OrganizationResource;
  /** Create and edit events and ticket types, refund ticket orders, see unpublished events. */
  "event.manage": OrganizationResource;
  /** Donation reports, analytics, the CSV export, recent donations, e-mailing the donor report (spec 6: reports). */
  "report.view": OrganizationResource;
  /** Fundraiser budgets (planned spending per line). */
  "budget.manage": OrganizationResource;
  /** Payment accounts: Stripe Connect, PayPal partner onboarding, bank accounts (spec 6: payments). */
  "payout.manage": OrganizationResource;
  /** Create, list and revoke the organization's public-API keys. */
  "apiKey.manage": OrganizationResource;
  /** The organization's outgoing webhook endpoints and their deliveries. */
  "webhook.manage": OrganizationResource;
  /** Publish impact stories to the organization's donors. */
  "impactStory.publish": OrganizationResource;
  /** Confirm or decline volunteer hours logged with the organization. */
  "volunteerHours.verify": OrganizationResource;
  /** See pledges waiting for the organization to connect payments (also the admin). */
  "pledge.view": OrganizationResource;
  /** Record, correct and delete gifts the organization received outside the platform (cash, check, DAF, stock, in-kind). */
  "donation.recordOffline": OrganizationResource;
  /** The Donors view: donors grouped from their shared details, segments, a donor's gifts, the donors CSV. */
  "donorRelationship.view": OrganizationResource;
  /** Write the organization's private note and tags about a donor (never shown to the donor). */
  "donorRelationship.annotate": OrganizationResource;
  /**
   * Peer-to-peer fundraising of the organization's fundraisers: turn supporter pages on, see
   * every supporter page and team with its totals, approve, hide or edit one, the supporter-pages
   * CSV, write to the supporters.
   */
  "supporterPage.moderate": OrganizationResource;

  // One supporter page (peer-to-peer fundraising).
  /** Edit, pause, close or delete a supporter page and see its gifts: its supporter, or its organization's members. */
  "supporterPage.edit": SupporterPageResource;
  /**
   * The supporter's own choices on their page, which its organization may not make for them:
   * gift notices, sharing their email with the organization, their team, pausing and resuming
   * the page. Its supporter only.
   */
  "supporterPage.editOwnChoices": SupporterPageResource;
  /** Edit the organization's thank-you emails, send itself a test, and email its donors their year-end statements. */
  "donorMail.manage": OrganizationResource;

  // One donation.
  /** See a donation: its donor, its organization, or the admin. */
  "donation.view": DonationResource;
  /** A donation one gave oneself: the account that paid, whatever its type (a nonprofit user may give too). */
  "donation.viewOwn": DonationResource;
  /**
   * The result page and PDF receipt: its donor, or a guest holding its access token; for a gift
   * recorded offline also its organization's members, who hand the receipt to the donor.
   */
  "donation.receipt": DonationResource;
  /** Refund a donation: its organization only (the money is the organization's). */
  "donation.refund": DonationResource;
  /** Send the organization's donation notice again: its organization or the admin. */
  "donation.resendNonprofitNotice": DonationResource;
  /** Send the platform's copy (with fees) again: the admin only. */
  "donation.resendPlatformNotice": DonationResource;

  // One recurring gift.
  /** Change, pause or cancel a recurring gift: its donor, or the holder of its manage link. */
  "recurringGift.manage": RecurringGiftResource;

  // One user account (spec 6: "own dashboard, settings modal, profile editing, preference sharing").
  /** Edit one's own account: profile, password, e-mail, preferences, sessions, images, deletion. */
  "account.update": UserResource;
  /** A donor's own giving history (the donor dashboard). */
  "donationHistory.view": UserResource;
  /** Start a supporter page (or a team) for a fundraiser as oneself: donors (spec 6: donors support causes). */
  "supporterPage.create": UserResource;
  /**
   * Ask for a report in one's own name: the spec's getDonationReports/{organizationId}/{userId}
   * names the caller's account, which must be the caller's own.
   */
  "report.requestOwn": UserResource;
  /** A donor's own sharing log: who read the details they shared with organizations (spec section 1). */
  "sharingLog.view": UserResource;
  /**
   * Finish a PayPal partner onboarding one began oneself: the onboarding's state token names
   * the account that started it, which must be the caller's.
   */
  "payout.finishOwnOnboarding": UserResource;
  /** A donor's own rewards and badges. */
  "reward.view": UserResource;
  /** Like or unlike an event as oneself. */
  "event.like": UserResource;
  /** Log one's own volunteer hours (donors). */
  "volunteerHours.log": UserResource;
  /** Read the impact stories of the organizations one gave to (donors). */
  "impactStory.read": UserResource;

  // The platform (spec 6: "an admin sign-in call exists").
  /** Approve or reject nonprofits waiting for review. */
  "admin.review": PlatformResource;
  /** The admin's read-only views: audit log, feedback, platform totals, business sign-ups. */
  "admin.view": PlatformResource;
  /** Publish and withdraw the update notices every dashboard shows. */
  "updateNotice.manage": PlatformResource;
  /** Platform payment settings (registering the PayPal Apple Pay domain). */
  "platform.configure": PlatformResource;

  // The public REST API (lib/validations/api-keys.ts).
  /** Read an organization's data with one scope: a key of that organization that holds the scope. */
  "publicApi.read": PublicApiResource;
};

/** The typed list of actions. */
export type Action = keyof ActionResources;

const isApiKey = (actor: NonNullable<CanActor>): actor is ApiKeyActor => "kind" in actor && actor.kind === "api_key";

/** The signed-in account of `actor`, or null for nobody or an API key. */
function principal(actor: CanActor): Principal | null {
  if (!actor || isApiKey(actor)) return null;
  return actor;
}

/** Signed in as one of the account types. */
function isRole(actor: CanActor, ...roles: ActorRole[]): boolean {
  const p = principal(actor);
  return !!p && roles.includes(p.role);
}

/** A nonprofit user whose account belongs to `organizationId` (both present). */
function isMemberOf(actor: CanActor, organizationId: string | null | undefined): boolean {
  const p = principal(actor);
  return !!p && p.role === "nonprofit" && !!p.organizationId && !!organizationId && p.organizationId === organizationId;
}

/** The account `userId` itself (both present). */
function isUser(actor: CanActor, userId: string | null | undefined): boolean {
  const p = principal(actor);
  return !!p && !!p.id && !!userId && p.id === userId;
}

const isAdmin = (actor: CanActor) => isRole(actor, "admin");
const member = (actor: CanActor, r: OrganizationResource) => isMemberOf(actor, r.organizationId);
const self = (actor: CanActor, r: UserResource) => isUser(actor, r.userId);
const donorSelf = (actor: CanActor, r: UserResource) => isRole(actor, "donor") && isUser(actor, r.userId);

const rules: { [A in Action]: (actor: CanActor, resource: ActionResources[A]) => boolean } = {
  "organization.update": member,
  "organization.publish": (a, r) => member(a, r) && r.claimVerified === true,
  "payout.connect": (a, r) => member(a, r) && r.claimVerified === true,
  "claim.verify": (a, r) => isRole(a, "nonprofit") && isUser(a, r.userId),
  "organization.members.view": member,
  "organization.members.manage": (a, r) => member(a, r) && r.claimVerified === true,
  "organization.viewActivity": member,
  "fundraiser.manage": member,
  "event.manage": member,
  "report.view": member,
  "budget.manage": member,
  "payout.manage": member,
  "apiKey.manage": member,
  "webhook.manage": member,
  "impactStory.publish": member,
  "volunteerHours.verify": member,
  "pledge.view": (a, r) => member(a, r) || isAdmin(a),
  "donation.recordOffline": member,
  "donorRelationship.view": member,
  "donorRelationship.annotate": member,
  "supporterPage.moderate": member,
  "supporterPage.edit": (a, r) => (isRole(a, "donor") && isUser(a, r.supporterId)) || isMemberOf(a, r.organizationId),
  "supporterPage.editOwnChoices": (a, r) => isUser(a, r.supporterId),
  "donorMail.manage": member,

  // The account that paid is the donor whatever its type (a nonprofit user may give too).
  "donation.view": (a, r) => isUser(a, r.donorId) || isMemberOf(a, r.organizationId) || isAdmin(a),
  "donation.viewOwn": (a, r) => isUser(a, r.donorId),
  "donation.receipt": (a, r) => isUser(a, r.donorId) || r.holdsAccessToken === true || (r.recordedOffline === true && isMemberOf(a, r.organizationId)),
  "donation.refund": (a, r) => isMemberOf(a, r.organizationId),
  "donation.resendNonprofitNotice": (a, r) => isMemberOf(a, r.organizationId) || isAdmin(a),
  "donation.resendPlatformNotice": (a) => isAdmin(a),

  "recurringGift.manage": (a, r) => isUser(a, r.donorId) || r.holdsManageToken === true,

  "account.update": self,
  "donationHistory.view": donorSelf,
  "report.requestOwn": self,
  "sharingLog.view": donorSelf,
  "payout.finishOwnOnboarding": self,
  "reward.view": self,
  "event.like": self,
  "volunteerHours.log": donorSelf,
  "supporterPage.create": donorSelf,
  "impactStory.read": donorSelf,

  "admin.review": isAdmin,
  "admin.view": isAdmin,
  "updateNotice.manage": isAdmin,
  "platform.configure": isAdmin,

  // RFC 6750 section 3.1: a key without the scope is refused (insufficient_scope); a key reads only its own organization.
  "publicApi.read": (a, r) => !!a && isApiKey(a) && !!r.organizationId && a.organizationId === r.organizationId && a.scopes.includes(r.scope),
};

/** Every action, for tests and documentation. */
export const actions = Object.keys(rules) as Action[];

/**
 * May `actor` do `action` to `resource`? Deny unless the action's rule allows it.
 * @param actor the signed-in account (an Actor, or the session's `{ id, role, organizationId }`),
 *   a public-API key, or null/undefined for nobody.
 * @param resource the ids the decision needs (see {@link ActionResources}); missing ids deny.
 * @returns true when allowed. Never throws (an unknown action is denied).
 */
export function can<A extends Action>(actor: CanActor, action: A, resource: ActionResources[A]): boolean {
  const rule = Object.prototype.hasOwnProperty.call(rules, action) ? rules[action] : undefined;
  return !!rule && !!resource && rule(actor, resource) === true;
}

/** Is `actor` signed in as one of the account types `roles`? (spec 6: each role has its own dashboard). Never throws. */
export function hasAccountType<R extends ActorRole>(actor: CanActor, ...roles: R[]): actor is Principal & { role: R } {
  return isRole(actor, ...roles);
}

/**
 * The session's view of a client: the wire-format session user (`_id`, `type`, `orgId`) as a
 * {@link Principal}, so client components can call {@link can} with `useSession()`'s user.
 */
export function principalFromSessionUser(user: Pick<SessionUser, "_id" | "type" | "orgId"> | null | undefined): Principal | null {
  if (!user?._id) return null;
  return { id: user._id, role: roleOf(user.type), organizationId: user.orgId };
}
