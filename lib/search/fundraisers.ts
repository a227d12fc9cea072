/**
 * Fundraiser search: active fundraisers of live, approved organizations. Text matches the
 * fundraiser's name, topic and description and its organization's name (words as prefixes,
 * pg_trgm similarity for typos); closest names first, newest first without text. Filters are
 * spec section 3 campaignAdvanceFilters: topic, and a date window the fundraiser overlaps.
 */
import { displayCity, displayOrganizationName } from "@/lib/directory/display-name";
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import type { Cents } from "@/lib/money";
import type { FundraiserFilters } from "@/lib/validations/search";
import { rowsOf } from "@/lib/db/rows";
import { escapeLikeText, normalizeSearchText, searchTerms } from "./text";

export type FundraiserSearchHit = {
  _id: string;
  name: string;
  topic: string | null;
  goalCents: Cents;
  progressCents: Cents;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  organization: { _id: string; name: string; city: string | null; state: string | null; logo: string | null };
};

export type FundraiserSearchInput = { query: string; limit: number; offset: number; filters?: FundraiserFilters; organizationId?: string };

/**
 * Search active fundraisers.
 * @param input.limit 1-101; input.offset >= 0; dates YYYY-MM-DD (UTC calendar days);
 *   input.organizationId only this organization's fundraisers.
 * @returns hits with goal and progress in cents, and the number of matches.
 */
export async function searchFundraisers(input: FundraiserSearchInput, executor?: Executor): Promise<{ total: number; results: FundraiserSearchHit[] }> {
  const db = executor ?? (await getDb());
  const f = input.filters ?? {};
  const q = normalizeSearchText(input.query);
  const where: SQL[] = [sql`c.status = 'active'`, sql`o.live = true`, sql`o.approval_status = 'approved'`];
  const haystack = sql`lower(c.name || ' ' || coalesce(c.topic, '') || ' ' || o.name)`;
  if (q) {
    const words = searchTerms(q).map((w) => sql`(${haystack} like ${`%${escapeLikeText(w)}%`} or lower(c.description) like ${`%${escapeLikeText(w)}%`})`);
    where.push(sql`((${words.length ? sql.join(words, sql` and `) : sql`false`}) or ${q} <% lower(c.name) or ${q} <% lower(o.name))`);
  }
  if (input.organizationId) where.push(sql`c.organization_id = ${input.organizationId}`);
  if (f.topic) where.push(sql`lower(c.topic) = ${f.topic.toLowerCase()}`);
  if (f.startDate) where.push(sql`coalesce(c.end_date, 'infinity'::date) >= ${f.startDate}::date`);
  if (f.endDate) where.push(sql`coalesce(c.start_date, (c.created_at at time zone 'UTC')::date) <= ${f.endDate}::date`);
  const whereSql = sql.join(where, sql` and `);
  const order = q
    ? sql`(lower(c.name) like ${`${escapeLikeText(q)}%`}) desc, greatest(word_similarity(${q}, lower(c.name)), word_similarity(${q}, lower(o.name))) desc, c.created_at desc, c.id`
    : sql`c.created_at desc, c.id`;
  const from = sql`campaigns c join organizations o on o.id = c.organization_id`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select c.id, c.name, c.topic, c.goal_cents, c.progress_cents, c.start_date::text as start_date, c.end_date::text as end_date,
        c.created_at, o.id as org_id, o.name as org_name, o.legal_name as org_legal_name, o.city, o.zipcode, o.state, o.logo_url
      from ${from} where ${whereSql} order by ${order} limit ${input.limit} offset ${input.offset}`),
    db.execute(sql`select count(*)::int as n from ${from} where ${whereSql}`),
  ]);
  return {
    total: Number((rowsOf(counted)[0] as { n: number } | undefined)?.n ?? 0),
    results: rowsOf(rows).map((x) => {
      const r = x as Record<string, unknown>;
      return {
        _id: String(r.id),
        name: String(r.name),
        topic: (r.topic as string | null) ?? null,
        goalCents: Number(r.goal_cents),
        progressCents: Number(r.progress_cents),
        startDate: (r.start_date as string | null) ?? null,
        endDate: (r.end_date as string | null) ?? null,
        createdAt: new Date(r.created_at as string).toISOString(),
        organization: {
          _id: String(r.org_id),
          name: displayOrganizationName(String(r.org_name), (r.org_legal_name as string | null) ?? null),
          city: displayCity(r.city as string | null, r.zipcode as string | null),
          state: (r.state as string | null) ?? null,
          logo: (r.logo_url as string | null) ?? null,
        },
      };
    }),
  };
}

/** Search active fundraisers by name (kept for callers of the first version). */
export async function searchFundraisersByName(input: { query: string; limit: number; offset: number }) {
  return searchFundraisers(input);
}
