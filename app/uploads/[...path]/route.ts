// GET /uploads/{...path} — serve an uploaded image from local storage (DATA_DIR/uploads)
import { createHash } from "node:crypto";
import { route } from "@/lib/http/route";
import { getStorage } from "@/lib/storage";
import { isPrivateKey, isSafeKey } from "@/lib/storage/types";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

export const GET = route<{ path: string[] }>(async (req, { params }) => {
  const key = (params.path ?? []).join("/");
  const storage = getStorage();
  // Only the local adapter is served here; S3 objects have their own public URLs.
  // Private files (claim documents) are read by the admin through their service, never here.
  if (storage.kind !== "local" || !isSafeKey(key) || isPrivateKey(key)) return notFound();
  const file = await storage.get(key);
  if (!file) return notFound();
  const etag = `"${createHash("sha1").update(file.body).digest("base64url")}"`;
  const headers = {
    "Content-Type": file.contentType,
    // Names carry a random suffix: a changed image always has a new URL.
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.body), { status: 200, headers: { ...headers, "Content-Length": String(file.body.length) } });
});
