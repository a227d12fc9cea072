/**
 * Password hashing with Argon2id (@node-rs/argon2, OWASP-recommended parameters:
 * m=19 MiB, t=2, p=1).
 */
import "server-only";
import { hash, verify } from "@node-rs/argon2";

const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hash a password for storage (PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** True when `password` matches the stored hash; false for a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the account does not exist so that a
 * failed sign-in takes the same time whether or not the email is known.
 */
let dummyHash: Promise<string> | undefined;
export function timingSafeDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("dummy-password-for-timing-0");
  return dummyHash;
}
