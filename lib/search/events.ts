/**
 * Event search: events of live, approved organizations. Upcoming events (not yet ended) by
 * default, soonest first; text matches the event's name, topic, description, city and its
 * organization's name. Filters are spec section 3 eventAdvanceFilters: city, state, topic and
 * a date window (YYYY-MM-DD, UTC) the event starts in.
 */
import { displayOrganizationName } from "@/lib/directory/display-name";
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import type { EventFilters } from "@/lib/validations/search";
import { rowsOf } from "@/lib/db/rows";
import { escapeLikeText, normalizeSearchText, searchTerms } from "./text";

export type EventSearchHit = {
  _id: string;
  name: string;
  topic: string | null;
  description: string;
  imageUrl: string | null;
  /** ISO 8601, UTC. */
  startsAt: string;
  endsAt: string | null;
  venue: string | null;
  city: string | null;
  state: string | null;
  likesCount: number;
  organization: { _id: string; name: string };
};

export type EventSearchInput = { query: string; limit: number; offset: number; filters?: EventFilters; organizationId?: string; includePast?: boolean };

/**
 * Search events.
 * @param input.organizationId only this organization's events.
 * @param input.includePast also events that have ended (default: upcoming only, unless a
 *   startDate filter is given).
 * @returns hits, soonest first (closest text match first when text is given), and the count.
 */
export async function searchEvents(input: EventSearchInput, executor?: Executor): Promise<{ total: number; results: EventSearchHit[] }> {
  const db = executor ?? (await getDb());
  const f = input.filters ?? {};
  const q = normalizeSearchText(input.query);
  const where: SQL[] = [sql`o.live = true`, sql`o.approval_status = 'approved'`];
  if (input.organizationId) where.push(sql`e.organization_id = ${input.organizationId}`);
  if (!input.includePast && !f.startDate) where.push(sql`coalesce(e.ends_at, e.starts_at) >= now()`);
  if (q) {
    const hay = sql`lower(e.name || ' ' || coalesce(e.topic, '') || ' ' || e.description || ' ' || coalesce(e.city, '') || ' ' || o.name)`;
    const words = searchTerms(q).map((w) => sql`${hay} like ${`%${escapeLikeText(w)}%`}`);
    where.push(sql`((${words.length ? sql.join(words, sql` and `) : sql`false`}) or ${q} <% lower(e.name))`);
  }
  if (f.city) where.push(sql`upper(e.city) = ${f.city.toUpperCase()}`);
  if (f.state) where.push(sql`upper(e.state) = ${f.state}`);
  if (f.topic) where.push(sql`lower(e.topic) = ${f.topic.toLowerCase()}`);
  if (f.startDate) where.push(sql`e.starts_at >= ${f.startDate}::date::timestamp at time zone 'UTC'`);
  if (f.endDate) where.push(sql`e.starts_at < (${f.endDate}::date + 1)::timestamp at time zone 'UTC'`);
  const whereSql = sql.join(where, sql` and `);
  const order = q ? sql`word_similarity(${q}, lower(e.name)) desc, e.starts_at asc, e.id` : sql`e.starts_at asc, e.id`;
  const from = sql`events e join organizations o on o.id = e.organization_id`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select e.id, e.name, e.topic, e.description, e.image_url, e.starts_at, e.ends_at, e.venue, e.city, e.state,
        e.likes_count, o.id as org_id, o.name as org_name, o.legal_name as org_legal_name
      from ${from} where ${whereSql} order by ${order} limit ${input.limit} offset ${input.offset}`),
    db.execute(sql`select count(*)::int as n from ${from} where ${whereSql}`),
  ]);
  return {
    total: Number((rowsOf(counted)[0] as { n: number } | undefined)?.n ?? 0),
    results: rowsOf(rows).map((x) => toEventHit(x as Record<string, unknown>)),
  };
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Map a raw events+organizations row to the public DTO. */
export function toEventHit(r: Record<string, unknown>): EventSearchHit {
  return {
    _id: String(r.id),
    name: String(r.name),
    topic: (r.topic as string | null) ?? null,
    description: String(r.description ?? ""),
    imageUrl: (r.image_url as string | null) ?? null,
    startsAt: iso(r.starts_at)!,
    endsAt: iso(r.ends_at),
    venue: (r.venue as string | null) ?? null,
    city: (r.city as string | null) ?? null,
    state: (r.state as string | null) ?? null,
    likesCount: Number(r.likes_count ?? 0),
    organization: { _id: String(r.org_id), name: displayOrganizationName(String(r.org_name), (r.org_legal_name as string | null) ?? null) },
  };
}
