import { randomInt } from "node:crypto";
import { SUFFIX_LENGTH } from "./constants";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random alphanumeric string (spec section 9: 15 characters), from a CSPRNG without bias. */
export function randomSuffix(length = SUFFIX_LENGTH): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * The stored file name of an upload: a cleaned stem of the client's name (letters, digits and
 * dashes, at most 40 characters, "image" when nothing is left), "_", the random suffix, ".jpg".
 */
export function storedFileName(clientName: string | undefined, suffix = randomSuffix()): string {
  const stem = (clientName ?? "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `${stem || "image"}_${suffix}.jpg`;
}
