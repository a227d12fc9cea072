/**
 * Who is acting, as services see it. The session's wire format (spec section 3: `type`,
 * `_id`, `orgId`, `organization_company`…) stays at the edge (next-auth callbacks, the client
 * session, API responses); requests map it once, with {@link actorFromSession}, and every
 * service and the access rule (lib/auth/can.ts, lib/auth/authorize.ts) take an `Actor`.
 */
import type { SessionUser, UserType } from "./types";

/** The account type of an actor. A donor's session says "individual". */
export type ActorRole = "donor" | "nonprofit" | "admin";

export type Actor = {
  /** The users row id (the session's `_id`). */
  id: string;
  role: ActorRole;
  /** The organization a nonprofit user acts for (the session's `orgId`); null for donors and admins. */
  organizationId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  /** A donor's company or a nonprofit user's organization name (the session's `organization_company`); "" when none. */
  organizationName: string;
  telephone: string | null;
};

const ROLE_OF: Record<UserType, ActorRole> = { individual: "donor", nonprofit: "nonprofit", admin: "admin" };

/** The actor role of a session account type ("individual" is a donor). */
export function roleOf(type: UserType): ActorRole {
  return ROLE_OF[type];
}

/** The one mapping from the session's signed-in user to the internal actor; null stays null. */
export function actorFromSession(user: SessionUser): Actor;
export function actorFromSession(user: SessionUser | null | undefined): Actor | null;
export function actorFromSession(user: SessionUser | null | undefined): Actor | null {
  if (!user) return null;
  return {
    id: user._id,
    role: roleOf(user.type),
    organizationId: user.orgId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    organizationName: user.organization_company,
    telephone: user.telephone,
  };
}
