/**
 * The Next proxy: runs before every route and puts the security headers on every response
 * (lib/http/security-headers.ts). A fresh CSP nonce per request goes on the request's
 * Content-Security-Policy header, from which Next takes it for its own scripts, and on the
 * response. It is never the authorization check (the services are).
 */
import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/lib/env";
import { newNonce, securityHeaders } from "@/lib/http/security-headers";
import { s3PublicBase } from "@/lib/storage/s3";

function imageOrigins(): string[] {
  const env = serverEnv();
  if (!env.S3_BUCKET) return [];
  const base = s3PublicBase({ bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: env.S3_FORCE_PATH_STYLE, publicUrl: env.S3_PUBLIC_URL });
  return [new URL(base).origin];
}

/** Add the security headers to the response of `request` (the nonce reaches Next's renderer). */
export function proxy(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const headers = securityHeaders({
    pathname: request.nextUrl.pathname,
    nonce,
    https: (forwardedProto ?? request.nextUrl.protocol.replace(":", "")) === "https",
    dev: serverEnv().NODE_ENV === "development",
    imageOrigins: imageOrigins(),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Every path: pages, API responses, uploads and static files all carry the headers.
  matcher: "/:path*",
};
