/**
 * Server-side session access and guards. Guards throw AppError so route handlers map them to
 * 401/403; pages use the *Page variants that redirect to /login instead.
 */
import "server-only";
import { getServerSession } from "next-auth";
import { encode, getToken } from "next-auth/jwt";
import { redirect } from "next/navigation";
import type { NextRequest, NextResponse } from "next/server";
import { baseUrl } from "@/lib/env";
import { hasSessionCookie } from "@/lib/auth/session-cookie";
import { currentRequestScope } from "@/lib/auth/request-scope";
import { authOptions, SESSION_MAX_AGE_SECONDS } from "./auth-options";
import { authSecret } from "@/lib/config/signing-secret";
import { actorFromSession, type Actor, type ActorRole } from "@/lib/auth/actor";
import { authorizeRole } from "@/lib/auth/authorize";
import { hasAccountType } from "@/lib/auth/can";
import type { SessionUser } from "@/lib/auth/types";

/**
 * The next-auth session (for the client SessionProvider), or null. Inside `route()` it is read
 * from the handled request's cookies, once per request; elsewhere from Next's request headers.
 */
export function getSession(): ReturnType<typeof getServerSession<ReturnType<typeof authOptions>>> {
  const scope = currentRequestScope();
  if (!scope) return getServerSession(authOptions());
  // No session cookie, no session: a guest's request (every guest checkout) skips next-auth's
  // handler, which would find nothing to decode and answer null.
  if (!scope.session && !hasSessionCookie(scope.req.cookies.getAll().map((c) => c.name))) scope.session = Promise.resolve(null);
  scope.session ??= getServerSession(
    { headers: Object.fromEntries(scope.req.headers), cookies: Object.fromEntries(scope.req.cookies.getAll().map((c) => [c.name, c.value])) } as never,
    { getHeader() {}, setCookie() {}, setHeader() {} } as never,
    authOptions(),
  );
  return scope.session as ReturnType<typeof getServerSession<ReturnType<typeof authOptions>>>;
}

/** The signed-in user of a session, or null. */
export function sessionUserOf(session: Awaited<ReturnType<typeof getSession>>): SessionUser | null {
  return session?.user?._id ? session.user : null;
}

/** The signed-in user, or null. Works in server components, route handlers and actions. */
export async function getSessionUser(): Promise<SessionUser | null> {
  return sessionUserOf(await getSession());
}

/** The signed-in user as the internal actor (services take this), or null. */
export async function getActor(): Promise<Actor | null> {
  return actorFromSession(await getSessionUser());
}

/** The signed-in actor. @throws AppError(unauthenticated) when nobody is signed in. */
export async function requireUser(): Promise<Actor> {
  return authorizeRole(await getActor(), "donor", "nonprofit", "admin");
}

async function requireRole(role: ActorRole): Promise<Actor> {
  return authorizeRole(await requireUser(), role);
}

/** @throws AppError(unauthenticated | forbidden) unless a donor is signed in. */
export const requireDonor = () => requireRole("donor");
/** @throws AppError(unauthenticated | forbidden) unless a nonprofit user is signed in. */
export const requireNonprofit = () => requireRole("nonprofit");
/** @throws AppError(unauthenticated | forbidden) unless an admin is signed in. */
export const requireAdmin = () => requireRole("admin");

/**
 * For pages that also hand the session to client components: the signed-in user in the
 * session's wire format, or a redirect to /login that comes back to `returnTo` (and to
 * /dashboard for another `role`). Map it with actorFromSession before calling services.
 */
export async function requireSessionUserPage(returnTo: string, role?: ActorRole): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  if (role && !hasAccountType(actorFromSession(user), role)) redirect("/dashboard");
  return user;
}

/** For pages: the signed-in actor, or the redirects of {@link requireSessionUserPage}. */
export async function requireUserPage(returnTo: string, role?: ActorRole): Promise<Actor> {
  return actorFromSession(await requireSessionUserPage(returnTo, role));
}

/**
 * After the caller raised its own session version (password change, "sign out everywhere"),
 * keep THIS browser signed in: re-issue its next-auth session cookie carrying the new version.
 * Every other session of the account stays ended. Does nothing without a session cookie.
 */
export async function reissueSessionCookie(req: NextRequest, res: NextResponse, sessionVersion: number): Promise<NextResponse> {
  const secureCookie = baseUrl().startsWith("https://");
  const cookieName = secureCookie ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  const secret = authSecret();
  const token = await getToken({ req, secret, secureCookie, cookieName });
  if (!token) return res;
  const maxAge = SESSION_MAX_AGE_SECONDS;
  const value = await encode({ token: { ...token, sv: sessionVersion }, secret, maxAge });
  res.cookies.set(cookieName, value, { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookie, maxAge });
  return res;
}
