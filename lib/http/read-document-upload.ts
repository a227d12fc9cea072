/**
 * Reading the multipart body of a claim document upload (POST /api/claim/document) with the
 * image upload's size limit (MAX_IMAGE_BYTES) enforced before the file is buffered: the declared
 * Content-Length, then the bytes received, then the file's own size (OWASP ASVS 5.0 5.2).
 */
import { AppError } from "@/lib/errors";
import { MAX_IMAGE_BYTES } from "@/lib/images/constants";
import { readBodyWithin } from "@/lib/images/read-upload";
import { messages } from "@/lib/validations/messages";

const FORM_OVERHEAD_BYTES = 64 * 1024;
const tooLarge = () => new AppError("payload_too_large", messages.images.tooLarge);

/**
 * The uploaded file of field "file": its name and bytes.
 * @throws AppError(payload_too_large) over the limit; AppError(bad_request) without a file.
 */
export async function readDocumentUpload(req: Request): Promise<{ name: string; bytes: Uint8Array }> {
  const limit = MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const body = await readBodyWithin(req, limit, tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("bad_request", messages.claims.documentInvalid);
  }
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) throw new AppError("bad_request", messages.claims.documentInvalid, { document: messages.claims.documentInvalid });
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  return { name: file.name || "document", bytes: new Uint8Array(await file.arrayBuffer()) };
}
