/**
 * Reading the multipart body of POST /api/images with the spec's limits enforced before the
 * files are buffered: the declared Content-Length first (two images plus form overhead),
 * then each File's size, then its real type from its first bytes.
 */
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { MAX_IMAGE_BYTES } from "./constants";
import { imageUploadFieldsSchema } from "./schema";

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

/**
 * Parse and check an upload request.
 * @throws AppError(bad_request) 'Your image file was too large' (declared body or a file over
 *   the limit), 'Please select just one image file' (several files in one field),
 *   'Please select a valid image file' (missing or non-multipart body); ZodError for bad fields.
 */
export async function readImageUpload(req: Request): Promise<ParsedUpload> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BODY_BYTES) throw new AppError("bad_request", messages.images.tooLarge);
  if (!(req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("bad_request", messages.images.invalid);
  }
  let form: FormData;
  try {
    form = await req.formData();
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
  if (cropped.size > MAX_IMAGE_BYTES || (original && original.size > MAX_IMAGE_BYTES)) {
    throw new AppError("bad_request", messages.images.tooLarge);
  }
  return {
    ...fields,
    croppedImage: new Uint8Array(await cropped.arrayBuffer()),
    originalImage: original ? new Uint8Array(await original.arrayBuffer()) : undefined,
  };
}
