/**
 * Delete an image (DELETE /api/images, spec sections 3 and 7): the record's image is cleared
 * (the default image shows again) and the stored file and its original_ copy are removed when
 * the storage layer issued them to the slot's owner (lib/services/images/issued-images.ts).
 */
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { DeleteResult, ImageField } from "@/lib/images/constants";
import { getStorage } from "@/lib/storage";
import { messages } from "@/lib/validations/messages";
import { resolveImageTarget } from "./image-target";
import { isIssuedTo, ownerFor } from "./issued-images";
import { removeStoredImage } from "./stored-files";

/**
 * Clear the image of a slot the actor owns.
 * @param input.url when given, the image the client means; a different current image is a
 *   409 (someone changed it meanwhile) and nothing is deleted.
 * @returns the spec's delete result { field, identifier, url } with the removed URL (null when
 *   there was none).
 * @throws AppError(forbidden | not_found | conflict); the record and files are unchanged then.
 */
export async function deleteImage(input: {
  actor: Actor;
  field: ImageField;
  identifier: string;
  url?: string | null;
}): Promise<DeleteResult> {
  const db = await getDb();
  const { removed, own } = await db.transaction(async (tx) => {
    const target = await resolveImageTarget({ db: tx, ...input });
    if (input.url && target.currentUrl && input.url !== target.currentUrl) {
      throw new AppError("conflict", messages.generic.badRequest);
    }
    if (target.currentUrl !== null && !(await target.write(tx, null))) throw new AppError("not_found", messages.generic.notFound);
    // The stored file goes only when the storage layer issued it to this slot's owner.
    return { removed: target.currentUrl, own: await isIssuedTo({ db: tx, url: target.currentUrl, owner: ownerFor({ actor: input.actor, field: input.field }) }) };
  });
  if (own) await removeStoredImage({ storage: getStorage(), url: removed });
  return { field: input.field, identifier: input.identifier, url: removed };
}
