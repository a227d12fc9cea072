/**
 * A nonprofit creates an API key for its organization (POST /api/api-keys).
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { authorizeOrganization, authorizeOwnOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createApiKeySchema, type CreateApiKeyInput } from "@/lib/validations/api-keys";
import { messages } from "@/lib/validations/messages";
import { apiKeys } from "@/models";
import { apiKeySummaryColumns, toApiKeySummary, type ApiKeySummary } from "./api-key-dto";
import { generateApiKey } from "./api-key-secret";

/** Active (not revoked) keys an organization may hold at once. */
export const MAX_ACTIVE_API_KEYS = 20;

/**
 * Create a key for the actor's organization. The key is returned here once and never again:
 * only its SHA-256 hash and visible prefix are stored.
 * @param options.actor a nonprofit user of the organization (checked against the database).
 * @returns the key's summary and `secret`, the whole key.
 * @throws AppError(forbidden) for anyone else; ZodError for a bad name or scopes;
 *   AppError(conflict) when the organization already has MAX_ACTIVE_API_KEYS active keys.
 */
export async function createApiKey(options: { actor: Actor; input: CreateApiKeyInput }): Promise<{ key: ApiKeySummary; secret: string }> {
  const organizationId = authorizeOwnOrganization(options.actor, "apiKey.manage");
  const input = createApiKeySchema.parse(options.input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, options.actor, "apiKey.manage", organizationId);
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)));
    if (Number(active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw new AppError("conflict", messages.apiKeys.tooMany(MAX_ACTIVE_API_KEYS));
    const { key, prefix, hash } = generateApiKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({ organizationId, createdByUserId: options.actor.id, name: input.name, prefix, secretHash: hash, scopes: input.scopes })
      .returning(apiKeySummaryColumns);
    return { key: toApiKeySummary(row!), secret: key };
  });
}
