/**
 * Signing secrets of webhook endpoints and the Standard Webhooks signature headers
 * (https://www.standardwebhooks.com/, signed with its maintained library `standardwebhooks`).
 *
 * A secret is `whsec_` + base64 of 32 random bytes, shown to the nonprofit once. It is stored
 * encrypted (AES-256-GCM) under a key derived with HKDF-SHA256 from the auth secret
 * (lib/config/signing-secret.ts), so a copy of the database alone cannot sign. Changing NEXTAUTH_SECRET
 * makes stored secrets unreadable: deliveries then fail with an error naming the cause until
 * the nonprofit rotates the endpoint's secret.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { authSecret } from "@/lib/config/signing-secret";

/** A new endpoint signing secret (`whsec_…`). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

let cachedKey: { secret: string; key: Buffer } | undefined;

function encryptionKey(): Buffer {
  const secret = authSecret();
  if (cachedKey?.secret === secret) return cachedKey.key;
  const key = Buffer.from(hkdfSync("sha256", secret, "givebridge", "webhook signing secrets v1", 32));
  cachedKey = { secret, key };
  return key;
}

/** Encrypt a signing secret for storage: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function encryptSigningSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/**
 * Decrypt a stored signing secret.
 * @throws Error when it was encrypted under another auth secret or altered.
 */
export function decryptSigningSecret(stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || ciphertext === undefined) throw new Error("unknown signing secret format");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * The three Standard Webhooks headers of one attempt: `webhook-id` (the delivery's id, the same
 * on every retry), `webhook-timestamp` (this attempt, Unix seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret, space-separated: during a
 * rotation the previous secret signs too, so receivers holding either verify).
 */
export function signatureHeaders(secrets: string[], id: string, timestamp: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => new Webhook(s).sign(id, timestamp, body)).join(" "),
  };
}
