/**
 * Fundraiser search by name: active fundraisers of live, approved organizations, closest
 * names first (pg_trgm), newest first when no text is given.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import { escapeLike } from "@/lib/services/organizations/find-in-directory";
import { campaigns, organizations } from "@/models";

export type CampaignSearchHit = {
  _id: string;
  name: string;
  goalCents: Cents;
  progressCents: Cents;
  organization: { _id: string; name: string; city: string | null; state: string | null };
};

/** Search active fundraisers; limit 1-100, offset >= 0. */
export async function searchCampaignsByName(input: { query: string; limit: number; offset: number }): Promise<{ total: number; results: CampaignSearchHit[] }> {
  const db = await getDb();
  const q = input.query.trim().toLowerCase().slice(0, 200);
  const name = sql`lower(${campaigns.name})`;
  const visible = and(eq(campaigns.status, "active"), eq(organizations.live, true), eq(organizations.approvalStatus, "approved"));
  const where = q ? and(visible, sql`(${name} % ${q} or ${name} like ${"%" + escapeLike(q) + "%"})`) : visible;
  const order = q ? [desc(sql`${name} like ${escapeLike(q) + "%"}`), desc(sql`similarity(${name}, ${q})`), asc(campaigns.name)] : [desc(campaigns.createdAt)];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        goalCents: campaigns.goalCents,
        progressCents: campaigns.progressCents,
        orgId: organizations.id,
        orgName: organizations.name,
        city: organizations.city,
        state: organizations.state,
      })
      .from(campaigns)
      .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
      .where(where)
      .orderBy(...order)
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(campaigns).innerJoin(organizations, eq(organizations.id, campaigns.organizationId)).where(where),
  ]);
  return {
    total: count?.n ?? 0,
    results: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      goalCents: r.goalCents,
      progressCents: r.progressCents,
      organization: { _id: r.orgId, name: r.orgName, city: r.city, state: r.state },
    })),
  };
}
