/**
 * Upload an image (POST /api/images, spec sections 3, 5, 7 and 9): the cropped image is
 * re-encoded and stored with a random-suffixed name, the uncropped image (or, without one,
 * the cropped image again) as the `original_` copy beside it, then the record points at the
 * new URL and the previous files are removed. Any failure leaves the old image in place
 * (spec section 8: "returns false; old image stays").
 */
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { FIELD_ASPECT, type ImageField, type UploadedImage } from "@/lib/images/constants";
import { processImage } from "@/lib/images/process-image";
import { storedFileName } from "@/lib/images/random-suffix";
import { logger } from "@/lib/logger";
import { getStorage } from "@/lib/storage";
import { messages } from "@/lib/validations/messages";
import { resolveImageTarget } from "./image-target";
import { isIssuedTo, ownerFor, recordIssuedImage } from "./issued-images";
import { IMAGE_FOLDER, originalKeyOf, removeStoredImage } from "./stored-files";

export type UploadImageInput = {
  actor: Actor;
  field: ImageField;
  identifier: string;
  /** Bytes of the cropped image and the client's file name. */
  croppedImage: Uint8Array;
  croppedImageFileName?: string;
  /** Bytes of the uncropped image, when the client sends it. */
  originalImage?: Uint8Array;
};

/**
 * Store a new image for the slot and return its URL.
 * @returns { field, identifier, url, originalUrl } — JPEG files, height <= 1080 px (400 px square).
 * @throws AppError(forbidden | not_found) for a slot the actor may not change;
 *   AppError(bad_request) with the spec's image messages for oversize or non-image files.
 *   Nothing is stored and the record is unchanged in every error case.
 */
export async function uploadImage(input: UploadImageInput): Promise<UploadedImage> {
  const db = await getDb();
  // Authorize before any processing; the transaction below checks again before writing.
  await resolveImageTarget({ db, ...input });

  const square = FIELD_ASPECT[input.field] === "square" ? true : undefined;
  const cropped = await processImage(input.croppedImage, { square });
  const original = input.originalImage ? await processImage(input.originalImage, { square: false }) : cropped;

  const storage = getStorage();
  const key = `${IMAGE_FOLDER}/${storedFileName(input.croppedImageFileName ?? input.field)}`;
  const originalKey = originalKeyOf(key);
  try {
    await storage.put(key, cropped.data, cropped.contentType);
    await storage.put(originalKey, original.data, original.contentType);
  } catch (err) {
    await Promise.allSettled([storage.delete(key), storage.delete(originalKey)]);
    logger.error("image upload to storage failed", { name: (err as Error)?.name });
    throw new AppError("unavailable", messages.generic.server);
  }

  const url = storage.urlOf(key);
  const owner = ownerFor({ actor: input.actor, field: input.field });
  let previous: string | null;
  let previousIsOwn = false;
  try {
    previous = await db.transaction(async (tx) => {
      // Re-read inside the transaction: the URL to clean up is the one actually replaced.
      const fresh = await resolveImageTarget({ db: tx, ...input });
      if (!(await fresh.write(tx, url))) throw new AppError("not_found", messages.generic.notFound);
      await recordIssuedImage({ db: tx, key, owner });
      // Only a file issued to this owner is removed with the replaced image.
      previousIsOwn = await isIssuedTo({ db: tx, url: fresh.currentUrl, owner });
      return fresh.currentUrl;
    });
  } catch (err) {
    await Promise.allSettled([storage.delete(key), storage.delete(originalKey)]);
    throw err;
  }
  if (previous !== url && previousIsOwn) await removeStoredImage({ storage, url: previous });
  return { field: input.field, identifier: input.identifier, url, originalUrl: storage.urlOf(originalKey) };
}
