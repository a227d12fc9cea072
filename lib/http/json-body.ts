/**
 * Reading a JSON request body within limits, before anything parses or walks it:
 * - at most MAX_JSON_BODY_BYTES bytes (a declared Content-Length over it is refused without
 *   reading; a body that grows past it is cut off as soon as it does);
 * - at most MAX_JSON_DEPTH nested arrays and objects, counted over the text in one loop, so a
 *   body of thousands of nested brackets never reaches JSON.parse nor a recursive walk
 *   (OWASP ASVS 5.0 1.3: input is limited in size and structure before it is processed).
 * No form of the app sends anything near either limit.
 */
import { AppError } from "@/lib/errors";
import { readBodyWithin } from "@/lib/images/read-upload";
import { messages } from "@/lib/validations/messages";

/** The largest JSON body a handler reads, in bytes (1 MiB). */
export const MAX_JSON_BODY_BYTES = 1_048_576;

/** The deepest nesting of arrays and objects a JSON body may have (the top-level value is depth 1). */
export const MAX_JSON_DEPTH = 32;

const tooLarge = () => new AppError("payload_too_large", messages.request.bodyTooLarge);
const tooDeep = () => new AppError("bad_request", messages.request.bodyTooDeep);

/**
 * The deepest nesting of arrays and objects in JSON `text`, stopping as soon as it exceeds
 * `limit` (then the result is `limit + 1`). Brackets inside strings do not count. Iterative:
 * the text's length bounds the work, whatever its shape.
 */
export function jsonDepth(text: string, limit: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return limit + 1;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * The body of `req` as text, read until `limit` bytes at most.
 * @throws AppError(payload_too_large) when Content-Length says more, or as soon as more arrives.
 */
export async function readBodyText(req: Request, limit: number = MAX_JSON_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  return Buffer.from(await readBodyWithin(req, limit, tooLarge)).toString("utf8");
}

/**
 * Parse JSON `text` once its nesting is known to be within MAX_JSON_DEPTH.
 * @throws AppError(bad_request) "too deeply nested" past the depth; AppError(bad_request) with the
 *   generic message for text that is not JSON.
 */
export function parseJsonText(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw tooDeep();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", messages.generic.badRequest);
  }
}

/**
 * The raw text of a JSON body within MAX_JSON_BODY_BYTES and MAX_JSON_DEPTH, unparsed (a
 * provider's webhook verifies its signature over these exact bytes before parsing them).
 * @throws AppError(payload_too_large) over the size; AppError(bad_request) past the depth.
 */
export async function readJsonBodyText(req: Request): Promise<string> {
  const text = await readBodyText(req);
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw tooDeep();
  return text;
}

/**
 * Read and parse the JSON body of `req` within MAX_JSON_BODY_BYTES and MAX_JSON_DEPTH.
 * @throws AppError(payload_too_large) 413 over the size; AppError(bad_request) 400 past the depth
 *   or for a body that is not JSON.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  return parseJsonText(await readBodyText(req));
}
