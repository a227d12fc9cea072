/**
 * The Next proxy: runs before every route and puts the security headers on every response
 * (lib/http/security-headers.ts). A fresh CSP nonce per request goes on the request's
 * Content-Security-Policy header, from which Next takes it for its own scripts, and on the
 * response; the cached public pages get a policy without a nonce instead (their HTML is the
 * same for everyone, signed in or not: lib/cache/cached-pages.ts). It keeps the signed-in hint
 * cookie in step with the session cookie (lib/auth/session-cookie.ts). It is never the
 * authorization check (the services are).
 */
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { can, principalFromSessionUser } from "@/lib/auth/can";
import { authSecret } from "@/lib/config/signing-secret";
import type { SessionUser } from "@/lib/auth/types";
import { serverEnv } from "@/lib/env";
import { isCachedPublicPage, isInternalPath, searchResultsPath } from "@/lib/cache/cached-pages";
import { hasSessionCookie, SIGNED_IN_HINT_COOKIE } from "@/lib/auth/session-cookie";
import { newNonce, securityHeaders } from "@/lib/http/security-headers";
import { EMPTY_SEARCH_PATH, isBareSearch } from "@/lib/search/search-page-params";
import { controlCharacterPath } from "@/lib/validations/fields";
import { messages } from "@/lib/validations/messages";

/**
 * Where uploaded images are served from when they live in a bucket (the origins of
 * lib/storage/s3.ts's s3PublicBase; computed here so the proxy does not load the S3 client).
 */
function imageOrigins(): string[] {
  const env = serverEnv();
  if (!env.S3_BUCKET) return [];
  if (env.S3_PUBLIC_URL) return [new URL(env.S3_PUBLIC_URL).origin];
  if (env.S3_ENDPOINT) {
    const endpoint = new URL(env.S3_ENDPOINT);
    return env.S3_FORCE_PATH_STYLE ? [endpoint.origin] : [`${endpoint.protocol}//${env.S3_BUCKET}.${endpoint.host}`];
  }
  return [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`];
}

/**
 * Pages known to be "not found" before rendering: /404 itself, a page whose path holds a control
 * character (no record id or slug has one: the check route handlers make on their parameters,
 * controlCharacterPath of lib/validations/fields.ts, answers 400 there), and the development mailbox
 * when mail goes through SMTP or, in production, for anyone but the admin. Rendering them
 * would answer 200 (the loading screen has already streamed when the page decides).
 */
async function notFoundPath(request: NextRequest): Promise<boolean> {
  const path = request.nextUrl.pathname.replace(/\/+$/, "");
  if (path === "/404" || isInternalPath(path)) return true;
  if (!path.startsWith("/api/") && controlCharacterPath(decodeURIComponent(path), false) !== null) return true;
  if (path !== "/dev/mailbox") return false;
  const env = serverEnv();
  if (env.SMTP_URL) return true;
  if (env.NODE_ENV !== "production") return false;
  // Comfort only: the page checks the admin again with the full session.
  const token = await getToken({ req: request, secret: authSecret() }).catch(() => null);
  return !can(principalFromSessionUser(token?.user as SessionUser | undefined), "admin.view", {});
}

/** A path with malformed percent-encoding ("%E0%A4%A"): Next cannot route it and would answer 500. */
function malformedPath(request: NextRequest): boolean {
  try {
    decodeURIComponent(request.nextUrl.pathname);
    return false;
  } catch {
    return true;
  }
}

/** Add the security headers to the response of `request` (the nonce reaches Next's renderer). */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const pathname = request.nextUrl.pathname;
  // Visitors of a cached page get the one HTML rendered for all: it carries no nonce.
  const cachedPage = isCachedPublicPage(pathname);
  const nonce = cachedPage ? null : newNonce();
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const https = (forwardedProto ?? request.nextUrl.protocol.replace(":", "")) === "https";
  const headers = securityHeaders({
    pathname,
    nonce,
    https,
    dev: serverEnv().NODE_ENV === "development",
    imageOrigins: imageOrigins(),
  });
  if (malformedPath(request)) {
    const body = pathname.startsWith("/api/") ? JSON.stringify({ error: "bad_request", message: messages.request.badEncoding }) : messages.request.badEncoding;
    const contentType = pathname.startsWith("/api/") ? "application/json" : "text/plain; charset=utf-8";
    return new NextResponse(body, { status: 400, headers: { ...headers, "Content-Type": contentType } });
  }
  const requestHeaders = new Headers(request.headers);
  if (nonce) {
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  } else {
    // Whatever the client sent: no nonce may reach the renderer of a cached page.
    requestHeaders.delete("x-nonce");
    requestHeaders.delete("Content-Security-Policy");
  }
  let response: NextResponse;
  const resultsPath = pathname === "/search" ? searchResultsPath(request.nextUrl.searchParams) : null;
  if (await notFoundPath(request)) {
    response = NextResponse.rewrite(new URL("/404", request.url), { status: 404, request: { headers: requestHeaders } });
  } else if (pathname === "/search" && isBareSearch(request.nextUrl.searchParams)) {
    response = NextResponse.redirect(new URL(EMPTY_SEARCH_PATH, request.url), 307);
  } else if (resultsPath) {
    // A search's page with its first results, cached per search (lib/cache/cached-pages.ts).
    const target = request.nextUrl.clone();
    target.pathname = resultsPath;
    response = NextResponse.rewrite(target, { request: { headers: requestHeaders } });
  } else {
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  syncSignedInHint(request, response, https);
  return response;
}

/**
 * Sets or clears the signed-in hint (lib/auth/session-cookie.ts) when it disagrees with the
 * session cookie: once after signing in, once after signing out. The response that changes it
 * is kept out of shared caches, since it carries a Set-Cookie.
 */
function syncSignedInHint(request: NextRequest, response: NextResponse, https: boolean): void {
  const signedIn = hasSessionCookie(request.cookies.getAll().map((c) => c.name));
  if (signedIn === request.cookies.has(SIGNED_IN_HINT_COOKIE)) return;
  if (signedIn) response.cookies.set(SIGNED_IN_HINT_COOKIE, "1", { path: "/", sameSite: "lax", secure: https, httpOnly: false });
  else response.cookies.delete(SIGNED_IN_HINT_COOKIE);
  response.headers.set("Cache-Control", "private, no-store");
}

export const config = {
  // Every path but the build's static files: pages, API responses and uploads carry the
  // headers. The build's scripts and stylesheets (/_next/static, immutable) skip the proxy:
  // on a phone's first visit they race the first paint, and running the proxy for each of them
  // made the stylesheet, which holds the first paint, arrive tens of milliseconds later
  // (Lighthouse). next.config.ts gives them X-Content-Type-Options; the page's policy covers
  // what they do.
  matcher: "/((?!_next/static/).*)",
};
