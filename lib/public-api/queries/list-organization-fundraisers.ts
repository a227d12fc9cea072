/**
 * GET /api/v1/organization/fundraisers: every fundraiser of the API key's organization
 * (scope read:fundraisers), active and ended, newest first, whether or not the organization is
 * public yet.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { getDb } from "@/lib/db/client";
import { beforeKeyset, decodeKeysetCursor, keysetPage, type Page } from "./pagination";
import type { FundraiserResource } from "@/lib/integrations/api-resources";
import type { organizationFundraisersQuerySchema } from "@/lib/public-api/query-schemas";
import { fundraisers } from "@/models";
import { toFundraiserResource } from "@/lib/services/api-resources/to-resources";

/** @throws AppError(unauthenticated|forbidden) without a key holding read:fundraisers; AppError(bad_request) for a bad cursor. */
export async function listOrganizationFundraisers(options: {
  actor: ApiKeyActor | null;
  query: z.output<typeof organizationFundraisersQuerySchema>;
}): Promise<Page<FundraiserResource>> {
  const organizationId = requireApiScope(options.actor, "read:fundraisers");
  const { status, limit, cursor } = options.query;
  const key = decodeKeysetCursor(cursor);
  const t = fundraisers;
  const where: SQL[] = [eq(t.organizationId, organizationId)];
  if (status) where.push(eq(t.status, status));
  if (key) where.push(beforeKeyset({ at: t.createdAt, id: t.id, key }));
  const db = await getDb();
  const rows = await db
    .select({
      id: t.id,
      organizationId: t.organizationId,
      name: t.name,
      topic: t.topic,
      goalCents: t.goalCents,
      progressCents: t.progressCents,
      status: t.status,
      startDate: t.startDate,
      endDate: t.endDate,
      createdAt: t.createdAt,
      cursorAt: sql<string>`${t.createdAt}::text`,
    })
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (r) => [r.cursorAt, r.id], toFundraiserResource);
}
