/**
 * next-auth configuration: email + password credentials, JWT sessions carrying the spec's
 * session fields (lib/auth/types.ts). The credentials check is the same service as
 * POST /api/authenticate.
 */
import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { requestClientIp } from "@/lib/http/client-ip";
import { isAppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { authenticateUser } from "@/lib/services/users/authenticate-user";
import { currentSessionVersion, resolveSessionUser } from "@/lib/services/users/sessions";
import { safeAuthRedirect } from "@/lib/http/safe-redirect";
import { adminEnabled, authenticateAdmin } from "@/lib/auth/admin";
import { authSecret } from "@/lib/config/signing-secret";
import type { SessionUser } from "@/lib/auth/types";

/** Lifetime of a session (30 days), in seconds. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Build the options (the secret is read lazily, so this is a function). */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" }, altcha: { label: "Security check", type: "hidden" } },
        async authorize(credentials, req) {
          try {
            const user = await authenticateUser({
              email: credentials?.email,
              password: credentials?.password,
              ip: requestClientIp(req?.headers as IncomingHttpHeaders | undefined),
              proofOfWork: credentials?.altcha,
            });
            return { id: user._id, ...user };
          } catch (err) {
            // next-auth shows a thrown message to the client; keep it to the safe texts (the
            // limits', and the security check's, which the sign-in form answers by solving it).
            if (isAppError(err) && (err.code === "rate_limited" || err.fields?.challenge)) throw new Error(err.message);
            throw new Error(messages.auth.invalidCredentials);
          }
        },
      }),
      // The admin: password only, from configuration (lib/auth/admin.ts).
      CredentialsProvider({
        id: "admin",
        name: "Admin password",
        credentials: { password: { label: "Admin password", type: "password" } },
        async authorize(credentials, req) {
          try {
            const admin = await authenticateAdmin({
              password: credentials?.password,
              ip: requestClientIp(req?.headers as IncomingHttpHeaders | undefined),
            });
            return { id: admin._id, ...admin };
          } catch (err) {
            if (isAppError(err)) throw new Error(err.message);
            throw new Error(messages.admin.wrongPassword);
          }
        },
      }),
    ],
    callbacks: {
      // Only same-origin paths (lib/http/safe-redirect.ts), never a scheme-relative or backslash path.
      redirect: async ({ url, baseUrl }) => safeAuthRedirect({ url, baseUrl }),
      // Runs on every session read: the session is honoured only while its account exists and
      // its session version matches (lib/services/users/sessions.ts); the user's fields are
      // reloaded each time, so a changed organization or email is seen at once.
      async jwt({ token, user }) {
        const db = await getDb();
        if (user) {
          const signedIn = user as unknown as SessionUser;
          token.user = signedIn;
          token.sv = signedIn.type === "admin" ? 0 : await currentSessionVersion({ db, userId: signedIn._id });
        }
        const current = token.user as SessionUser | undefined;
        if (!current) return token;
        if (current.type === "admin") {
          if (!adminEnabled()) delete token.user;
          return token;
        }
        const fresh = await resolveSessionUser({ db, userId: current._id, version: token.sv });
        if (fresh) token.user = fresh;
        else delete token.user;
        return token;
      },
      async session({ session, token }) {
        const u = token.user as SessionUser | undefined;
        if (u) {
          session.user = {
            type: u.type,
            _id: u._id,
            email: u.email,
            firstName: u.firstName,
            lastName: u.lastName,
            organization_company: u.organization_company,
            profileImg: u.profileImg,
            telephone: u.telephone,
            orgId: u.orgId,
          };
        }
        return session;
      },
    },
  };
}
