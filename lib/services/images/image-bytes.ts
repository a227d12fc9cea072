/**
 * The bytes of one of our own images, for renderers that cannot fetch a URL themselves (the
 * share-preview image renderer, PDF receipts): an uploaded image read from storage, or a
 * static file of the site under /images/ or /icons/ (demo covers, the platform's logo).
 * JPEG and PNG only (what both renderers decode; uploads are cropped to JPEG). Any other URL,
 * a missing file or another format gives null, never an error.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { PLATFORM_LOGO_PATH } from "@/lib/config/platform";
import { getStorage } from "@/lib/storage";

export type ImageBytes = { contentType: "image/jpeg" | "image/png"; body: Buffer };

const STATIC_IMAGE = /^\/(images|icons)\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.(jpe?g|png)$/;

/** JPEG or PNG by the file's first bytes; null for anything else. */
function imageType(body: Buffer): ImageBytes["contentType"] | null {
  if (body.length > 3 && body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return "image/jpeg";
  if (body.length > 8 && body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  return null;
}

/**
 * The bytes and type of the image at `url`; null when it is none of ours or not JPEG/PNG.
 * @param options.url a stored image's URL, or a site path like "/images/demo/farm.jpg" (null gives null).
 */
export async function readImageBytes({ url }: { url: string | null }): Promise<ImageBytes | null> {
  if (!url) return null;
  let body: Buffer | null = null;
  const storage = getStorage();
  const key = storage.keyOf(url);
  if (key) body = await storage.get(key).then((f) => f?.body ?? null, () => null);
  else if (STATIC_IMAGE.test(url)) body = await fs.readFile(path.join(process.cwd(), "public", url)).catch(() => null);
  const contentType = body ? imageType(body) : null;
  return body && contentType ? { contentType, body } : null;
}

/**
 * The logos of a PDF letterhead: the platform's, and the organization's when its
 * `organizationLogoUrl` is one of ours (absent or null: none).
 */
export async function letterheadLogos({ organizationLogoUrl }: { organizationLogoUrl?: string | null } = {}): Promise<{ platform: Buffer | null; organization: Buffer | null }> {
  const [platform, organization] = await Promise.all([readImageBytes({ url: PLATFORM_LOGO_PATH }), readImageBytes({ url: organizationLogoUrl ?? null })]);
  return { platform: platform?.body ?? null, organization: organization?.body ?? null };
}
