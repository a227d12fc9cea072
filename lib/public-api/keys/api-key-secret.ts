/**
 * The API key itself: "gb_live_" followed by 32 random bytes in base64url (256 bits, so a key
 * cannot be guessed), stored only as its SHA-256 hash (a fast hash is enough for a secret of
 * this entropy: there is nothing to brute-force; OWASP API Security, API2:2023). The first 16
 * characters are kept as the visible prefix that identifies the key in lists.
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "gb_live_";
/** Characters of the key kept visible: the marker and 8 random characters. */
const VISIBLE = API_KEY_PREFIX.length + 8;
const KEY_PATTERN = /^gb_live_[A-Za-z0-9_-]{43}$/;

/** Lower-case hex SHA-256 of a key, as stored in api_keys.secret_hash. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** A new key with its visible prefix and its hash. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, VISIBLE), hash: hashApiKey(key) };
}

/** True when `value` has the shape of a Givebridge API key (checked before any lookup). */
export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
