/**
 * Server-side processing of an uploaded image with sharp (spec section 9): the real type is
 * checked from the bytes, the image is decoded, turned upright, scaled down to the height cap
 * (1080 px; 400 px for square crops) and re-encoded as JPEG quality 70. Nothing of the
 * original file's metadata (EXIF with GPS position, XMP, IPTC, ICC comments) is kept.
 */
import sharp, { type Metadata } from "sharp";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { JPEG_QUALITY, MAX_HEIGHT, MAX_IMAGE_BYTES, MAX_SQUARE_SIZE } from "./constants";
import { detectImageType, SNIFF_BYTES } from "./detect-type";

/** A re-encoded JPEG and its size in pixels. */
export type ProcessedImage = { data: Buffer; width: number; height: number; contentType: "image/jpeg" };

/** Largest decoded image accepted, in pixels (about 50 megapixels), against decompression bombs. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Check the size and the real type of an uploaded file.
 * @throws AppError(bad_request) 'Your image file was too large' above 10485760 bytes,
 *   'Please select a valid image file' when the bytes are not a supported image.
 */
export function assertImageBytes(data: Uint8Array): void {
  if (data.byteLength > MAX_IMAGE_BYTES) throw new AppError("payload_too_large", messages.images.tooLarge);
  if (data.byteLength === 0 || !detectImageType(data.subarray(0, SNIFF_BYTES))) {
    throw new AppError("bad_request", messages.images.invalid);
  }
}

/**
 * Validate and re-encode one image.
 * @param options.square force the 400 px cap; by default a crop whose sides differ by at most
 *   1 % is treated as square.
 * @throws AppError(bad_request) with the spec's image messages for oversize, non-image or
 *   undecodable files.
 */
export async function processImage(data: Uint8Array, options: { square?: boolean } = {}): Promise<ProcessedImage> {
  assertImageBytes(data);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError("bad_request", messages.images.invalid);
  }
  if (!meta.width || !meta.height) throw new AppError("bad_request", messages.images.invalid);
  // EXIF orientations 5-8 swap the sides once the image is turned upright.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  const square = options.square ?? Math.abs(width - height) <= Math.max(width, height) * 0.01;
  const cap = square ? MAX_SQUARE_SIZE : MAX_HEIGHT;
  try {
    const { data: out, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .resize(square ? { width: cap, height: cap, fit: "cover", withoutEnlargement: true } : { height: cap, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height, contentType: "image/jpeg" };
  } catch {
    throw new AppError("bad_request", messages.images.invalid);
  }
}
