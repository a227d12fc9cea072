/**
 * GET /api/v1/fundraisers/{id}/supporter-pages: the public supporter pages (peer-to-peer
 * fundraising) of a public fundraiser, newest first, with their totals. Public (no key), as the
 * pages themselves are: pending and hidden pages are never listed, a team that is not public is
 * not named, and nothing of a supporter but "Ana R." leaves here (never an email).
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { getDb } from "@/lib/db/client";
import { PUBLIC_SUPPORTER_STATUSES, type SupporterPageResource } from "@/lib/integrations/api-resources";
import { totalsByPage } from "@/lib/services/supporter-pages/supporter-pages";
import type { supporterPageListQuerySchema } from "@/lib/public-api/query-schemas";
import { supporterPages, supporterTeams, users } from "@/models";
import { beforeKeyset, decodeKeysetCursor, keysetPage, type Page } from "./pagination";
import { assertPublicFundraiser } from "./public-fundraiser";
import { toSupporterPageResource } from "@/lib/services/api-resources/to-resources";

export type ListSupporterPagesOptions = { fundraiserId: string; query: z.output<typeof supporterPageListQuerySchema> };

/**
 * One page of the fundraiser's public supporter pages (active, paused, closed), newest first
 * (created_at desc, id desc, keyset cursor). Totals are the succeeded gifts made on each page,
 * in cents.
 * @param options.query status, team_id, limit and cursor.
 * @throws AppError(not_found) for an unknown fundraiser or one of an organization that is not
 *   public; AppError(bad_request) for a bad cursor.
 */
export async function listSupporterPages({ fundraiserId, query }: ListSupporterPagesOptions): Promise<Page<SupporterPageResource>> {
  const db = await getDb();
  await assertPublicFundraiser(db, fundraiserId);
  const { status, team_id, limit, cursor } = query;
  const key = decodeKeysetCursor(cursor);
  const t = supporterPages;
  const where: SQL[] = [eq(t.fundraiserId, fundraiserId), status ? eq(t.status, status) : inArray(t.status, [...PUBLIC_SUPPORTER_STATUSES])];
  if (team_id) where.push(eq(t.teamId, team_id));
  if (key) where.push(beforeKeyset({ at: t.createdAt, id: t.id, key }));
  const rows = await db
    .select({
      id: t.id,
      fundraiserId: t.fundraiserId,
      slug: t.slug,
      title: t.title,
      goalCents: t.goalCents,
      status: t.status,
      createdAt: t.createdAt,
      cursorAt: sql<string>`${t.createdAt}::text`,
      // The team is named only while the public may see it (as on the page itself).
      teamId: sql<string | null>`case when ${supporterTeams.status} in ('active', 'paused', 'closed') then ${supporterTeams.id} end`,
      supporterFirstName: users.firstName,
      supporterLastName: users.lastName,
    })
    .from(t)
    .leftJoin(supporterTeams, eq(supporterTeams.id, t.teamId))
    .leftJoin(users, eq(users.id, t.userId))
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit + 1);
  const totals = await totalsByPage({ db, pageIds: rows.slice(0, limit).map((r) => r.id) });
  return keysetPage(
    rows,
    limit,
    (r) => [r.cursorAt, r.id],
    (r) => toSupporterPageResource({ page: { ...r, status: r.status as SupporterPageResource["status"] }, totals: totals.get(r.id) ?? { raisedCents: 0, giftCount: 0 } }),
  );
}
