/**
 * GET /api/v1/fundraisers/{id}/teams: the public teams of supporter pages of a public
 * fundraiser, newest first, with their totals and number of public member pages. Public (no
 * key), as team pages are: pending and hidden teams are never listed; no member's email.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { getDb } from "@/lib/db/client";
import { PUBLIC_SUPPORTER_STATUSES, type SupporterTeamResource } from "@/lib/integrations/api-resources";
import { totalsByTeam } from "@/lib/services/supporter-pages/supporter-pages";
import type { supporterTeamListQuerySchema } from "@/lib/public-api/query-schemas";
import { supporterPages, supporterTeams } from "@/models";
import { beforeKeyset, decodeKeysetCursor, keysetPage, type Page } from "./pagination";
import { assertPublicFundraiser } from "./public-fundraiser";
import { toSupporterTeamResource } from "@/lib/services/api-resources/to-resources";

export type ListSupporterTeamsOptions = { fundraiserId: string; query: z.output<typeof supporterTeamListQuerySchema> };

/**
 * One page of the fundraiser's public teams (active, paused, closed), newest first (keyset
 * cursor). Totals are the succeeded gifts counted for each team, in cents; `member_count` its
 * public pages.
 * @throws AppError(not_found) for an unknown fundraiser or one of an organization that is not
 *   public; AppError(bad_request) for a bad cursor.
 */
export async function listSupporterTeams({ fundraiserId, query }: ListSupporterTeamsOptions): Promise<Page<SupporterTeamResource>> {
  const db = await getDb();
  await assertPublicFundraiser(db, fundraiserId);
  const { status, limit, cursor } = query;
  const key = decodeKeysetCursor(cursor);
  const t = supporterTeams;
  const where: SQL[] = [eq(t.fundraiserId, fundraiserId), status ? eq(t.status, status) : inArray(t.status, [...PUBLIC_SUPPORTER_STATUSES])];
  if (key) where.push(beforeKeyset({ at: t.createdAt, id: t.id, key }));
  const rows = await db
    .select({
      id: t.id,
      fundraiserId: t.fundraiserId,
      slug: t.slug,
      name: t.name,
      goalCents: t.goalCents,
      status: t.status,
      createdAt: t.createdAt,
      cursorAt: sql<string>`${t.createdAt}::text`,
    })
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit).map((r) => r.id);
  const totals = await totalsByTeam({ db, teamIds: shown });
  const members =
    shown.length === 0
      ? []
      : await db
          .select({ teamId: supporterPages.teamId, n: count() })
          .from(supporterPages)
          .where(and(inArray(supporterPages.teamId, shown), inArray(supporterPages.status, [...PUBLIC_SUPPORTER_STATUSES])))
          .groupBy(supporterPages.teamId);
  const memberCount = new Map(members.map((m) => [m.teamId, m.n]));
  return keysetPage(
    rows,
    limit,
    (r) => [r.cursorAt, r.id],
    (r) => toSupporterTeamResource({ team: { ...r, status: r.status as SupporterTeamResource["status"], memberCount: memberCount.get(r.id) ?? 0 }, totals: totals.get(r.id) ?? { raisedCents: 0, giftCount: 0 } }),
  );
}
