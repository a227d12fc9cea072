/**
 * next-auth configuration: email + password credentials, JWT sessions carrying the spec's
 * session fields (lib/auth/types.ts). The credentials check is the same service as
 * POST /api/authenticate.
 */
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { isAppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { authenticateUser } from "@/lib/services/users/authenticate-user";
import { loadSessionUser } from "@/lib/services/users/to-session-user";
import { safeAuthRedirect } from "@/lib/http/safe-redirect";
import { authenticateAdmin } from "./admin";
import { authSecret } from "./secret";
import type { SessionUser } from "./types";

function headerIp(headers: Record<string, string | string[] | undefined> | undefined): string {
  const raw = headers?.["x-forwarded-for"];
  const first = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim();
  return first || "local";
}

/** Build the options (the secret is read lazily, so this is a function). */
export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          try {
            const user = await authenticateUser({
              email: credentials?.email,
              password: credentials?.password,
              ip: headerIp(req?.headers as Record<string, string | undefined>),
            });
            return { id: user._id, ...user };
          } catch (err) {
            // next-auth shows a thrown message to the client; keep it to the safe texts.
            if (isAppError(err) && err.code === "rate_limited") throw new Error(err.message);
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
              ip: headerIp(req?.headers as Record<string, string | undefined>),
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
      async jwt({ token, user, trigger }) {
        if (user) token.user = user as unknown as SessionUser;
        if (trigger === "update" && token.user) {
          const fresh = await loadSessionUser(await getDb(), (token.user as SessionUser)._id);
          if (fresh) token.user = fresh;
        }
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
