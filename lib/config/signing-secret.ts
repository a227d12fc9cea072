/**
 * The secret that signs session tokens and links: NEXTAUTH_SECRET, or on a machine where it
 * is unset a random 32-byte secret created once in DATA_DIR/.auth-secret (mode 0600), so that
 * `npm start` works on a fresh machine and sessions survive restarts.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serverEnv } from "@/lib/env";

let cached: string | undefined;

/** The signing secret (memoized). */
export function authSecret(): string {
  if (cached) return cached;
  const env = serverEnv();
  if (env.NEXTAUTH_SECRET) return (cached = env.NEXTAUTH_SECRET);
  const file = path.resolve(env.DATA_DIR, ".auth-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      cached = secret;
    } catch {
      cached = fs.readFileSync(file, "utf8").trim(); // another process wrote it first
    }
  }
  return cached;
}
