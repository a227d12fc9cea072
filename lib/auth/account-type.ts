/**
 * The account type of the session's signed-in user, as the access rule names it (spec section 6
 * "Roles and permissions": donor, nonprofit, admin; the session's wire format says "individual"
 * for a donor). For client components that hold the session's user and decide only what to show
 * (a menu, an avatar, a hint); decisions on a resource are `can()` in lib/auth/can.ts, and the
 * services make the check that counts.
 *
 * Kept apart from lib/auth/can.ts so that the navigation shown on every page loads only this
 * mapping, not the whole table of actions. Types only besides lib/auth/actor.ts: browser-safe.
 */
import { roleOf, type ActorRole } from "./actor";
import type { SessionUser } from "./types";

/** Is the session's user signed in as one of the account types `roles`? False for nobody. Never throws. */
export function sessionUserIs(user: Pick<SessionUser, "type"> | null | undefined, ...roles: ActorRole[]): boolean {
  return !!user && roles.includes(roleOf(user.type));
}
