/**
 * A nonprofit revokes one of its organization's API keys (DELETE /api/api-keys/{id}).
 */
import { and, eq, sql } from "drizzle-orm";
import { authorizeOrganization, authorizeOwnOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { apiKeys } from "@/models";
import { apiKeySummaryColumns, toApiKeySummary, type ApiKeySummary } from "./api-key-dto";

/**
 * Revoke `keyId` at once: the next call made with it gets 401. Idempotent (a revoked key
 * keeps its first revocation time).
 * @throws AppError(forbidden) unless the actor is a nonprofit user of the organization;
 *   AppError(not_found) for a key of another organization or an unknown id.
 */
export async function revokeApiKey(options: { actor: Actor; keyId: string }): Promise<ApiKeySummary> {
  const organizationId = authorizeOwnOrganization(options.actor, "apiKey.manage");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, options.actor, "apiKey.manage", organizationId);
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(and(eq(apiKeys.id, options.keyId), eq(apiKeys.organizationId, organizationId)))
      .returning(apiKeySummaryColumns);
    if (!row) throw new AppError("not_found", messages.apiKeys.notFound);
    return toApiKeySummary(row);
  });
}
