/**
 * Reading the multipart body of POST /api/images with the spec's limits enforced before the
 * files are buffered: the declared Content-Length first (two images plus form overhead), then
 * the bytes actually received (reading stops at the limit, so a chunked body without
 * Content-Length is never read whole), then each File's size, then its real type.
 */
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { MAX_IMAGE_BYTES } from "./constants";
import { imageUploadFieldsSchema } from "@/lib/images/schemas";

/** Room for the text fields and multipart boundaries on top of the two files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Largest request body accepted: a cropped image and an original, each at most 10 MB. */
export const MAX_UPLOAD_BODY_BYTES = 2 * MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES;

export type ParsedUpload = {
  field: (typeof imageUploadFieldsSchema)["_output"]["field"];
  identifier: string;
  croppedImageFileName?: string;
  originalImageFileName?: string;
  croppedImage: Uint8Array;
  originalImage?: Uint8Array;
};

function fileOf(value: FormDataEntryValue | null): File | null {
  return value && typeof value !== "string" ? value : null;
}

const tooLarge = () => new AppError("payload_too_large", messages.images.tooLarge);

/**
 * The request body, read until `limit` bytes at most.
 * @param tooLargeError the error for a body over `limit` (by default the image upload's).
 * @throws that error, AppError(payload_too_large), as soon as more than `limit` bytes arrive
 *   (the rest is not read).
 */
export async function readBodyWithin(req: Request, limit: number, tooLargeError: () => AppError = tooLarge): Promise<Uint8Array<ArrayBuffer>> {
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLargeError();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/**
 * Parse and check an upload request.
 * @throws AppError(payload_too_large, 413) 'Your image file was too large' (declared or received
 *   body, or a file, over the limit); AppError(bad_request) 'Please select just one image file'
 *   (several files in one field), 'Please select a valid image file' (missing or non-multipart
 *   body); ZodError for bad fields.
 */
export async function readImageUpload(req: Request): Promise<ParsedUpload> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BODY_BYTES) throw tooLarge();
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("bad_request", messages.images.invalid);
  }
  const body = await readBodyWithin(req, MAX_UPLOAD_BODY_BYTES);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", messages.images.invalid);
  }
  const fields = imageUploadFieldsSchema.parse({
    field: form.get("field") ?? undefined,
    identifier: form.get("identifier") ?? undefined,
    croppedImageFileName: form.get("croppedImageFileName") ?? undefined,
    originalImageFileName: form.get("originalImageFileName") ?? undefined,
  });
  if (form.getAll("croppedImage").length > 1 || form.getAll("originalImage").length > 1) {
    throw new AppError("bad_request", messages.images.oneFile);
  }
  const cropped = fileOf(form.get("croppedImage"));
  const original = fileOf(form.get("originalImage"));
  if (!cropped) throw new AppError("bad_request", messages.images.invalid);
  // File sizes are known before reading the bytes into memory.
  if (cropped.size > MAX_IMAGE_BYTES || (original && original.size > MAX_IMAGE_BYTES)) throw tooLarge();
  return {
    ...fields,
    croppedImage: new Uint8Array(await cropped.arrayBuffer()),
    originalImage: original ? new Uint8Array(await original.arrayBuffer()) : undefined,
  };
}
