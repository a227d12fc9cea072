/**
 * The API keys of the actor's organization (GET /api/api-keys and the dashboard's API keys
 * tile): working keys first, then revoked ones, newest first within each.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { authorizeOwnOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { apiKeys } from "@/models";
import { apiKeySummaryColumns, toApiKeySummary, type ApiKeySummary } from "./api-key-dto";

/**
 * @param options.actor a nonprofit user; only their own organization's keys are listed.
 * @returns at most 100 summaries (no key, no hash).
 * @throws AppError(forbidden) unless the actor is a nonprofit user with an organization.
 */
export async function listApiKeys(options: { actor: Actor }): Promise<ApiKeySummary[]> {
  const organizationId = authorizeOwnOrganization(options.actor, "apiKey.manage");
  const db = await getDb();
  const rows = await db
    .select(apiKeySummaryColumns)
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(asc(sql`${apiKeys.revokedAt} is not null`), desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(100);
  return rows.map(toApiKeySummary);
}
