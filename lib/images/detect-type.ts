/**
 * The real type of an image from its first bytes (magic numbers), never from its name or the
 * browser's guess: a text file renamed photo.jpg is not an image. Pure and dependency-free,
 * so the widget and the server run the same check.
 */

/** Formats both browsers and the server (sharp) can decode. */
export type ImageMime = "image/jpeg" | "image/png" | "image/gif" | "image/webp" | "image/avif" | "image/tiff";

/** Bytes needed by detectImageType. */
export const SNIFF_BYTES = 32;

const ascii = (b: Uint8Array, at: number, text: string) => {
  if (b.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
};
const bytes = (b: Uint8Array, at: number, sig: number[]) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

/**
 * The image MIME type of `head` (the file's first SNIFF_BYTES bytes or more), or null when the
 * bytes are not a supported image format.
 */
export function detectImageType(head: Uint8Array): ImageMime | null {
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a")) return "image/gif";
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP")) return "image/webp";
  if (ascii(head, 4, "ftyp")) {
    const brand = String.fromCharCode(...head.slice(8, 12));
    if (brand === "avif" || brand === "avis") return "image/avif";
  }
  if (bytes(head, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(head, 0, [0x4d, 0x4d, 0x00, 0x2a])) return "image/tiff";
  return null;
}
