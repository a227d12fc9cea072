/** Keys of an image and its original_ copy in storage, and their removal. */
import "server-only";
import { ORIGINAL_PREFIX } from "@/lib/images/constants";
import { logger } from "@/lib/logger";
import type { StorageAdapter } from "@/lib/storage";

/** Folder of uploaded images in storage. */
export const IMAGE_FOLDER = "images";

/** The key of the original_ copy that sits next to the cropped image `key`. */
export function originalKeyOf(key: string): string {
  const slash = key.lastIndexOf("/");
  return `${key.slice(0, slash + 1)}${ORIGINAL_PREFIX}${key.slice(slash + 1)}`;
}

/**
 * Remove the image at `url` from `storage`, with its original_ copy (null: nothing). URLs this storage did not produce (seed or
 * external images) are left alone. Failures are logged, not thrown: the record no longer
 * points at the file either way.
 */
export async function removeStoredImage({ storage, url }: { storage: StorageAdapter; url: string | null }): Promise<void> {
  if (!url) return;
  const key = storage.keyOf(url);
  if (!key) return;
  const results = await Promise.allSettled([storage.delete(key), storage.delete(originalKeyOf(key))]);
  if (results.some((r) => r.status === "rejected")) logger.error("could not remove a stored image", { key });
}
