/**
 * Reading the multipart body of a CSV upload (POST /api/organizations/{id}/donor-imports) with
 * its size limit enforced before the file is buffered: the declared Content-Length first, then
 * the bytes actually received (reading stops at the limit), then the file's own size
 * (OWASP ASVS 5.0 5.2: file size limits). The proxy passes bodies up to
 * next.config.ts proxyClientMaxBodySize, which is above this limit.
 */
import { AppError } from "@/lib/errors";
import { readBodyWithin } from "@/lib/images/read-upload";
import { MAX_IMPORT_BYTES } from "@/lib/validations/donor-import";
import { messages } from "@/lib/validations/messages";

/** Room for the form's boundaries and file name on top of the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new AppError("payload_too_large", messages.donorImport.fileTooLarge);

/**
 * The uploaded file of field "file": its name and bytes.
 * @throws AppError(payload_too_large) over 20 MB; AppError(bad_request) without a file (or a
 *   body that is not multipart).
 */
export async function readCsvUpload(req: Request): Promise<{ fileName: string; bytes: Uint8Array }> {
  const limit = MAX_IMPORT_BYTES + FORM_OVERHEAD_BYTES;
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const contentType = req.headers.get("content-type") ?? "";
  const body = await readBodyWithin(req, limit, tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", messages.donorImport.fileRequired);
  }
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0) throw new AppError("bad_request", messages.donorImport.fileRequired, { file: messages.donorImport.fileRequired });
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
  return { fileName: file.name || "import.csv", bytes: new Uint8Array(await file.arrayBuffer()) };
}
