/**
 * Relevance parts of directory search: full-text query text with synonyms and IRS
 * abbreviations (lib/search/synonyms.ts) and compound words ("food bank" = "foodbank",
 * checked against the dictionary of indexed words, migration 0004_search_words), place words
 * (lib/search/places.ts), and the score that orders the candidates: text rank (name words
 * weigh most, the NTEE meaning least), prominence from the IRS financial columns, nearness to
 * a place typed, and the name starting with the text typed.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { isStopWord, LONGEST_PHRASE, phraseSynonymsOf, stateCodeOf, synonymsOf } from "./synonyms";
import { detectPlace, type DetectedPlace } from "./places";
import { indexedWord } from "./text";
import { forgetKeptWords, keptWords } from "./word-cache";
import { areaQueryText, areaState, boxCells, type AreaBox } from "./area";
import { NTEE_DESCRIPTIONS } from "@/lib/directory/ntee-descriptions";

/** Weights of the score (tuned on the tuning part of scripts/relevance/judgments.tsv). */
export const SCORE_WEIGHTS = {
  /** A word found in the NTEE meaning only, against 1 in the name (textScoreSql). */
  meaning: 0.9,
  /**
   * A cause word ("hospital", "homeless shelter": words of the NTEE meanings) found in the name
   * of an organization whose NTEE code does not mean it ("Childrens Hospital Anesthesia
   * Corporation", "Omaha Shelter for Homeless Trust"): it is named after the cause, not one of
   * its kind; against 1 when the name and the meaning both have it.
   */
  causeNameOnly: 0.9,
  /** A word found in the category or city only. */
  otherField: 0.3,
  /** The last word found only as the beginning of a longer word. */
  prefixOnly: 0.8,
  /** Weight of a place word as text (a state or city named in the organization's name). */
  placeText: 0.5,
  /**
   * The same for a state typed first ("north dakota medical association", "montana 4h
   * foundation"): a name that begins with its state is filed so, the state is a word of it.
   */
  leadingStateText: 1,
  prominence: 0.6,
  /** Nearness to the place typed: full bonus at the center, none at PLACE_RADIUS_MILES. */
  place: 0.4,
  namePrefix: 0.03,
  exactName: 0.6,
  /**
   * The name key typed (exactNameBonusSql) of an organization the EO BMF gives no amounts: a
   * stand-in for its unknown size, times the key's distinctiveness.
   */
  exactKeyUnknownSize: 0.3,
} as const;

/** Organizations farther than this from a typed city or ZIP get no nearness bonus. */
export const PLACE_RADIUS_MILES = 30;


const WORD = /^[\p{L}\p{N}]+$/u;
/** Most typed words one compound unit spans ("north west arkansas" is three). */
const MAX_COMPOUND_RUN = 4;

/**
 * Words of the NTEE meanings that name an organization's form or are common in names of
 * every kind, not a cause: "foundation", "center", "united"...
 */
const NOT_CAUSE_WORDS = new Set([
  "foundation", "fund", "trust", "center", "club", "association", "society", "company", "services", "service",
  "community", "house", "home", "united", "way", "big", "brothers", "sisters", "young", "public", "private",
  "national", "international", "american", "america", "group", "program", "support", "development", "s", "h", "k", "12", "4",
]);

let causeVocabulary: ReadonlySet<string> | undefined;

/**
 * A unit of cause words: every typed word is one of the everyday words of an NTEE meaning
 * (lib/directory/ntee-descriptions.ts: "hospital", "animal shelter", "soccer"), none a form word.
 */
export function isCauseUnit(words: readonly string[]): boolean {
  causeVocabulary ??= new Set(
    Object.values(NTEE_DESCRIPTIONS)
      .flatMap((d) => d.words.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
      .filter((x) => !NOT_CAUSE_WORDS.has(x) && !isStopWord(x)),
  );
  return words.length > 0 && words.every((x) => causeVocabulary!.has(x));
}

/** to_tsquery text of one word with its synonyms: (fdn | foundation | fdtn ...). */
function wordAlternatives(word: string, prefix: boolean): string {
  const own = prefix && word.length >= 3 ? `${indexedWord(word)}:*` : indexedWord(word);
  const others = synonymsOf(word).map((form) =>
    form.length === 1
      ? indexedWord(form[0]!)
      : `(${form.map((w) => (synonymsOf(w).some((f) => f.length === 1) ? `(${[w, ...synonymsOf(w).filter((f) => f.length === 1).map((f) => f[0]!)].map(indexedWord).join(" | ")})` : indexedWord(w))).join(" & ")})`,
  );
  const code = stateCodeOf(word);
  if (code) others.push(code);
  // A number and a letter typed together ("4h") are filed with a hyphen ("4-H"), which the
  // parser indexes as two words: the same two words in a row.
  const mixed = /^(\d+)(\p{L}+)$/u.exec(word) ?? /^(\p{L}+)(\d+)$/u.exec(word);
  if (mixed && !isStopWord(mixed[1]!) && !isStopWord(mixed[2]!)) others.push(`(${mixed[1]} <-> ${mixed[2]})`);
  return others.length ? `(${[own, ...others].join(" | ")})` : own;
}

/**
 * Dictionary facts about the typed words: which joined or split forms are indexed words, and
 * which are among the directory's most common words (the planner's statistics of the search
 * documents): a long word is split only into two indexed words of which one at least is
 * common ("foodshelf" -> food + shelf, "foodshare" -> food + share, not "americares" -> amer +
 * icares).
 */
export type Lexicon = {
  known: ReadonlySet<string>;
  common: ReadonlySet<string>;
  /** The typed words (as typed) whose stem is one of the directory's most common words. */
  commonTerms: ReadonlySet<string>;
};

/**
 * Joined forms of adjacent words ("food bank" -> "foodbank", "green house 17" ->
 * "greenhouse17") and two-part splits of long words ("foodshelf" -> "food" + "shelf", parts of 4+ letters) that may
 * be indexed words.
 */
export function compoundCandidates(terms: string[]): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < terms.length; i++) {
    out.add(terms[i]! + terms[i + 1]!);
    if (i + 2 < terms.length) out.add(terms[i]! + terms[i + 1]! + terms[i + 2]!);
  }
  for (const t of terms) {
    if (t.length < 8 || !/^\p{L}+$/u.test(t)) continue;
    for (let k = 4; k <= t.length - 4; k++) out.add(t.slice(0, k)).add(t.slice(k));
  }
  return [...out].filter((w) => w.length >= 3 && w.length <= 40);
}

/**
 * The directory's most common stems, per database handle, cached for a few minutes: the set,
 * and the same stems with their frequencies for the spelling corrections of lib/search/nonprofits.ts.
 */
const commonStemsCache = new WeakMap<object, { at: number; stems: ReadonlySet<string>; frequencies: ReadonlyMap<string, number> }>();
const COMMON_STEMS_TTL_MS = 5 * 60_000;

/**
 * The most common stems of the search documents: pg_stats.most_common_elems of
 * organizations.search_document (at most 1,000 lexemes, gathered by ANALYZE). Read once per
 * database handle and kept COMMON_STEMS_TTL_MS (5 minutes): the view is costly to read (a
 * few milliseconds on the embedded database, on every search before), and the statistics
 * change only when the table is analyzed (after an import, which calls forgetCommonStems).
 * @returns an empty set when the table has no statistics yet.
 */
export async function commonStems(db: Executor): Promise<ReadonlySet<string>> {
  return (await commonStemsEntry(db)).stems;
}

/**
 * The most common stems (commonStems) with their frequencies (pg_stats
 * most_common_elem_freqs: the share of documents holding the stem, a float4), from the same
 * cache. Reading them from pg_stats took about 5 ms of every spelling-correction statement
 * (the text form of the 1,000 elements parsed again).
 */
export async function commonStemFrequencies(db: Executor): Promise<ReadonlyMap<string, number>> {
  return (await commonStemsEntry(db)).frequencies;
}

async function commonStemsEntry(db: Executor): Promise<{ at: number; stems: ReadonlySet<string>; frequencies: ReadonlyMap<string, number> }> {
  const cached = commonStemsCache.get(db);
  if (cached && Date.now() - cached.at < COMMON_STEMS_TTL_MS) return cached;
  // most_common_elem_freqs has three more numbers than there are elements (the least and
  // greatest frequency, and that of nulls): unnest pads the elements with nulls, left out.
  const result = await db.execute(sql`select e.stem, e.freq from pg_stats s
    cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(stem, freq)
    where s.schemaname = current_schema() and s.tablename = 'organizations' and s.attname = 'search_document' and e.stem is not null`);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { stem: string; freq: number }[];
  const entry = {
    at: Date.now(),
    stems: new Set(rows.map((r) => r.stem)),
    frequencies: new Map(rows.map((r) => [r.stem, Number(r.freq)])),
  };
  commonStemsCache.set(db, entry);
  return entry;
}

/**
 * Forget the cached common stems of a database handle and what is kept of its words
 * (lib/search/word-cache.ts), after an import and its ANALYZE.
 */
export function forgetCommonStems(db: Executor): void {
  commonStemsCache.delete(db);
  forgetKeptWords(db);
}

/**
 * What the dictionary says of one word: its English stem (the word itself when it has none),
 * whether an indexed word has that stem, and how many organizations' documents hold it,
 * counted up to WORD_USES_CAP for a word typed (0 when unknown, or when it was looked up only as
 * part of a compound).
 */
export type WordFacts = { stem: string; known: boolean; uses: number };

/** Uses of a word are counted up to this number (a few index entries and table rows). */
export const WORD_USES_CAP = 20;

/**
 * The dictionary facts of the words (by English stem; stop words such as "will" have no stem
 * and are never known: the full-text query would drop them), from the words' cache, and for
 * the others one round trip on the primary key of search_words (none when all are kept), kept
 * for the next searches (lib/search/word-cache.ts). The uses of the `typed` words among them
 * are counted too (WordFacts.uses).
 */
async function wordFacts(db: Executor, words: string[], typed: ReadonlySet<string>): Promise<Map<string, WordFacts>> {
  const kept = keptWords<WordFacts>(db, "facts");
  const out = new Map<string, WordFacts>();
  const missing: string[] = [];
  for (const w of words) {
    const facts = kept.get(w);
    if (facts) out.set(w, facts);
    else missing.push(w);
  }
  if (!missing.length) return out;
  // Each word is looked up by the primary key (a lateral probe with LIMIT 1): as an EXISTS in
  // the select list the planner, guessing 100 words, hashed the whole dictionary instead (a
  // sequential scan of search_words on every search, 10-40 ms on the embedded database).
  const result = await db.execute(sql`select c.v, coalesce(x.lexeme, c.v) as stem, k.hit is not null as known,
        case when k.hit and c.v in (select json_array_elements_text(${JSON.stringify([...typed])}::json)) then (select count(*)::int from (select 1 from organizations o where o.search_document @@ to_tsquery('english', c.v) limit ${WORD_USES_CAP}) u) else 0 end as uses
      from json_array_elements_text(${JSON.stringify(missing)}::json) as c(v)
      cross join lateral (select (ts_lexize('english_stem', c.v))[1] as lexeme) x
      left join lateral (select true as hit from search_words w where w.word = x.lexeme limit 1) k on true`);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { v: string; stem: string; known: boolean; uses: number }[];
  for (const r of rows) {
    const facts = { stem: r.stem, known: Boolean(r.known), uses: Number(r.uses ?? 0) };
    kept.set(r.v, facts);
    out.set(r.v, facts);
  }
  return out;
}

/**
 * The words relevanceUnitList may ask a lexicon about for these typed words: two or three
 * consecutive words joined (stop words left out, as it does) and the two parts of a long word.
 */
function lexiconProbes(terms: string[]): Set<string> {
  const words = terms.filter((t) => WORD.test(t) && !isStopWord(t));
  const out = new Set<string>();
  for (let k = 0; k < words.length; k++) {
    for (const n of [2, 3]) if (k + n <= words.length) out.add(words.slice(k, k + n).join(""));
    const w = words[k]!;
    if (w.length >= 8 && /^\p{L}+$/u.test(w)) for (let i = 4; i <= w.length - 4; i++) out.add(w.slice(0, i)).add(w.slice(i));
  }
  return out;
}

/**
 * Which of the candidate words (compoundCandidates of the typed words) are in the dictionary
 * of indexed words (by English stem; stop words such as "will" never count: the full-text query
 * would drop them), which of those and of the typed words are among the directory's most
 * common words (commonStems).
 * @param groups the runs of typed words that are read as text apart (the words besides a place
 *   typed, and the place's own words: lib/search/places.ts); a candidate spanning two of them is
 *   never asked about, so it is not looked up. Default: all the words, one run.
 * Words' facts are kept per database handle (wordFacts): a search whose words were all seen
 * lately makes no round trip here; else one, on the primary key of search_words.
 */
export async function lookupLexicon(db: Executor, terms: string[], groups: string[][] = [terms]): Promise<Lexicon> {
  const probes = new Set(groups.flatMap((g) => [...lexiconProbes(g)]));
  const candidates = compoundCandidates(terms).filter((c) => probes.has(c));
  const words = [...new Set([...terms, ...candidates])];
  if (!words.length) return { known: new Set(), common: new Set(), commonTerms: new Set() };
  const [mce, facts] = await Promise.all([commonStems(db), wordFacts(db, words, new Set(terms))]);
  const known = candidates.filter((c) => facts.get(c)?.known);
  return {
    known: new Set(known),
    common: new Set(known.filter((c) => mce.has(facts.get(c)!.stem))),
    commonTerms: new Set(terms.filter((t) => facts.has(t) && mce.has(facts.get(t)!.stem))),
  };
}

/**
 * The units of a query: each word (stop words aside) as to_tsquery text with its synonyms,
 * adjacent words also as one joined word and a long word also as its two parts when the
 * dictionary knows them: "food bank arkansas" -> ["((food & bank) | foodbank)", "arkansas"].
 * @param prefixLast the last word also matches as a prefix (it may be half typed).
 */
export function relevanceUnits(terms: string[], lexicon: Lexicon, prefixLast: boolean): string[] {
  return relevanceUnitList(terms, lexicon, prefixLast).map((u) => u.text);
}

/** A unit of a query (relevanceUnits): its to_tsquery text and the typed words it stands for. */
export type RelevanceUnit = { text: string; words: string[] };

/** The units of a query with the typed words of each (relevanceUnits). */
export function relevanceUnitList(terms: string[], lexicon: Lexicon, prefixLast: boolean): RelevanceUnit[] {
  const words = terms.filter((t) => WORD.test(t) && !isStopWord(t));
  const units: RelevanceUnit[] = [];
  const isLast = (i: number) => prefixLast && i === words.length - 1;
  const split = (w: string): string | null => {
    if (w.length < 8 || !/^\p{L}+$/u.test(w)) return null;
    for (let k = 4; k <= w.length - 4; k++) {
      const [a, b] = [w.slice(0, k), w.slice(k)];
      if ((lexicon.common.has(a) && lexicon.known.has(b)) || (lexicon.known.has(a) && lexicon.common.has(b))) return `(${a} & ${b})`;
    }
    return null;
  };
  /** The longest phrase starting at word i that a one-word form stands for ("young mens christian association" = "ymca"). */
  const phraseAt = (i: number): { length: number; forms: string[] } | null => {
    for (let k = Math.min(LONGEST_PHRASE, words.length - i); k >= 2; k--) {
      const forms = phraseSynonymsOf(words.slice(i, i + k));
      if (forms.length) return { length: k, forms };
    }
    return null;
  };
  /** Adjacent words that may be one indexed word: two letters-only words, or three of any kind ("green house 17"). */
  const joins = (k: number, n: number): boolean => {
    if (k + n > words.length) return false;
    const joined = words.slice(k, k + n).join("");
    return (n === 3 || !/\d/.test(joined)) && lexicon.known.has(joined);
  };
  /**
   * Every way to read words [k, end) as single words and indexed joined words, as to_tsquery
   * text: "medical center foundation" -> medical & center & foundation | medicalcenter &
   * foundation | medical & centerfoundation (a name may join either pair).
   */
  const readings = (k: number, end: number): string[] => {
    if (k === end) return [""];
    const out: string[] = [];
    for (const n of [1, 2, 3]) {
      if (k + n > end || (n > 1 && !joins(k, n))) continue;
      const piece = n === 1 ? wordAlternatives(words[k]!, isLast(k)) : `${words.slice(k, k + n).join("")}${isLast(k + n - 1) ? ":*" : ""}`;
      for (const rest of readings(k + n, end)) out.push(rest ? `${piece} & ${rest}` : piece);
    }
    return out;
  };
  for (let i = 0; i < words.length; i++) {
    const phrase = phraseAt(i);
    if (phrase) {
      const inFull = words.slice(i, i + phrase.length).map((w, j) => wordAlternatives(w, isLast(i + j)));
      units.push({ text: `((${inFull.join(" & ")}) | ${phrase.forms.join(" | ")})`, words: words.slice(i, i + phrase.length) });
      i += phrase.length - 1;
      continue;
    }
    // The run of words that joined forms link ("north west arkansas": northwest, and
    // northwestarkansas), at most MAX_COMPOUND_RUN words, is one unit read every possible way.
    let end = i + 1;
    for (let grew = true; grew && end - i < MAX_COMPOUND_RUN; ) {
      grew = false;
      for (let k = i; k < end && !grew; k++) {
        for (const n of [3, 2]) {
          if (k + n > end && k + n - i <= MAX_COMPOUND_RUN && joins(k, n)) {
            end = k + n;
            grew = true;
            break;
          }
        }
      }
    }
    if (end - i > 1) {
      units.push({ text: `(${readings(i, end).map((r) => `(${r})`).join(" | ")})`, words: words.slice(i, end) });
      i = end - 1;
      continue;
    }
    const a = words[i]!;
    const parts = split(a);
    const own = wordAlternatives(a, isLast(i));
    units.push({ text: parts ? `(${own} | ${parts})` : own, words: [a] });
  }
  return units;
}

/**
 * to_tsquery text of the units (relevanceUnits) joined by `op`: "&" every unit must match,
 * "|" any. "" when only stop words remain.
 */
export function relevanceQueryText(terms: string[], lexicon: Lexicon, prefixLast: boolean, op: "&" | "|" = "&"): string {
  return relevanceUnits(terms, lexicon, prefixLast).join(` ${op} `);
}

/** The unit's text with every word restricted to the given weights: "food:*" -> "food:*AB". */
export function restrictWeights(unit: string, weights: string): string {
  return unit.replace(/([\p{L}\p{N}]+)(:\*)?/gu, (_, word: string, star?: string) => `${word}${star ?? ":"}${weights}`);
}

/**
 * SQL 0..1 text score of the organization `o`: the weighted mean over the units of 1 when the
 * unit is in its name or secondary name (weights A, B), SCORE_WEIGHTS.meaning when only in the
 * NTEE meaning (D), SCORE_WEIGHTS.otherField in its category or city (C), else 0. A unit that
 * matches only as a prefix of a longer word (the last word, maybe half typed) counts
 * SCORE_WEIGHTS.prefixOnly of that. Place units weigh `placeWeight` each (nearness
 * counts apart).
 */
export function textScoreSql(units: { whole: string; prefix?: string; cause?: boolean }[], placeUnits: string[] = [], placeNearness?: SQL, placeWeight: number = SCORE_WEIGHTS.placeText): SQL {
  const w = SCORE_WEIGHTS;
  // meaning = false for place words: weight D holds the state's code and the NTEE meaning, and
  // being in the state typed is the place's nearness, not a word of the organization.
  const one = (u: string, cause = false, meaning = true) =>
    sql`(case when o.search_document @@ to_tsquery('english', ${restrictWeights(u, "AB")}) then ${
      cause ? sql`case when o.search_document @@ to_tsquery('english', ${restrictWeights(u, "D")}) then 1 else ${w.causeNameOnly}::float8 end` : sql`1`
    }
      ${meaning ? sql`when o.search_document @@ to_tsquery('english', ${restrictWeights(u, "D")}) then ${w.meaning}::float8` : sql``}
      when o.search_document @@ to_tsquery('english', ${meaning ? u : restrictWeights(u, "ABC")}) then ${w.otherField}::float8 else 0 end)`;
  const parts: SQL[] = units.map((u) =>
    u.prefix && u.prefix !== u.whole ? sql`greatest(${one(u.whole, u.cause)}, ${w.prefixOnly}::float8 * ${one(u.prefix, u.cause)})` : one(u.whole, u.cause),
  );
  // A place word is satisfied by being at the place as much as by naming it.
  for (const u of placeUnits) parts.push(sql`${placeWeight}::float8 * ${placeNearness ? sql`greatest(${one(u, false, false)}, ${placeNearness})` : one(u, false, false)}`);
  const total = units.length + placeWeight * placeUnits.length;
  if (!parts.length || total <= 0) return sql`0`;
  return sql`((${sql.join(parts, sql` + `)}) / ${total}::float8)`;
}

/** The states the directory holds, cached for a few minutes (cities elsewhere are no places). */
let statesCache: { at: number; states: ReadonlySet<string> } | undefined;
const STATES_TTL_MS = 5 * 60_000;

/** Two-letter states of the organizations: a loose index scan of organizations_state_city_idx. */
export async function statesPresent(db: Executor): Promise<ReadonlySet<string>> {
  if (statesCache && Date.now() - statesCache.at < STATES_TTL_MS) return statesCache.states;
  const result = await db.execute(sql`with recursive s(st) as (
      (select state from organizations where state is not null order by state limit 1)
      union all
      select (select o.state from organizations o where o.state > s.st order by o.state limit 1) from s where s.st is not null)
    select st from s where st is not null`);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { st: string }[];
  statesCache = { at: Date.now(), states: new Set(rows.map((r) => r.st)) };
  return statesCache.states;
}

/** Forget the cached states (tests that load another directory into the same process). */
export function forgetStatesPresent(): void {
  statesCache = undefined;
}

/** The place typed, if any, for these words. */
export async function placeOf(db: Executor, terms: string[]): Promise<DetectedPlace | null> {
  if (terms.length < 2) return null;
  return detectPlace(terms, await statesPresent(db));
}

/**
 * SQL 0..1 nearness of the organization `o` to the place: 1 in the typed state; for a city or
 * ZIP, 1 within the center's core radius (a city is not a point: among its organizations, what
 * they are and how prominent they are decides, not the street), falling linearly to 0 at
 * PLACE_RADIUS_MILES; the best over the centers; 0 without coordinates.
 */
export function nearnessSql(place: DetectedPlace, distance: (lat: number, lng: number) => SQL<number>): SQL {
  if (place.state) return sql`(o.state = ${place.state})::int`;
  const centers = place.centers ?? [];
  if (!centers.length) return sql`0`;
  const one = (c: (typeof centers)[number]) =>
    sql`least(1, (${PLACE_RADIUS_MILES}::float8 - ${distance(c.latitude, c.longitude)}) / ${Math.max(1, PLACE_RADIUS_MILES - c.coreMiles)}::float8)`;
  const best = centers.length === 1 ? one(centers[0]!) : sql`greatest(${sql.join(centers.map(one), sql`, `)})`;
  return sql`coalesce(greatest(0, ${best}), 0)`;
}

/**
 * SQL: the organization `o` is inside the bounding box of PLACE_RADIUS_MILES around a center,
 * written as latitude and longitude ranges (btree organizations_lat_lng_idx), not as
 * `point <@ box` (GiST): the planner estimates a range from the columns' statistics, but
 * assumes any `<@ box` keeps 0.1% of the rows. With that guess it read every organization in
 * a city's boxes and tested each against the text ("animal shelter manchester": 16,000 rows,
 * 150-200 ms); with true estimates it starts from the text index (about 25 ms). Same rows:
 * both forms include the box's edges and leave out organizations without coordinates.
 * The ranges are wrapped in `is true` (same rows: null coordinates fail either way), which
 * keeps the estimate but no index answers it: the text search reads the place's cells with
 * the words from the GIN index (placeAreaSql) and tests the boxes on those rows only, where
 * ANDing a bitmap of the btree for each box cost more than the rows it saved ("church
 * randolph", six same-named cities: 10 of 26 ms at 250,000 organizations).
 */
export function nearPlaceSql(place: DetectedPlace): SQL {
  if (place.state) return sql`o.state = ${place.state}`;
  const boxes = placeBoxes(place).map(
    (b) => sql`((o.latitude between ${b.south}::float8 and ${b.north}::float8 and o.longitude between ${b.west}::float8 and ${b.east}::float8) is true)`,
  );
  return boxes.length ? sql`(${sql.join(boxes, sql` or `)})` : sql`false`;
}

/** The boxes of PLACE_RADIUS_MILES around each center of a city or ZIP typed, in degrees. */
function placeBoxes(place: DetectedPlace): AreaBox[] {
  return (place.centers ?? []).map((c) => {
    const dLat = PLACE_RADIUS_MILES / 69.05;
    const dLng = PLACE_RADIUS_MILES / (69.05 * Math.max(0.01, Math.cos((c.latitude * Math.PI) / 180)));
    return { south: c.latitude - dLat, north: c.latitude + dLat, west: c.longitude - dLng, east: c.longitude + dLng };
  });
}

/**
 * SQL: the search area of `o` (lib/search/area.ts) is in the place typed: its state, or one of
 * the cells covering its boxes (a superset of nearPlaceSql, which the GIN index answers with
 * the words typed, so only the organizations near the place are read); `true` when the boxes
 * need more cells than a query asks for.
 */
export function placeAreaSql(place: DetectedPlace): SQL {
  const text = place.state ? areaQueryText([areaState(place.state)]) : areaQueryText([], boxCells(placeBoxes(place)) ?? []);
  return text ? sql`o.search_area @@ ${text}::tsquery` : sql`true`;
}

/**
 * Words a name key leaves out (nameKeySql): words without meaning and the legal form, so
 * "FOOD BANK OF ALASKA INC" and "foodbank of alaska" have the same key. The column
 * organizations.name_key (migration 0018_search_area) leaves out the same words.
 */
export const NAME_KEY_DROPPED = ["the", "of", "and", "a", "an", "for", "in", "at", "on", "to", "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "llc"];
const NAME_KEY_DROPPED_SET = new Set(NAME_KEY_DROPPED);
/** Most keys a query is compared under (exactNameKeys). */
const MAX_NAME_KEYS = 32;
/** A key this long (letters and digits) is a distinctive name (exactNameBonusSql). */
const DISTINCTIVE_KEY_LENGTH = 14;
/**
 * The share of the exact-name bonus a shorter name gets is its length's share of
 * DISTINCTIVE_KEY_LENGTH to this power: the shorter the name, the more organizations are
 * called so ("sacred heart": a small organization filed as SACRED HEART must not pass Sacred
 * Heart University).
 */
const SHORT_NAME_POWER = 3;

/**
 * SQL name key of the organization `o`: its name in lower case without accents, without the
 * words of NAME_KEY_DROPPED, and without spaces or punctuation ("ST LUKE'S HEALTH SYSTEM,
 * INC" -> "stlukeshealthsystem"): a name typed with its words joined or split, its
 * apostrophes dropped or its legal form left out has the same key.
 */
export function nameKeySql(): SQL {
  // Kept with the row by the database (migration 0018_search_area), as the text search's
  // candidates carry it (HIT_COLUMNS in lib/search/nonprofits.ts).
  return sql`o.name_key`;
}

/**
 * The name keys (nameKeySql) a query stands for: its words without NAME_KEY_DROPPED, each
 * word also as its one-word synonyms and IRS abbreviations ("association" / "assn") and a
 * state name as its code, joined; the key as typed first. At most MAX_NAME_KEYS; [] for no word.
 */
export function exactNameKeys(terms: string[]): string[] {
  const words = nameKeyWords(terms);
  let keys = [""];
  for (const w of words) {
    const forms = [w, ...synonymsOf(w).filter((f) => f.length === 1).map((f) => f[0]!)];
    const code = stateCodeOf(w);
    if (code) forms.push(code);
    keys = keys.flatMap((k) => forms.filter((f) => !NAME_KEY_DROPPED_SET.has(f)).map((f) => k + f)).slice(0, MAX_NAME_KEYS);
  }
  return keys[0] ? keys : [];
}

/** A Postgres text[] literal of keys (letters and digits only), each followed by `suffix`. */
const keyArray = (keys: string[], suffix = "") => `{${keys.map((k) => k + suffix).join(",")}}`;

/**
 * SQL bonus of an organization whose name is the query, 0 without keys:
 * - its name exactly as typed (lower case): SCORE_WEIGHTS.exactName for a distinctive name
 *   (a key of DISTINCTIVE_KEY_LENGTH letters or more) or a prominent organization; a short
 *   name ("st lukes") gets a share by its length (SHORT_NAME_POWER) or its prominence, whichever is more, so a
 *   small namesake filed under the short name alone does not pass the large organization
 *   people mean;
 * - else, when the EO BMF gives the organization no revenue, income or assets at all
 *   (`o.finances_unknown`), its name key equal to one of the query's (words joined or split,
 *   abbreviated, the legal form left out): SCORE_WEIGHTS.exactKeyUnknownSize by the key's
 *   length, a stand-in for the prominence the file does not give ("foodbank of alaska" is
 *   FOOD BANK OF ALASKA INC, filed without amounts). An organization of known size gets
 *   nothing from its key, however long: its size speaks ("UNITED WAY INC" is not the largest
 *   United Way, and ST JUDES RANCH FOR CHILDREN INC with $65 of revenue not the St Jude's
 *   Ranch people mean).
 */
export function exactNameBonusSql(keys: string[], typed: string): SQL {
  if (!keys.length) return sql`0`;
  const distinctive = Math.min(1, keys[0]!.length / DISTINCTIVE_KEY_LENGTH);
  return sql`(case
      when lower(o.name) = ${typed} then ${SCORE_WEIGHTS.exactName}::float8 * greatest(${distinctive ** SHORT_NAME_POWER}::float8, coalesce(o.search_prominence, 0))
      when o.finances_unknown and ${nameKeySql()} = any (${keyArray(keys)}::text[]) then ${SCORE_WEIGHTS.exactKeyUnknownSize * distinctive}::float8
      else 0 end)`;
}

/** The query's meaningful words: what exactNameKeys joins. */
function nameKeyWords(terms: string[]): string[] {
  return terms.filter((t) => WORD.test(t) && !NAME_KEY_DROPPED_SET.has(t));
}

/**
 * SQL: the organization's name starts with the text typed, spaces and punctuation aside
 * ("hartford healthcare" starts HARTFORD HEALTH CARE CORPORATION as well as HARTFORD
 * HEALTHCARE MEDICAL GROUP INC), a word also as one of its one-word synonyms. Unlike the name
 * key, no word is left out ("boys and girls club billings" does not start BOYS AND GIRLS CLUB
 * OF BILLINGS ...). False for no word.
 */
export function namePrefixSql(terms: string[]): SQL {
  const words = terms.filter((t) => WORD.test(t));
  let keys = [""];
  for (const w of words) {
    const forms = [w, ...synonymsOf(w).filter((f) => f.length === 1).map((f) => f[0]!)];
    keys = keys.flatMap((k) => forms.map((f) => k + f)).slice(0, MAX_NAME_KEYS);
  }
  if (!keys[0]) return sql`false`;
  // o.name_compact: the name without accents, spaces or punctuation (migration 0018_search_area).
  return sql`(o.name_compact like any (${keyArray(keys, "%")}::text[]))`;
}
