/**
 * Directory search: PostgreSQL full-text search over each organization's search document
 * (name, secondary name, NTEE category, city, state; migration 0002_search_functions) plus
 * spelling corrections checked against the dictionary of indexed words (migration
 * 0004_search_words), so a typo still finds the organization, and the nonprofit filters of
 * spec section 3. Only live, approved organizations are returned.
 *
 * Ranking with text: exact name, then name prefix, then full-text rank (name words weigh most),
 * then name similarity (typo stages) or the shorter name. Without text: nearest first for a
 * distance search, else by name.
 * Distance search uses a bounding box on the GiST point index (migration 0006_search_speed),
 * then the haversine formula in SQL, keeping only organizations within the radius.
 * Every stage is one SQL statement that returns the page and the capped count together.
 */
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { zipToCoordinates } from "@/lib/directory/zip";
import { NTEE_MAJOR_GROUPS } from "@/lib/directory/ntee";
import { displayCity, displayOrganizationName } from "@/lib/directory/display-name";
import { AppError } from "@/lib/errors";
import { formatEin } from "@/lib/donations/labels";
import type { NonprofitFilters } from "@/lib/validations/search";
import { escapeLikeText, indexedWord, normalizeSearchText, searchTerms, tsQueryText } from "./text";
import { isStopWord } from "./synonyms";
import stemOf from "wink-porter2-stemmer";
import { keptWords } from "./word-cache";
import { PROMINENT_TIERS, areaNteeGroup, areaQueryText, areaState, boxCells } from "./area";
import { commonStemFrequencies, WORD_USES_CAP, type WordFacts, exactNameBonusSql, exactNameKeys, isCauseUnit, namePrefixSql, lookupLexicon, nearnessSql, nearPlaceSql, placeAreaSql, placeOf, relevanceQueryText, relevanceUnitList, relevanceUnits, SCORE_WEIGHTS, textScoreSql } from "./relevance";

export type NonprofitSearchHit = {
  _id: string;
  /** Display name (lib/directory/display-name.ts); legalName is the IRS name as filed. */
  name: string;
  legalName: string | null;
  ein: string | null;
  einFormatted: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  category: string | null;
  logo: string | null;
  claimed: boolean;
  /** Claimed and the claim verified (models/claims.ts). */
  verified: boolean;
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
/**
 * Matches of the words as typed (the last one whole, not as a prefix) that join the first
 * stage's candidates: "americares" is one organization among thousands of "american...".
 */
const WHOLE_WORD_CAP = 200;
/** What a word matched as typed adds to its match in the later stages' count of matched words. */
const TYPED_WORD_BONUS = 0.25;
/** Below this many first-stage matches, spelling corrections are tried too. */
const FEW_MATCHES = 3;
/** The most prominent full-text matches that join the first stage's candidates. */
const PROMINENT_CAP = 30;
/** Full-text matches among which the most prominent are taken. */
const PROMINENT_SCAN_CAP = 5_000;
/**
 * Broad text (every word common): matches in no particular order that are ranked with the
 * names starting with the text and the most prominent matches (more for a deep page). Its
 * matches are counted up to COUNT_CAP all the same; ranking a thousand of them, taken in the
 * table's order, cost 20-30 ms at 1.8M rows and brought no better first page than a few hundred.
 */
const BROAD_RANK_CAP = 300;
/** Names starting with the typed text that join the first stage's candidates (more for a deep page). */
const NAME_PREFIX_CAP = 200;

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

/** The organization's location as a point (x = longitude, y = latitude), as indexed by migration 0006. */
const LOCATION = sql`point(o.longitude, o.latitude)`;

/** Columns of a result row (the candidate sets below carry them, plus the search document). */
const HIT_COLUMNS = sql`o.id, o.name, o.legal_name, o.ein, o.city, o.state, o.zipcode, o.category, o.logo_url, o.claimed, o.claim_pending_since, o.latitude, o.longitude, o.search_document, o.search_prominence, o.name_key, o.name_compact,
  (o.irs_revenue_amount is null and o.irs_income_amount is null and o.irs_asset_amount is null) as finances_unknown`;

/**
 * One text stage: its match condition, its tsquery, its order, and `cut`: the order's first
 * keys (each descending) when later keys cost far more per row (candidatePage).
 */
type Stage = { match: SQL; query: SQL; order: SQL; cut?: SQL };
type Found = { rows: unknown[]; n: number };

/** Words of 4+ letters (no digits) that may be typos. */
const CORRECTABLE = /^\p{L}{4,}$/u;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** A word found in this many organizations' documents is taken as spelled right. */
const COMMON_WORD = 5;
/** A known word still gets a correction used this many times more (a typo several names share). */
const MUCH_MORE_USED = 50;

/** Every spelling one edit away (a letter deleted, swapped with the next, replaced or inserted). */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      if (tail) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return [...out].filter((w) => w.length >= 3);
}

/**
 * Spelling corrections of the words that are not in the dictionary of indexed words
 * (search_words, stemmed lexemes) or that few organizations use: the spellings one edit away
 * whose English stem is in the dictionary, the most used first (then the closest by trigram
 * similarity); for a word with none, dictionary words of
 * trigram similarity >= 0.4 (the trigram GIN index of migration 0006 answers `%`).
 * At most 3 corrections per word. One round trip, two when some word needs the trigram step;
 * none when every word's corrections are kept from a recent search or come from the common
 * stems alone (commonSpellings).
 */
async function corrections(db: Executor, terms: string[]): Promise<Map<string, string[]>> {
  // A word's corrections depend on the word and the directory only: kept for the next searches
  // (lib/search/word-cache.ts), an empty list for a word that has none.
  const kept = keptWords<{ fixes: string[] }>(db, "corrections");
  const out = new Map<string, string[]>();
  const long: string[] = [];
  for (const t of new Set(terms.filter((x) => CORRECTABLE.test(x)))) {
    const k = kept.get(t);
    if (!k) long.push(t);
    else if (k.fixes.length) out.set(t, k.fixes);
  }
  if (!long.length) return out;
  // A word that COMMON_WORD organizations use (as the lexicon lookup of this search counted)
  // can only be corrected to a common word: its corrections need no round trip.
  const facts = keptWords<WordFacts>(db, "facts");
  const frequencies = await commonStemFrequencies(db);
  const fresh = new Map<string, string[]>();
  const asked: string[] = [];
  for (const t of long) {
    const fixes = commonSpellings(t, facts.get(t), frequencies);
    if (fixes) fresh.set(t, fixes);
    else asked.push(t);
  }
  if (asked.length) for (const [t, fixes] of await correctionsOf(db, asked)) fresh.set(t, fixes);
  for (const t of long) {
    const fixes = fresh.get(t) ?? [];
    kept.set(t, { fixes });
    if (fixes.length) out.set(t, fixes);
  }
  return out;
}

/**
 * How many organizations use a word, on the scale corrections compare: a common stem's
 * frequency (commonStemFrequencies, a share of documents) as WORD_USES_CAP plus parts per
 * million, above any count; else `counted` (up to WORD_USES_CAP).
 */
function usesOf(stem: string, counted: number, frequencies: ReadonlyMap<string, number>): number {
  const freq = frequencies.get(stem);
  return freq === undefined ? counted : WORD_USES_CAP + Math.ceil(freq * 1_000_000);
}

/**
 * The trigram similarity of two words as PostgreSQL's pg_trgm computes it (the shared trigrams
 * of "  word " over all of both), in [0, 1]: the tie-break of corrections used as often.
 */
export function wordTrigramSimilarity(a: string, b: string): number {
  const grams = (w: string) => {
    const chars = [...`  ${w.toLowerCase()} `];
    const out = new Set<string>();
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
    return out;
  };
  const ga = grams(a);
  const gb = grams(b);
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / (ga.size + gb.size - shared);
}

/** Whether the dictionary of indexed words can hold `stem`: 3 to 40 characters (migration 0004_search_words). */
const inDictionary = (stem: string) => stem.length >= 3 && stem.length <= 40;

/**
 * The order of a word's spellings among its corrections: the most used first, then the closest
 * to the word (trigram similarity), then by spelling.
 */
const bySpellingRank = (a: { uses: number; closeness: number; variant: string }, b: { uses: number; closeness: number; variant: string }) =>
  b.uses - a.uses || b.closeness - a.closeness || (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0);

/** Words whose Porter2 stem does not begin with all but the last letter of the stem. */
const STEM_EXCEPTIONS: ReadonlySet<string> = new Set(["dying", "lying", "tying"]);
const stemHeadsCache = new WeakMap<ReadonlyMap<string, number>, ReadonlySet<string>>();

/** All but the last letter of each common stem the dictionary can hold (inDictionary), per map of common stems. */
function stemHeads(frequencies: ReadonlyMap<string, number>): ReadonlySet<string> {
  let heads = stemHeadsCache.get(frequencies);
  if (!heads) {
    heads = new Set([...frequencies.keys()].filter(inDictionary).map((stem) => stem.slice(0, -1)));
    stemHeadsCache.set(frequencies, heads);
  }
  return heads;
}

/**
 * False when `word` cannot have one of the stems whose heads (stemHeads) are given: Porter2
 * removes suffixes, and changes at most the last letter of what remains (y to i, an e added, a
 * doubled letter undone), so a stem without its last letter begins the word, but for the three
 * exceptions of STEM_EXCEPTIONS. Stemming costs microseconds a word; this test spares it for
 * most spellings.
 */
function mayStemToOneOf(word: string, heads: ReadonlySet<string>): boolean {
  if (STEM_EXCEPTIONS.has(word)) return true;
  for (let n = 2; n <= word.length; n++) if (heads.has(word.slice(0, n))) return true;
  return false;
}

/**
 * The corrections of a word that at least COMMON_WORD organizations use, as its facts from this
 * search's lexicon lookup (lib/search/relevance.ts WordFacts) say, without the database: a
 * spelling one edit away counts only when used MUCH_MORE_USED times more, which only the
 * directory's common stems (commonStemFrequencies, pg_stats) can be, so the English stems of
 * the spellings (Porter2, the algorithm of PostgreSQL's english_stem) are looked up among
 * those. Ordered and capped as correctionsOf: the most used first, then the closest, one
 * spelling per stem, at most 3.
 * @returns null when the database must answer: a word unknown, rare, or indexed under another
 *   form (lib/search/text.ts indexedWord), or whose facts are not at hand.
 */
export function commonSpellings(term: string, facts: WordFacts | undefined, frequencies: ReadonlyMap<string, number>): string[] | null {
  if (!facts?.known || facts.uses < COMMON_WORD || indexedWord(term) !== term) return null;
  const own = usesOf(facts.stem, facts.uses, frequencies);
  const found: { variant: string; stem: string; uses: number; closeness: number }[] = [];
  const heads = stemHeads(frequencies);
  for (const variant of oneEditAway(term)) {
    const indexed = indexedWord(variant);
    if (!mayStemToOneOf(indexed, heads)) continue;
    const stem = stemOf(indexed);
    if (!frequencies.has(stem) || !inDictionary(stem)) continue;
    const uses = usesOf(stem, 0, frequencies);
    if (uses >= MUCH_MORE_USED * own) found.push({ variant, stem, uses, closeness: wordTrigramSimilarity(variant, term) });
  }
  found.sort(bySpellingRank);
  // A spelling with the word's own stem is the word itself.
  const stems = new Set<string>([facts.stem]);
  const fixes: string[] = [];
  for (const f of found) {
    if (stems.has(f.stem)) continue;
    stems.add(f.stem);
    fixes.push(f.variant);
  }
  return fixes.slice(0, 3);
}

/** corrections() of distinct correctable words, from the database. */
export async function correctionsOf(db: Executor, long: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  // Each word and its spellings one edit away, as [word index, spelling] or, when the
  // dictionary has the spelling's stem under another form (lib/search/text.ts indexedWord),
  // [word index, spelling, indexed form].
  const candidates = JSON.stringify(
    long.flatMap((term, t) =>
      [term, ...oneEditAway(term)].map((variant) => {
        const indexed = indexedWord(variant);
        return indexed === variant ? [t, variant] : [t, variant, indexed];
      }),
    ),
  );
  // Spellings in the dictionary, with how many organizations use them: common words from the
  // planner's statistics of the search documents (most common elements, about the top 1,000,
  // as cached by commonStemFrequencies), the others counted up to WORD_USES_CAP (their index
  // entries are short; a common word's first WORD_USES_CAP come as fast). The other spellings
  // of a word that COMMON_WORD organizations use are not counted: only a common one can be
  // used MUCH_MORE_USED times more (a count stops at WORD_USES_CAP), and counting read
  // hundreds of table pages per word.
  const frequencies = await commonStemFrequencies(db);
  const count = (indexed: SQL) =>
    sql`(select count(*)::int from (select 1 from organizations o where o.search_document @@ to_tsquery('english', ${indexed}) limit ${WORD_USES_CAP}) c)`;
  const typed = sql`(${JSON.stringify(long)}::json->>k.t)`;
  const result = await db.execute(sql`with v as (select (e->>0)::int as t, e->>1 as variant, coalesce(e->>2, e->>1) as indexed from json_array_elements(${candidates}::json) as e),
      d as (select v.*, coalesce((ts_lexize('english_stem', v.indexed))[1], v.indexed) as stem from v),
      k as materialized (select d.* from d where exists (select 1 from search_words w where w.word = d.stem)),
      own as materialized (select k.t, ${count(sql`k.indexed`)} as uses from k where k.variant = ${typed})
    select k.t, k.variant, k.stem, similarity(k.variant, ${typed}) as closeness,
      case when k.variant = ${typed} then (select own.uses from own where own.t = k.t)
        when coalesce((select own.uses from own where own.t = k.t), 0) >= ${COMMON_WORD} then null
        else ${count(sql`k.indexed`)} end as uses
    from k`);
  const rows = (rowsOf(result) as { t: number; variant: string; stem: string; closeness: number; uses: number }[])
    .map((r) => ({ ...r, term: long[Number(r.t)]!, closeness: Number(r.closeness), uses: usesOf(r.stem, Number(r.uses), frequencies) }))
    // By word (in the order given), then in the order of its spellings.
    .sort((a, b) => a.t - b.t || bySpellingRank(a, b));
  const known = new Map<string, number>();
  const found = new Map<string, { variant: string; uses: number }[]>();
  const stems = new Set<string>();
  for (const r of rows) {
    // Spellings with the same stem are one correction ("wesleyed", "wesleye" and "wesleyent"
    // all stem to "wesley"): only the most used counts, so the 3 kept are 3 different words.
    if (r.variant !== r.term && stems.has(`${r.term} ${r.stem}`)) continue;
    stems.add(`${r.term} ${r.stem}`);
    // A word that several organizations use (as typed or as its stem) is not a typo, unless a
    // spelling one edit away is far more used ("foundaton" is in a few IRS names); a rare one
    // may be the same typo in a few names, so it is kept with its corrections, the most used
    // spellings first.
    if (r.variant === r.term) {
      if (Number(r.uses) >= COMMON_WORD) known.set(r.term, Number(r.uses));
    } else if (Number(r.uses) > 0) found.set(r.term, [...(found.get(r.term) ?? []), { variant: r.variant, uses: Number(r.uses) }]);
  }
  const rest: string[] = [];
  for (const t of long) {
    const own = known.get(t);
    const fixes = found
      .get(t)
      ?.filter((f) => own === undefined || f.uses >= MUCH_MORE_USED * own)
      .map((f) => f.variant);
    if (own !== undefined && !fixes?.length) continue;
    if (fixes?.length) out.set(t, fixes.slice(0, 3));
    else rest.push(t);
  }
  if (rest.length) {
    const similar = await db.execute(sql`select t.term, w.word from json_array_elements_text(${JSON.stringify(rest)}::json) as t(term)
      cross join lateral (select word from search_words where word % t.term and similarity(word, t.term) >= 0.4
        order by similarity(word, t.term) desc, word limit 3) w`);
    for (const r of rowsOf(similar) as { term: string; word: string }[]) {
      if (!/^[\p{L}\p{N}]+$/u.test(r.word)) continue;
      out.set(r.term, [...(out.get(r.term) ?? []), r.word]);
    }
  }
  return out;
}

/**
 * to_tsquery text of one word: the word (as a prefix when it is the last word typed), or one
 * of its corrections: (hospitl:* | hospital).
 */
function termQueryText(term: string, fixes: Map<string, string[]>, prefix: boolean): string {
  const alts = (fixes.get(term) ?? []).map(indexedWord);
  const own = prefix ? tsQueryText([term], "|") : indexedWord(term);
  return alts.length ? `(${[own, ...alts].join(" | ")})` : own;
}

/**
 * Whether the word at `i` of `terms` matches as a prefix: only the last one, and not when it
 * is one of the directory's most common words (`common`): a prefix of a common word
 * ("associ:*") expands to many index entries (45-55 ms per GIN scan at 1.8M rows), and the
 * whole word is what was meant, as in the first stage.
 */
const asPrefix = (terms: string[], i: number, common: ReadonlySet<string>) => i === terms.length - 1 && !common.has(terms[i]!);

/** to_tsquery text where each word may also be one of its corrections: (hospitl | hospital) & ... */
function correctedQueryText(terms: string[], fixes: Map<string, string[]>, op: "&" | "|", common: ReadonlySet<string>): string {
  return terms.map((t, i) => termQueryText(t, fixes, asPrefix(terms, i, common))).join(` ${op} `);
}

/** to_tsquery text matching every word but (at most) one: (a & b) | (a & c) | (b & c). */
function allButOneQueryText(terms: string[], fixes: Map<string, string[]>, common: ReadonlySet<string>): string {
  const alts = terms.map((t, i) => termQueryText(t, fixes, asPrefix(terms, i, common)));
  return alts.map((_, skip) => `(${alts.filter((__, i) => i !== skip).join(" & ")})`).join(" | ");
}

/** The WHERE parts every stage shares: public organizations, the advanced filters, and the radius around a place. */
type Scope = {
  where: SQL[];
  whereSql: SQL;
  /** The bounding-box conditions (on the GiST point index) inside `where`. */
  boxes: Set<SQL>;
  /** Haversine miles to the search center, null without a place. */
  distance: SQL<number> | null;
  /**
   * ` and o.search_area @@ ...` for the state, category and radius filters (lib/search/area.ts),
   * or nothing: added to full-text matches, so the GIN indexes answer the words and the
   * filters together and only rows in scope are read.
   */
  area: SQL;
  /**
   * `whereSql` with `area`, for full-text matches: without the conditions the area states
   * exactly (state, category), nor the bounding boxes when the area holds their cells (the
   * exact radius stays), so no btree or point index is read as well.
   */
  textWhereSql: SQL;
  /** True when `area` asks for something. */
  hasArea: boolean;
};

type Center = { lat: number; lng: number; miles: number };

/**
 * The filters of spec section 3 (nonProfitAdvanceFilters) as SQL over `organizations o`.
 * @throws AppError(bad_request) for an unknown category (categoryLetter).
 */
function searchScope(f: NonprofitFilters, center: Center | null): Scope {
  const where: SQL[] = [sql`o.live = true`, sql`o.approval_status = 'approved'`];
  const areaAll: string[] = [];
  let areaCells: string[] | null = null;
  // Conditions the area lexemes state exactly: full-text matches leave them to the GIN index
  // (a btree on ntee_major_group or state ANDed in was a second bitmap of 125,000-175,000 rows
  // at 1.8M rows).
  const inArea = new Set<SQL>();
  if (f.category) {
    const letter = categoryLetter(f.category);
    const condition = sql`o.ntee_major_group = ${letter}`;
    where.push(condition);
    inArea.add(condition);
    areaAll.push(areaNteeGroup(letter));
  }
  if (f.state) {
    const condition = sql`o.state = ${f.state}`;
    where.push(condition);
    inArea.add(condition);
    areaAll.push(areaState(f.state));
  }
  if (f.city) where.push(sql`upper(o.city) = ${f.city.trim().toUpperCase()}`);
  if (f.zipcode && !center) where.push(sql`o.zipcode like ${`${f.zipcode.slice(0, 5)}%`}`);
  if (f.domestic) where.push(sql`o.domestic = true`);
  if (f.international) where.push(sql`o.international = true`);
  if (f.active_campaign) {
    where.push(sql`exists (select 1 from campaigns c where c.organization_id = o.id and c.status = 'active')`);
  }
  let distance: SQL<number> | null = null;
  const boxes = new Set<SQL>();
  if (center) {
    const dLat = center.miles / MILES_PER_DEGREE_LAT;
    const cosLat = Math.max(0.01, Math.cos((center.lat * Math.PI) / 180));
    const dLng = Math.min(180, center.miles / (MILES_PER_DEGREE_LAT * cosLat));
    // Bounding box on the GiST point index, then the exact radius.
    const box = sql`${LOCATION} <@ box(point(${center.lng - dLng}::float8, ${center.lat - dLat}::float8), point(${center.lng + dLng}::float8, ${center.lat + dLat}::float8))`;
    boxes.add(box);
    where.push(box);
    areaCells = boxCells([{ south: center.lat - dLat, north: center.lat + dLat, west: center.lng - dLng, east: center.lng + dLng }]);
    distance = distanceSql(center.lat, center.lng);
    where.push(sql`${distance} <= ${center.miles}`);
  }
  const areaText = areaQueryText(areaAll, areaCells);
  const area = areaText ? sql` and o.search_area @@ ${areaText}::tsquery` : sql``;
  const whereSql = sql.join(where, sql` and `);
  const textWhereSql = sql`${sql.join(where.filter((w) => !inArea.has(w) && !(areaCells && boxes.has(w))), sql` and `)}${area}`;
  return { where, whereSql, boxes, distance, area, textWhereSql, hasArea: areaText !== null };
}

/** What the text stages of one search share: the input, its words, the database and the scope's SQL. */
type SearchRun = {
  db: Executor;
  input: NonprofitSearchInput;
  /** The normalized text and its words. */
  q: string;
  terms: string[];
  center: Center | null;
  scope: Scope;
  /** `distance asc,` when there is a place, else nothing. */
  nearest: SQL;
  want: number;
  cap: number;
};

/**
 * One round trip: the capped match count and the requested page of a candidate set.
 * `shared`, when given, is a query that `candidates` and `prominent` may both read as `m`
 * (one scan of the full-text matches instead of one per branch); `tops`, queries that
 * `prominent` may read as `top0`, `top1`...
 * `placeNearness`, when given, is computed once per candidate as `o.place_nearness`, which
 * `order` may then use in several places (the text score and the place bonus): with a city
 * typed it is a haversine distance to each same-named city, the costliest part of the score.
 */
async function candidatePage(run: SearchRun, candidates: SQL, order: SQL, prominent?: SQL, shared?: SQL, tops?: SQL[], placeNearness?: SQL | null, cut?: SQL): Promise<Found> {
  const { db, input, q } = run;
  const distanceColumn = run.scope.distance ? sql`round(${run.scope.distance}::numeric, 1)::float8` : sql`null::float8`;
  // `prominent` adds more candidates (the most prominent matches, by the prominence index,
  // which the capped candidates may have left out when a broad text matches more than the
  // cap); the union is then taken once per organization.
  const set = prominent ? sql`select distinct on (f.id) f.* from ((${candidates}) union all (${prominent})) f` : candidates;
  // The candidates hold m's matches only up to a cap each, so m's own size (up to run.cap)
  // also bounds the count from below: every row of m matches.
  const count = shared ? sql`greatest((select count(*) from cand), least((select count(*) from m), ${run.cap}))::int` : sql`count(*)::int`;
  // The rows to order: every candidate, with its nearness to the place typed when there is one.
  const withNearness = placeNearness ? sql`(select o.*, ${placeNearness} as place_nearness from cand o) o` : sql`cand o`;
  // With `cut`, only the candidates at least as good on its keys as the page's last row are
  // ordered by the whole of `order`, whose later keys (name similarity) cost far more per row
  // than the cut's; the page is the same. The page's own columns (similarity, distance) are
  // computed for its rows only, after the limit (PostgreSQL computes a select list's
  // expressions for every row it sorts).
  const keyed = cut ? sql`, keyed as materialized (select o.*, row(${cut}) as cut_key from ${withNearness})` : sql``;
  const ranked = cut
    ? sql`(select o.* from keyed o where o.cut_key >= coalesce((select k.cut_key from keyed k order by k.cut_key desc limit 1 offset ${run.want - 1}), o.cut_key)) o`
    : withNearness;
  const result = await db.execute(sql`with ${shared ? sql`m as materialized (${shared}), ` : sql``}${sql.join((tops ?? []).map((t, i) => sql.raw(`top${i} as materialized (`).append(t).append(sql.raw("), "))))}cand as materialized (${set})${keyed}
    select c.n, p.* from (select ${count} as n${shared ? sql`` : sql` from cand`}) c
    left join lateral (select o.id, o.name, o.legal_name, o.ein, o.city, o.state, o.zipcode, o.category, o.logo_url, o.claimed, o.claim_pending_since, ${distanceColumn} as distance_miles,
        word_similarity(${q}, lower(o.name)) as similarity, coalesce(o.search_prominence, 0)::float8 as prominence
      from (select o.* from ${ranked} order by ${order} limit ${input.limit} offset ${input.offset}) o) p on true`);
  const rows = rowsOf(result) as Record<string, unknown>[];
  return { rows: rows.filter((r) => r.id !== null && r.id !== undefined), n: Number(rows[0]?.n ?? 0) };
}

/** Nearest first, for a place without text. */
async function nearestPage(db: Executor, input: NonprofitSearchInput, center: Center, scope: Scope, want: number): Promise<Found> {
  const { where, whereSql, boxes, distance } = scope;
  // Nearest first: GiST KNN (<->) orders by flat degrees, which is within a factor 1/cos(lat)
  // of the true distance; the first 4 x (offset + limit) + 200 by it hold the true nearest,
  // which the haversine distance then orders exactly. The count is taken on the radius itself.
  // With fewer matches than that (or a deep page), the bounding box's matches are all sorted.
  const knn = sql`point(${center.lng}::float8, ${center.lat}::float8)`;
  const nearestCap = 4 * want + 200;
  const columns = sql`o.id, o.name, o.legal_name, o.ein, o.city, o.state, o.zipcode, o.category, o.logo_url, o.claimed, o.claim_pending_since,
    ${distance} as miles, round(${distance}::numeric, 1)::float8 as distance_miles`;
  const radiusOnly = sql.join(where.filter((w) => !boxes.has(w)), sql` and `);
  const result = await db.execute(sql`with c as (select count(*)::int as n from (select 1 from organizations o where ${whereSql} limit ${COUNT_CAP + 1}) m)
    select c.n, p.* from c left join lateral (select k.* from (
        (select ${columns} from organizations o where ${radiusOnly} and (select n from c) >= ${nearestCap} and ${nearestCap <= COUNT_CAP}
          order by ${LOCATION} <-> ${knn} limit ${nearestCap})
        union all
        (select ${columns} from organizations o where ${whereSql} and not ((select n from c) >= ${nearestCap} and ${nearestCap <= COUNT_CAP}))
      ) k order by k.miles asc, k.name asc, k.id asc limit ${input.limit} offset ${input.offset}) p on true`);
  const rows = rowsOf(result) as Record<string, unknown>[];
  return { rows: rows.filter((r) => r.id !== null && r.id !== undefined), n: Number(rows[0]?.n ?? 0) };
}

/** Every organization in scope, by name, for no text and no place. */
async function alphabeticalPage(db: Executor, input: NonprofitSearchInput, whereSql: SQL): Promise<Found> {
  const result = await db.execute(sql`select c.n, p.* from
    (select count(*)::int as n from (select 1 from organizations o where ${whereSql} limit ${COUNT_CAP + 1}) m) c
    left join lateral (select o.id, o.name, o.legal_name, o.ein, o.city, o.state, o.zipcode, o.category, o.logo_url, o.claimed, o.claim_pending_since, null::float8 as distance_miles
      from organizations o where ${whereSql} order by o.name asc, o.id asc limit ${input.limit} offset ${input.offset}) p on true`);
  const rows = rowsOf(result) as Record<string, unknown>[];
  return { rows: rows.filter((r) => r.id !== null && r.id !== undefined), n: Number(rows[0]?.n ?? 0) };
}

/** The text stages (see searchNonprofits): the relevance stage, then typos, every word but one, and any word. */
async function textSearch(run: SearchRun): Promise<Found> {
  const { db, q, terms, center, nearest, want, cap } = run;
  // Full-text matches ask for the filters' area too (Scope.area), and so does the name-prefix
  // scan when there is one (its btree conditions would each be a bitmap of their own).
  const whereSql = run.scope.textWhereSql;
  // Nearness to the place typed, as computed once per candidate by candidatePage (set below).
  let placeNearness: SQL | null = null;
  const page = (candidates: SQL, order: SQL, prominent?: SQL, shared?: SQL, tops?: SQL[]) => candidatePage(run, candidates, order, prominent, shared, tops, placeNearness);
  const stagePage = (candidates: SQL, s: Stage) => candidatePage(run, candidates, s.order, undefined, undefined, undefined, placeNearness, s.cut);
  let found: Found;
  const like = `${escapeLikeText(q)}%`;
  const head = sql`(lower(o.name) = ${q}) desc, (lower(o.name) like ${like}) desc`;
  const matches = (match: SQL, limit = cap) => sql`select ${HIT_COLUMNS} from organizations o where ${whereSql} and ${match} limit ${limit}`;
  // Name similarity only orders the typo stages. Otherwise shorter names (closer to the
  // words typed) come first.
  // In the typo stage, name similarity to the text as typed comes before the full-text rank.
  const stage = (text: string | SQL, options: { extra?: SQL; similarity?: "first" | "after rank"; near?: SQL } = {}): Stage => {
    const query = sql`to_tsquery('english', ${text})`;
    // Among similar names, the prominent organization first, and the nearer one
    // when a place was typed (options.near: a term added to the similarity).
    const similar = sql`(word_similarity(${q}, lower(o.name)) + ${SCORE_WEIGHTS.prominence}::float8 * coalesce(o.search_prominence, 0)${options.near ?? sql``}) desc,`;
    const rank = sql`ts_rank(o.search_document, ${query}) desc,`;
    return {
      match: sql`o.search_document @@ ${query}`,
      query,
      // Ranked first, then by similarity: the keys before the similarity.
      cut:
        options.similarity === "after rank"
          ? sql`lower(o.name) = ${q}, lower(o.name) like ${like}, ${options.extra ? sql`${options.extra}, ` : sql``}ts_rank(o.search_document, ${query})`
          : undefined,
      // Ordered by similarity first (the typo stage), an exact name is just the most similar
      // one: a far more prominent organization matching the corrected spelling comes first.
      order: sql`${options.similarity === "first" ? sql`` : sql`${head},`} ${options.extra ? sql`${options.extra} desc,` : sql``}
        ${options.similarity === "first" ? sql`${similar} ${rank}` : options.similarity ? sql`${rank} ${similar}` : rank}
        ${nearest} length(o.name) asc, o.name asc, o.id asc`,
    };
  };
  const last = terms[terms.length - 1]!;
  // Stage 1: every word (a synonym, an IRS abbreviation, a joined or split compound
  // counts), place words typed (a ZIP, a state, a city at the end) ranking by nearness instead
  // of having to be in the document, ordered by the relevance score (lib/search/relevance.ts).
  const place = center ? null : await placeOf(db, terms);
  const textTerms = place ? place.rest : terms;
  // The place's words and the others are read as text apart: no compound spans them.
  const lexicon = await lookupLexicon(db, terms, place ? [textTerms, place.words] : [terms]);
  const prefixLast = textTerms[textTerms.length - 1] === last;
  const wholeText = relevanceQueryText(textTerms, lexicon, false) || tsQueryText(terms, "&", "none");
  const prefixText = relevanceQueryText(textTerms, lexicon, prefixLast) || tsQueryText(terms, "&", "last");
  // The last word matches as a prefix (it may be half typed), unless it is one of the most
  // common words of the directory (the planner's statistics): a prefix of a common word
  // ("inc", "church") expands to many index entries, and the whole word is what was meant.
  // Decided here, so the text query is a plain parameter: the planner then reads from its
  // statistics how common each word is ("church" is in 28,000 documents) and plans by that,
  // which it could not through a CASE in the statement ("church concord": 80 ms with it, 17 without).
  // Broad text (a speed path): every word typed is a common word and no place was typed
  // ("education", "community foundation"). Its most prominent matches are then read down the
  // prominence index, a few hundred rows, instead of sorting thousands of full-text matches.
  const common = lexicon.commonTerms;
  const wholeLast = wholeText === prefixText || common.has(last);
  // With a state, cause or radius filter the GIN index narrows the matches to the area first
  // (Scope.area), so they are few enough to read once; walking the prominence index would test
  // tens of thousands of organizations elsewhere ("church" within 25 miles: 38,000 rows).
  const broad = !place && !run.scope.hasArea && textTerms.length > 0 && textTerms.every((t) => common.has(t));
  const firstQuery = sql`to_tsquery('english', ${wholeLast ? wholeText : prefixText})`;
  // With a place typed, the words match near it (the cells of its boxes, lib/search/area.ts,
  // answered with the words by one GIN scan, then the boxes themselves), or the place's own
  // words match too (an organization named after it). Each side carries the words, so each is
  // one index scan. A state's area is the state itself, so nothing else is tested (the btree
  // on state made a second bitmap of 175,000 rows for Connecticut at 1.8M rows).
  const placeWordsQuery = place ? sql`to_tsquery('english', ${relevanceQueryText(place.words, lexicon, false) || "''"})` : null;
  const textMatch = (query: SQL) =>
    place && placeWordsQuery
      ? sql`((o.search_document @@ ${query} and ${placeAreaSql(place)}${place.state ? sql`` : sql` and ${nearPlaceSql(place)}`}) or o.search_document @@ (${query} && ${placeWordsQuery}))`
      : sql`o.search_document @@ ${query}`;
  const w = SCORE_WEIGHTS;
  // Place words rank by nearness, and only a little as text (an organization named after
  // the state or city typed).
  const wholeUnits = relevanceUnitList(textTerms, lexicon, false);
  const prefixUnits = relevanceUnits(textTerms, lexicon, prefixLast);
  const units = wholeUnits.map((whole, i) => ({ whole: whole.text, prefix: prefixUnits[i], cause: isCauseUnit(whole.words) }));
  placeNearness = place ? nearnessSql(place, distanceSql) : null;
  const nearness = placeNearness ? sql`o.place_nearness` : null;
  // A city or ZIP typed is satisfied by being there as much as by naming it; a state named in
  // the name still counts more than being in the state ("university of kentucky").
  const placeText = place ? relevanceUnits(place.words, lexicon, false) : [];
  const leadingState = Boolean(place?.state && place.words[0] === terms[0]);
  const score = sql`(${textScoreSql(units, placeText, place && !place.state && nearness ? nearness : undefined, leadingState ? w.leadingStateText : w.placeText)}
    + ${w.prominence}::float8 * coalesce(o.search_prominence, 0)
    + ${exactNameBonusSql(exactNameKeys(terms), q)}
    + ${w.namePrefix}::float8 * ${namePrefixSql(terms)}::int
    ${nearness ? sql`+ ${w.place}::float8 * ${nearness}` : sql``})`;
  // Names starting with the text as typed (the btree index on lower(name)), with the full-text matches.
  // For broad text the prominence index is read in order until enough rows match. Otherwise
  // one scan of the full-text index, capped (the planner would walk the prominence index and
  // test every row for a rare text), gives both the first `cap` matches and the most
  // prominent among its PROMINENT_SCAN_CAP (a second scan cost 50 ms for "church springfield"
  // at 1.8M rows).
  const nameStarts = sql`(select ${HIT_COLUMNS} from organizations o where ${run.scope.hasArea ? whereSql : run.scope.whereSql} and lower(o.name) like ${like} limit ${Math.max(NAME_PREFIX_CAP, want)})`;
  const wholeWords = sql`(select ${HIT_COLUMNS} from organizations o where ${whereSql} and ${textMatch(sql`to_tsquery('english', ${wholeText})`)}
        limit ${WHOLE_WORD_CAP})`;
  const order = sql`${score} desc, ${nearest} length(o.name) asc, o.name asc, o.id asc`;
  // True when none of the first n prominence tiers' reads (top0...) found PROMINENT_CAP matches.
  const tooFew = (n: number) => sql.join([sql`true`, ...Array.from({ length: n }, (_, i) => sql.raw(`(select count(*) from top${i}) < ${PROMINENT_CAP}`))], sql` and `);
  const firstPage = broad
    ? // Broad text has every word common, so its last word is whole: the capped matches (names
      // not starting with the text, which nameStarts holds) serve as the whole-word ones too,
      // read once as m (each bitmap of a common word's index entries costs 25 ms at 1.8M rows:
      // "religion" is in 125,000 documents).
      await page(
        sql`${nameStarts} union all (select * from m where lower(m.name) not like ${like} limit ${Math.max(BROAD_RANK_CAP, want)})`,
        order,
        // The most prominent matches: those of the first prominence tier (PROMINENT_TIERS, one
        // GIN scan with the words) that has PROMINENT_CAP of them, down the whole prominence
        // order when none has. Each later read is gated on the earlier ones having too few (a
        // condition the planner checks once, before reading anything).
        sql.join(
          [...PROMINENT_TIERS.map((_, i) => sql.raw(`(select * from top${i})`)), sql`(select ${HIT_COLUMNS} from organizations o where ${tooFew(PROMINENT_TIERS.length)}
            and ${whereSql} and o.search_document @@ ${firstQuery} order by o.search_prominence desc nulls last limit ${PROMINENT_CAP})`],
          sql` union all `,
        ),
        // The cap and as many as nameStarts may hold are read, then the names not starting with
        // the text kept: when nearly all of them do ("american legion": 23,600 of 24,400 at 1.8M
        // rows), filtering them first read every match (12,000 table pages, 100-270 ms).
        matches(sql`o.search_document @@ ${firstQuery}`, cap + Math.max(NAME_PREFIX_CAP, want)),
        PROMINENT_TIERS.map(
          (tier, i) => sql`select ${HIT_COLUMNS} from organizations o where ${tooFew(i)} and ${whereSql} and o.search_document @@ ${firstQuery}
            and o.search_area @@ ${tier.lexeme}::tsquery order by o.search_prominence desc nulls last limit ${PROMINENT_CAP}`,
        ),
      )
    : await page(
        sql`${nameStarts} union all (select * from m where lower(m.name) not like ${like} limit ${cap})`,
        order,
        // With the last word whole, the first stage's query is the words as typed: their
        // matches are m's, read once.
        sql`(select * from m order by m.search_prominence desc nulls last limit ${PROMINENT_CAP}) union all ${wholeLast ? sql`(select * from m limit ${WHOLE_WORD_CAP})` : wholeWords}`,
        sql`select ${HIT_COLUMNS} from organizations o where ${whereSql} and ${textMatch(firstQuery)} limit ${Math.max(PROMINENT_SCAN_CAP, cap)}`,
      );
  found = firstPage;
  if (found.n < FEW_MATCHES) {
    // Few or no matches: a rare word may be a typo that a few names share ("univeristy"),
    // so the spelling corrections are tried too (a common word of the directory needs none).
    const fixes = await corrections(db, terms.filter((t) => !common.has(t)));
    // With a place typed, the later stages first look at the place (near it, or naming it)
    // for the other words, ranking nearer organizations first among equals: "homeless shelter
    // cheyenne" must not open with shelters in other states. Only when nothing there matches
    // do they look everywhere for every word typed.
    const placeWords = textTerms.filter((t) => !isStopWord(t));
    const scopes: { words: string[]; inPlace: boolean; near: SQL | null }[] = [
      ...(place && nearness && placeWords.length ? [{ words: placeWords, inPlace: true, near: nearness }] : []),
      { words: terms, inPlace: false, near: null },
    ];
    for (const { words, inPlace, near } of scopes) {
      const within = (stage: Stage) => matches(inPlace ? textMatch(stage.query) : stage.match);
      const nearer = near ? sql` + ${SCORE_WEIGHTS.place}::float8 * ${near}` : sql``;
      if (fixes.size) {
        const typo = stage(correctedQueryText(words, fixes, "&", common), { similarity: "first", near: nearer });
        const corrected = await page(within(typo), typo.order);
        // The corrections win when the first stage found nothing, or when their best hit is
        // closer to the text typed, prominence counting as in the typo stage's order
        // ("univeristy" in one name's secondary line must not hide the University of
        // Delaware; a small organization filed as "YALE UNIVERISTY" must not hide Yale
        // University; "americares" is a real, large organization's name and stays).
        const closeness = (f: Found) => {
          const top = f.rows[0] as { similarity?: number; prominence?: number } | undefined;
          return Number(top?.similarity ?? 0) + SCORE_WEIGHTS.prominence * Number(top?.prominence ?? 0);
        };
        if (found.n === 0 || (corrected.n > 0 && closeness(corrected) > closeness(found))) found = corrected;
      }
      // How many of the typed words (or their corrections) the organization matches, a word
      // as typed counting a quarter more than a correction ("make" is not "lake"), and how
      // near it is to the place typed.
      const typed = new Map<string, string[]>();
      const matched = sql`(${sql.join(
        words.map((t, i) => {
          const prefix = asPrefix(words, i, common);
          const asTyped = sql`${TYPED_WORD_BONUS}::float8 * (o.search_document @@ to_tsquery('english', ${termQueryText(t, typed, prefix)}))::int`;
          return sql`(o.search_document @@ to_tsquery('english', ${termQueryText(t, fixes, prefix)}))::int${fixes.has(t) ? sql` + ${asTyped}` : sql``}`;
        }),
        sql` + `,
      )}${nearer})`;
      if (found.n === 0 && words.length > 2) {
        const most = stage(allButOneQueryText(words, fixes, common), { extra: matched, similarity: "after rank" });
        found = await stagePage(within(most), most);
      }
      if (found.n === 0 && words.length > 1) {
        const any = stage(correctedQueryText(words, fixes, "|", common), { extra: matched, similarity: "after rank" });
        found = await stagePage(within(any), any);
      }
      if (found.n > 0) break;
    }
  }
  return found;
}

/** A result row as the API's hit: display name and city, the legal name kept, EIN formatted. */
function toHit(r: unknown): NonprofitSearchResult["results"][number] {
  const row = r as Record<string, unknown>;
  const ein = (row.ein as string | null) ?? null;
  return {
    _id: String(row.id),
    name: displayOrganizationName(String(row.name), (row.legal_name as string | null) ?? null),
    legalName: (row.legal_name as string | null) ?? null,
    ein,
    einFormatted: formatEin(ein),
    city: displayCity(row.city as string | null, row.zipcode as string | null),
    state: (row.state as string | null) ?? null,
    zipcode: (row.zipcode as string | null) ?? null,
    category: (row.category as string | null) ?? null,
    logo: (row.logo_url as string | null) ?? null,
    claimed: Boolean(row.claimed),
    verified: Boolean(row.claimed) && (row.claim_pending_since === null || row.claim_pending_since === undefined),
    distanceMiles: row.distance_miles === null || row.distance_miles === undefined ? null : Number(row.distance_miles),
  };
}

/**
 * Search the directory.
 * Text is matched in stages, each used only when the one before finds nothing: (1) the name
 * starts with the text, or every word matches, words as prefixes; (2) every word, each word or
 * a spelling correction (typos); (3) every word but one (e.g. "food bank burlington" finds
 * Burlington's food organizations by category and city words); (4) any word, ranked by how
 * many words match. With a place typed (a city, ZIP or state in the text), stages 2-4 first
 * keep to the place, ranking nearer organizations first among equals, and look everywhere only
 * when nothing there matches. Most searches take one round trip.
 * Each stage ranks a capped candidate set (COUNT_CAP + 1 full-text matches, or more for a
 * deep page, plus up to NAME_PREFIX_CAP names starting with the text), so a broad word such as
 * "education" costs the same as a rare one; beyond COUNT_CAP matches, which matches are
 * ranked is up to the index.
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
  const q = normalizeSearchText(input.query);
  const terms = searchTerms(q);
  const center = searchCenter(input.filters ?? {});
  const scope = searchScope(input.filters ?? {}, center);
  const nearest = scope.distance ? sql`${scope.distance} asc,` : sql``;
  const want = input.offset + input.limit;
  const cap = Math.max(COUNT_CAP + 1, want);

  const found = terms.length
    ? await textSearch({ db, input, q, terms, center, scope, nearest, want, cap })
    : center
      ? await nearestPage(db, input, center, scope, want)
      : await alphabeticalPage(db, input, scope.whereSql);
  return { total: Math.min(found.n, COUNT_CAP), totalCapped: found.n > COUNT_CAP, results: found.rows.map(toHit) };
}

/**
 * Search organizations by name (kept for callers of the first version).
 * @param input.query free text (empty = all, alphabetical); limit 1-100; offset >= 0.
 */
export async function searchNonprofitsByName(input: { query: string; limit: number; offset: number }): Promise<NonprofitSearchResult> {
  return searchNonprofits(input);
}
