/**
 * Directory search: PostgreSQL full-text search over each organization's search document
 * (name, secondary name, NTEE category, city, state; migration 0002_search_functions) plus
 * spelling corrections from a pg_trgm dictionary of indexed words (migration 0004_search_words),
 * so a typo still finds the organization, and the
 * nonprofit filters of spec section 3. Only live, approved organizations are returned.
 *
 * Ranking with text: exact name, then name prefix, then full-text rank (name words weigh most),
 * then name similarity (typo stages) or the shorter name. Without text: nearest first for a distance search, else by name.
 * Distance search uses a bounding box on the indexed latitude/longitude, then the haversine
 * formula in SQL, keeping only organizations within the radius.
 */
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { zipToCoordinates } from "@/lib/directory/zip";
import { NTEE_MAJOR_GROUPS } from "@/lib/directory/ntee";
import { AppError } from "@/lib/errors";
import { formatEin } from "@/lib/services/organizations/organization-dto";
import type { NonprofitFilters } from "@/lib/validations/search";
import { escapeLikeText, normalizeSearchText, searchTerms, tsQueryText } from "./text";

export type NonprofitSearchHit = {
  _id: string;
  name: string;
  ein: string | null;
  einFormatted: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  category: string | null;
  logo: string | null;
  claimed: boolean;
  /** Miles from the search center, one decimal; null without a distance search. */
  distanceMiles: number | null;
};

export type NonprofitSearchResult = {
  /** Number of matches, counted up to COUNT_CAP. */
  total: number;
  /** True when there are more than COUNT_CAP matches (total is then COUNT_CAP). */
  totalCapped: boolean;
  results: NonprofitSearchHit[];
};

/** Matches are counted up to this number ("1,000+ results"): counting all is slow and useless. */
export const COUNT_CAP = 1_000;
/** Radius used when a ZIP or coordinates are given without a distance, in miles. */
export const DEFAULT_RADIUS_MILES = 25;
const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.05;

export type NonprofitSearchInput = {
  query: string;
  limit: number;
  offset: number;
  filters?: NonprofitFilters;
};

/**
 * The NTEE major-group letter of a category filter: a letter ("K"), a category name
 * ("Food, Agriculture & Nutrition", any case) or a unique beginning of one ("food").
 * @throws AppError(bad_request) when it names no NTEE major group.
 */
export function categoryLetter(category: string): string {
  const c = category.trim();
  if (/^[a-z]$/i.test(c)) return c.toUpperCase();
  const lower = c.toLowerCase();
  const exact = NTEE_MAJOR_GROUPS.find((g) => g.category.toLowerCase() === lower);
  if (exact) return exact.letter;
  const starts = NTEE_MAJOR_GROUPS.filter((g) => g.category.toLowerCase().startsWith(lower));
  if (starts.length === 1) return starts[0]!.letter;
  throw new AppError("bad_request", `Unknown category "${c.slice(0, 80)}". Use an NTEE major group name, for example Education.`, {
    category: "Unknown category.",
  });
}

/**
 * Center of a distance search: the coordinates, else the ZIP's coordinates.
 * @throws AppError(bad_request) for an unknown ZIP, or a distance without a place.
 */
function searchCenter(f: NonprofitFilters): { lat: number; lng: number; miles: number } | null {
  if (f.lat !== undefined && f.lng !== undefined) return { lat: f.lat, lng: f.lng, miles: f.distance ?? DEFAULT_RADIUS_MILES };
  if ((f.lat === undefined) !== (f.lng === undefined)) {
    throw new AppError("bad_request", "Give both lat and lng, or neither.", { coordinates: "Give both lat and lng." });
  }
  if (f.distance !== undefined) {
    if (!f.zipcode) throw new AppError("bad_request", "A distance needs a ZIP code or coordinates.", { distance: "Choose a ZIP code or a place." });
    const c = zipToCoordinates(f.zipcode);
    if (!c) throw new AppError("bad_request", `We do not know the ZIP code ${f.zipcode}.`, { zipcode: "Unknown ZIP code." });
    return { lat: c.latitude, lng: c.longitude, miles: f.distance };
  }
  return null;
}

/** SQL miles between the organization and a point (haversine). */
function distanceSql(lat: number, lng: number): SQL<number> {
  return sql<number>`(${EARTH_RADIUS_MILES * 2} * asin(sqrt(
    power(sin(radians(o.latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(o.latitude)) * power(sin(radians(o.longitude - ${lng}::float8) / 2), 2))))`;
}

type Stage = { match: SQL; order: SQL };

/**
 * Spelling corrections of the words of 4+ letters that the dictionary does not hold: up to 3
 * close dictionary words each (pg_trgm KNN, similarity >= 0.4).
 */
async function corrections(db: Executor, terms: string[]): Promise<Map<string, string[]>> {
  const long = terms.filter((t) => t.length >= 4);
  const out = new Map<string, string[]>();
  if (!long.length) return out;
  const result = await db.execute(sql`select t.term, coalesce((ts_lexize('english_stem', t.term))[1], t.term) as stem, w.word from unnest(${sql`array[${sql.join(
    long.map((t) => sql`${t}::text`),
    sql`, `,
  )}]`}) as t(term)
    cross join lateral (select word from search_words order by word <-> t.term limit 3) w
    where similarity(w.word, t.term) >= 0.4`);
  const known = new Set<string>();
  for (const r of rowsOf(result) as { term: string; stem: string; word: string }[]) {
    // A word already in the dictionary (as typed or as its stem) is not a typo.
    if (r.word === r.term || r.word === r.stem) known.add(r.term);
    if (!/^[\p{L}\p{N}]+$/u.test(r.word)) continue;
    out.set(r.term, [...(out.get(r.term) ?? []), r.word]);
  }
  for (const t of known) out.delete(t);
  return out;
}

/** to_tsquery text where each word may also be one of its corrections: (hospitl:* | hospit) & ... */
function correctedQueryText(terms: string[], fixes: Map<string, string[]>, op: "&" | "|"): string {
  return terms
    .map((t) => {
      const alts = fixes.get(t) ?? [];
      const own = tsQueryText([t], "|");
      return alts.length ? `(${[own, ...alts].join(" | ")})` : own;
    })
    .join(` ${op} `);
}

/**
 * Search the directory.
 * Text is matched in stages, each used only when the one before finds nothing: (1) every word,
 * words as prefixes; (2) every word, each word or a spelling correction from the dictionary
 * of indexed words (typos); (3) any word, ranked by how many words match (e.g. "food bank
 * burlington" finds Burlington's food organizations by category and city words).
 * @param input.query free text; "" lists by name, or nearest first with a place.
 * @param input.limit 1-100; input.offset >= 0 (currentDisplayRecords).
 * @param input.filters spec section 3 nonProfitAdvanceFilters; distance in miles (default 25
 *   when coordinates are given without one). A ZIP without a distance matches the
 *   organization's ZIP code exactly.
 * @returns at most `limit` hits and the match count (capped at COUNT_CAP).
 * @throws AppError(bad_request) for an unknown category or ZIP, or a distance without a place.
 */
export async function searchNonprofits(input: NonprofitSearchInput, executor?: Executor): Promise<NonprofitSearchResult> {
  const db = executor ?? (await getDb());
  const f = input.filters ?? {};
  const q = normalizeSearchText(input.query);
  const terms = searchTerms(q);
  const center = searchCenter(f);

  const where: SQL[] = [sql`o.live = true`, sql`o.approval_status = 'approved'`];
  if (f.category) where.push(sql`o.ntee_major_group = ${categoryLetter(f.category)}`);
  if (f.state) where.push(sql`o.state = ${f.state}`);
  if (f.city) where.push(sql`upper(o.city) = ${f.city.trim().toUpperCase()}`);
  if (f.zipcode && !center) where.push(sql`o.zipcode like ${`${f.zipcode.slice(0, 5)}%`}`);
  if (f.domestic) where.push(sql`o.domestic = true`);
  if (f.international) where.push(sql`o.international = true`);
  if (f.active_campaign) {
    where.push(sql`exists (select 1 from campaigns c where c.organization_id = o.id and c.status = 'active')`);
  }
  let distance: SQL<number> | null = null;
  if (center) {
    const dLat = center.miles / MILES_PER_DEGREE_LAT;
    const cosLat = Math.max(0.01, Math.cos((center.lat * Math.PI) / 180));
    const dLng = Math.min(180, center.miles / (MILES_PER_DEGREE_LAT * cosLat));
    where.push(sql`o.latitude between ${center.lat - dLat} and ${center.lat + dLat}`);
    where.push(sql`o.longitude between ${center.lng - dLng} and ${center.lng + dLng}`);
    distance = distanceSql(center.lat, center.lng);
    where.push(sql`${distance} <= ${center.miles}`);
  }
  const nearest = distance ? sql`${distance} asc,` : sql``;

  const run = async (stage: Stage | null) => {
    const whereSql = sql.join(stage ? [...where, stage.match] : where, sql` and `);
    const order = stage ? stage.order : distance ? sql`${distance} asc, o.name asc, o.id asc` : sql`o.name asc, o.id asc`;
    const rowsQuery = sql`select o.id, o.name, o.ein, o.city, o.state, o.zipcode, o.category, o.logo_url, o.claimed,
        ${distance ? sql`round(${distance}::numeric, 1)::float8` : sql`null::float8`} as distance_miles
      from organizations o where ${whereSql} order by ${order} limit ${input.limit} offset ${input.offset}`;
    const countQuery = sql`select count(*)::int as n from (select 1 from organizations o where ${whereSql} limit ${COUNT_CAP + 1}) m`;
    const [rows, counted] = await Promise.all([db.execute(rowsQuery), db.execute(countQuery)]);
    return { rows: rowsOf(rows), n: Number((rowsOf(counted)[0] as { n: number } | undefined)?.n ?? 0) };
  };

  let found: { rows: unknown[]; n: number };
  if (!terms.length) {
    found = await run(null);
  } else {
    const like = `${escapeLikeText(q)}%`;
    const head = sql`(lower(o.name) = ${q}) desc, (lower(o.name) like ${like}) desc`;
    // Name similarity is the costly part of ranking; it only orders the typo stages, whose
    // candidates are few. Otherwise shorter names (closer to the words typed) come first.
    const stage = (text: string, options: { extra?: SQL; similarity?: boolean } = {}): Stage => {
      const query = sql`to_tsquery('english', ${text})`;
      const similar = options.similarity ? sql`word_similarity(${q}, lower(o.name)) desc,` : sql``;
      return {
        match: sql`o.search_document @@ ${query}`,
        order: sql`${head}, ${options.extra ? sql`${options.extra} desc,` : sql``} ts_rank(o.search_document, ${query}) desc, ${similar}
          ${nearest} length(o.name) asc, o.name asc, o.id asc`,
      };
    };
    found = await run(stage(tsQueryText(terms, "&")));
    if (found.n === 0) {
      const fixes = await corrections(db, terms);
      if (fixes.size) found = await run(stage(correctedQueryText(terms, fixes, "&"), { similarity: true }));
      if (found.n === 0 && terms.length > 1) {
        // How many of the typed words (or their corrections) the organization matches.
        const matched = sql.join(
          terms.map((t) => sql`(o.search_document @@ to_tsquery('english', ${correctedQueryText([t], fixes, "|")}))::int`),
          sql` + `,
        );
        found = await run(stage(correctedQueryText(terms, fixes, "|"), { extra: sql`(${matched})`, similarity: true }));
      }
    }
  }

  return {
    total: Math.min(found.n, COUNT_CAP),
    totalCapped: found.n > COUNT_CAP,
    results: found.rows.map((r) => {
      const row = r as Record<string, unknown>;
      const ein = (row.ein as string | null) ?? null;
      return {
        _id: String(row.id),
        name: String(row.name),
        ein,
        einFormatted: formatEin(ein),
        city: (row.city as string | null) ?? null,
        state: (row.state as string | null) ?? null,
        zipcode: (row.zipcode as string | null) ?? null,
        category: (row.category as string | null) ?? null,
        logo: (row.logo_url as string | null) ?? null,
        claimed: Boolean(row.claimed),
        distanceMiles: row.distance_miles === null || row.distance_miles === undefined ? null : Number(row.distance_miles),
      };
    }),
  };
}

/** Rows of db.execute() on either driver (pg returns { rows }, PGlite { rows } too). */
export function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return ((result as { rows?: unknown[] }).rows ?? []) as unknown[];
}

/**
 * Search organizations by name (kept for callers of the first version).
 * @param input.query free text (empty = all, alphabetical); limit 1-100; offset >= 0.
 */
export async function searchNonprofitsByName(input: { query: string; limit: number; offset: number }): Promise<NonprofitSearchResult> {
  return searchNonprofits(input);
}
