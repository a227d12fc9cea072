/**
 * Where uploaded files live. Keys are relative paths of safe segments ("images/logo_Ab3.jpg");
 * each adapter turns a key into a public URL and back.
 */
export interface StorageAdapter {
  readonly kind: "local" | "s3";
  /** Store `body` under `key`, replacing any file there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when missing. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Remove `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The public URL of `key`. */
  urlOf(key: string): string;
  /** The key of a URL this adapter produced, or null for any other URL (a seed or external image). */
  keyOf(url: string): string | null;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Whether `key` is a safe relative path: 1 to 4 segments of letters, digits, dot, dash and
 * underscore, none starting with a dot (so no "..", no hidden files, no absolute paths).
 */
export function isSafeKey(key: string): boolean {
  const parts = key.split("/");
  return parts.length >= 1 && parts.length <= 4 && parts.every((p) => SEGMENT.test(p));
}

/** Prefix of files that are never served publicly (claim documents: read through their service only). */
export const PRIVATE_PREFIX = "private/";

/** Whether `key` is a private file (under PRIVATE_PREFIX). */
export function isPrivateKey(key: string): boolean {
  return key.startsWith(PRIVATE_PREFIX);
}

/** @throws Error for an unsafe key (a programming error: keys are built by the server). */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error("unsafe storage key");
}

/** Content type of a stored file from its extension. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return ({ pdf: "application/pdf", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" } as Record<string, string>)[ext] ??
    "application/octet-stream";
}
