/**
 * The widget's checks on a picked file, with the spec's exact alerts (section 5): one file
 * only, at most 10485760 bytes, and an image by its bytes (a renamed text file is refused).
 */
import { MAX_IMAGE_BYTES } from "@/lib/images/constants";
import { detectImageType, SNIFF_BYTES } from "@/lib/images/detect-type";
import { messages } from "@/lib/validations/messages";

/** The spec's alert for the picked files, or null when they are one acceptable image. */
export async function checkPickedFiles(files: ArrayLike<File>): Promise<string | null> {
  if (files.length !== 1) return messages.images.oneFile;
  const file = files[0]!;
  if (file.size > MAX_IMAGE_BYTES) return messages.images.tooLarge;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!detectImageType(head)) return messages.images.invalid;
  return null;
}
