/**
 * Who is calling the public API with a key (Authorization: Bearer <key>, RFC 6750).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ApiKeyActor } from "@/lib/auth/api-key-access";
import { getDb } from "@/lib/db/client";
import type { ApiScope } from "@/lib/validations/api-keys";
import { apiKeys, organizations } from "@/models";
import { hashApiKey, looksLikeApiKey } from "./api-key-secret";

/**
 * The actor of a key that works: not revoked, and its organization still claimed since before
 * the key was made (an organization released and claimed again by someone else does not
 * inherit the old keys). Records the use in last_used_at, to the minute.
 * @returns null for anything else (malformed, unknown, revoked): the caller answers 401.
 */
export async function authenticateApiKey(key: string): Promise<ApiKeyActor | null> {
  if (!looksLikeApiKey(key)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: apiKeys.id, organizationId: apiKeys.organizationId, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(
      and(
        eq(apiKeys.secretHash, hashApiKey(key)),
        isNull(apiKeys.revokedAt),
        eq(organizations.claimed, true),
        sql`${organizations.claimedAt} <= ${apiKeys.createdAt}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.id));
  }
  return { kind: "api_key", keyId: row.id, organizationId: row.organizationId, scopes: row.scopes as ApiScope[] };
}
