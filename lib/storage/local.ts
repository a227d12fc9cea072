/**
 * Local-disk storage under DATA_DIR/uploads, served by the app at /uploads/<key>
 * (app/uploads/[...path]/route.ts). Writes go to a temporary file first and are renamed into
 * place, so a reader never sees half a file.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, contentTypeOf, isSafeKey, type StorageAdapter } from "./types";

/** URL path prefix of locally stored files. */
export const LOCAL_URL_PREFIX = "/uploads/";

/** Absolute path of `key` under `root`, or null when the key is unsafe or escapes the root. */
export function localPathOf(root: string, key: string): string | null {
  if (!isSafeKey(key)) return null;
  const base = path.resolve(root);
  const full = path.resolve(base, ...key.split("/"));
  return full.startsWith(base + path.sep) ? full : null;
}

/** A local adapter rooted at `root` (normally DATA_DIR/uploads). */
export function createLocalStorage(root: string): StorageAdapter {
  return {
    kind: "local",
    async put(key, body) {
      assertSafeKey(key);
      const full = localPathOf(root, key)!;
      await fs.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${randomBytes(6).toString("hex")}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, full);
    },
    async get(key) {
      const full = localPathOf(root, key);
      if (!full) return null;
      try {
        return { body: await fs.readFile(full), contentType: contentTypeOf(key) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw err;
      }
    },
    async delete(key) {
      const full = localPathOf(root, key);
      if (!full) return;
      await fs.rm(full, { force: true });
    },
    urlOf(key) {
      assertSafeKey(key);
      return `${LOCAL_URL_PREFIX}${key}`;
    },
    keyOf(url) {
      if (!url.startsWith(LOCAL_URL_PREFIX)) return null;
      const key = url.slice(LOCAL_URL_PREFIX.length);
      return isSafeKey(key) ? key : null;
    },
  };
}
