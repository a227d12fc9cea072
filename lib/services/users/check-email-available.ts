/** GET /api/check/{email}: is this email free for a new account? */
import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { emailField } from "@/lib/validations/fields";
import { users } from "@/models";

/**
 * Whether `email` (as typed; trimmed before the check) is free for a new account.
 * @returns { available } — false when any account (even a deleted one) holds the email.
 * @throws ZodError ('Invalid Format' / 'Email cannot be empty') for a malformed email.
 */
export async function checkEmailAvailable({ email: rawEmail }: { email: string }): Promise<{ available: boolean }> {
  const email = emailField.parse(rawEmail);
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return { available: !row };
}
