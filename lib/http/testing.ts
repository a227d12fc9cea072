/**
 * Tests only: call a route handler as a browser would, over the real `route()` wrapper, with
 * the session cookie next-auth itself would have set for a user (its jwt callback builds the
 * token, so whatever it stores at sign-in is there).
 */
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/http/auth-options";
import { authSecret } from "@/lib/config/signing-secret";
import type { Actor } from "@/lib/auth/actor";
import type { SessionUser, UserType } from "@/lib/auth/types";
import { baseUrl } from "@/lib/env";

type Handler = (req: NextRequest, ctx: { params: Promise<never> }) => Promise<Response>;

const TYPE_OF: Record<Actor["role"], UserType> = { donor: "individual", nonprofit: "nonprofit", admin: "admin" };

/** The session's wire form of a test actor (what next-auth stores at sign-in). */
function wireUserOf(actor: Actor): SessionUser {
  return {
    type: TYPE_OF[actor.role],
    _id: actor.id,
    email: actor.email,
    firstName: actor.firstName,
    lastName: actor.lastName,
    organization_company: actor.organizationName,
    profileImg: null,
    telephone: actor.telephone,
    orgId: actor.organizationId,
  };
}

/** The `Cookie` header value of a signed-in session of `actor`. */
export async function sessionCookie(actor: Actor): Promise<string> {
  const user = wireUserOf(actor);
  const options = authOptions();
  const base = { name: `${user.firstName} ${user.lastName}`, email: user.email, sub: user._id };
  const token = (await options.callbacks!.jwt!({ token: base, user: { id: user._id, ...user } as never, account: null, trigger: "signIn" })) ?? base;
  return `next-auth.session-token=${await encode({ token, secret: authSecret() })}`;
}

export type CallOptions = {
  method?: string;
  /** Path and query under the app, e.g. "/api/search?search_query=x". */
  url: string;
  params?: Record<string, string | string[]>;
  /** A JSON value (sent as application/json unless `headers` says otherwise) or a raw string/stream. */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  user?: Actor;
};

/** Call `handler` with a same-origin browser request built from `o`. */
export async function call(handler: unknown, o: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { origin: new URL(baseUrl()).origin, "sec-fetch-site": "same-origin", ...(o.json !== undefined ? { "content-type": "application/json" } : {}) };
  if (o.user) headers.cookie = await sessionCookie(o.user);
  Object.assign(headers, o.headers);
  for (const [k, v] of Object.entries(headers)) if (v === "") delete headers[k];
  // A JSON body arrives as bytes, as from the server's socket.
  const body = o.json !== undefined ? new TextEncoder().encode(JSON.stringify(o.json)) : o.body;
  const req = new NextRequest(new URL(o.url, baseUrl()), { method: o.method ?? "GET", headers, body, ...(body ? { duplex: "half" } : {}) } as never);
  return (handler as Handler)(req, { params: Promise.resolve((o.params ?? {}) as never) });
}
