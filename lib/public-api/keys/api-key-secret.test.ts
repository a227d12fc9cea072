/** API key secrets: 256 random bits behind a fixed marker, stored as a SHA-256 hash, shown only by prefix. */
import { createHash } from "node:crypto";
import { API_KEY_PREFIX, generateApiKey, hashApiKey, looksLikeApiKey } from "./api-key-secret";

test("a new key is the marker and 43 base64url characters; its prefix is the marker and 8 of them; the hash is SHA-256 hex", () => {
  const { key, prefix, hash } = generateApiKey();
  expect(key).toMatch(/^gb_live_[A-Za-z0-9_-]{43}$/);
  expect(prefix).toBe(key.slice(0, API_KEY_PREFIX.length + 8));
  expect(hash).toBe(createHash("sha256").update(key).digest("hex"));
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(hash).not.toContain(key.slice(API_KEY_PREFIX.length));
});

test("keys do not repeat", () => {
  const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().key));
  expect(keys.size).toBe(200);
});

test("the hash depends on every character of the key", () => {
  const { key } = generateApiKey();
  const changed = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
  expect(hashApiKey(changed)).not.toBe(hashApiKey(key));
  expect(hashApiKey(key)).toBe(hashApiKey(key));
});

test("only values shaped like a key are looked up", () => {
  expect(looksLikeApiKey(generateApiKey().key)).toBe(true);
  expect(looksLikeApiKey(`gb_test_${"a".repeat(43)}`)).toBe(false);
  expect(looksLikeApiKey(`gb_live_${"a".repeat(42)}`)).toBe(false);
  expect(looksLikeApiKey(`gb_live_${"a".repeat(44)}`)).toBe(false);
  expect(looksLikeApiKey(`gb_live_${"a".repeat(42)}=`)).toBe(false);
  expect(looksLikeApiKey(` gb_live_${"a".repeat(43)}`)).toBe(false);
  expect(looksLikeApiKey("")).toBe(false);
});
