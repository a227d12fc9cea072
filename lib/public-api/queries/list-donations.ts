/**
 * GET /api/v1/donations: the donations of the API key's organization (scope read:donations),
 * newest first, in the one external donation shape (lib/integrations/donation-resource.ts:
 * only the donor fields each donor shared). Ticket payments are not donations.
 */
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { getDb } from "@/lib/db/client";
import { donationResourceColumns, toDonationResource, type DonationResource } from "@/lib/integrations/donation-resource";
import { beforeKeyset, decodeKeysetCursor, keysetPage, type Page } from "./pagination";
import type { donationListQuerySchema } from "@/lib/public-api/query-schemas";
import { donations } from "@/models";

/**
 * @param options.query status, fundraiser_id ("direct" for direct donations), a creation window, limit and cursor.
 * @throws AppError(unauthenticated|forbidden) without a key holding read:donations; AppError(bad_request) for a bad cursor.
 */
export async function listDonations(options: { actor: ApiKeyActor | null; query: z.output<typeof donationListQuerySchema> }): Promise<Page<DonationResource>> {
  const organizationId = requireApiScope(options.actor, "read:donations");
  const { status, fundraiser_id, created_after, created_before, limit, cursor } = options.query;
  const key = decodeKeysetCursor(cursor);
  const where: SQL[] = [eq(donations.organizationId, organizationId)];
  if (status) where.push(eq(donations.status, status));
  if (fundraiser_id) where.push(fundraiser_id === "direct" ? isNull(donations.fundraiserId) : eq(donations.fundraiserId, fundraiser_id));
  if (created_after) where.push(gte(donations.createdAt, new Date(created_after)));
  if (created_before) where.push(lt(donations.createdAt, new Date(created_before)));
  if (key) where.push(beforeKeyset({ at: donations.createdAt, id: donations.id, key }));
  const db = await getDb();
  const rows = await db
    .select({ ...donationResourceColumns(donations), cursorAt: sql<string>`${donations.createdAt}::text` })
    .from(donations)
    .where(and(...where))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (r) => [r.cursorAt, r.id], toDonationResource);
}
