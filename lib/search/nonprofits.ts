/**
 * Directory search by organization name: exact and prefix matches first, then by trigram
 * similarity (pg_trgm), so a typo still finds the organization. Only live, approved
 * organizations are returned.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { escapeLike } from "@/lib/services/organizations/find-in-directory";
import { formatEin } from "@/lib/services/organizations/organization-dto";
import { organizations } from "@/models";

export type NonprofitSearchHit = {
  _id: string;
  name: string;
  ein: string | null;
  einFormatted: string | null;
  city: string | null;
  state: string | null;
  category: string | null;
  logo: string | null;
  claimed: boolean;
};

export type NonprofitSearchResult = { total: number; results: NonprofitSearchHit[] };

/**
 * Search organizations by name.
 * @param input.query free text (empty = all, alphabetical); limit 1-100; offset >= 0.
 */
export async function searchNonprofitsByName(input: { query: string; limit: number; offset: number }): Promise<NonprofitSearchResult> {
  const db = await getDb();
  const q = input.query.trim().toLowerCase().slice(0, 200);
  const visible = and(eq(organizations.live, true), eq(organizations.approvalStatus, "approved"));
  const name = sql`lower(${organizations.name})`;
  const where = q
    ? and(visible, sql`(${name} % ${q} or ${name} like ${"%" + escapeLike(q) + "%"})`)
    : visible;
  const order = q
    ? [
        desc(sql`${name} = ${q}`),
        desc(sql`${name} like ${escapeLike(q) + "%"}`),
        desc(sql`similarity(${name}, ${q})`),
        asc(organizations.name),
      ]
    : [asc(organizations.name)];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        ein: organizations.ein,
        city: organizations.city,
        state: organizations.state,
        category: organizations.category,
        logo: organizations.logoUrl,
        claimed: organizations.claimed,
      })
      .from(organizations)
      .where(where)
      .orderBy(...order)
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(where),
  ]);
  return {
    total: count?.n ?? 0,
    results: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      ein: r.ein,
      einFormatted: formatEin(r.ein),
      city: r.city,
      state: r.state,
      category: r.category,
      logo: r.logo,
      claimed: r.claimed,
    })),
  };
}
