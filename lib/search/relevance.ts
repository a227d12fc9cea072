/**
 * Relevance parts of directory search (issue 15): full-text query text with synonyms and IRS
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
  prominence: 0.6,
  /** Nearness to the place typed: full bonus at the center, none at PLACE_RADIUS_MILES. */
  place: 0.4,
  namePrefix: 0.03,
  exactName: 0.6,
} as const;

/** Organizations farther than this from a typed city or ZIP get no nearness bonus. */
export const PLACE_RADIUS_MILES = 30;


const WORD = /^[\p{L}\p{N}]+$/u;

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
  return others.length ? `(${[own, ...others].join(" | ")})` : own;
}

/**
 * Dictionary facts about the typed words: which joined or split forms are indexed words, and
 * which are among the directory's most common words (the planner's statistics of the search
 * documents): a long word is split only into two common words ("foodshelf" -> food + shelf,
 * not "americares" -> amer + icares).
 */
export type Lexicon = { known: ReadonlySet<string>; common: ReadonlySet<string> };

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
 * Which of the candidate words are in the dictionary of indexed words (by English stem; stop
 * words such as "will" never count: the full-text query would drop them). One round trip on
 * the primary key of search_words.
 */
export async function lookupLexicon(db: Executor, terms: string[]): Promise<Lexicon> {
  const candidates = compoundCandidates(terms);
  if (!candidates.length) return { known: new Set(), common: new Set() };
  const result = await db.execute(sql`with mce as (select unnest(s.most_common_elems::text::text[]) as word from pg_stats s
        where s.schemaname = current_schema() and s.tablename = 'organizations' and s.attname = 'search_document')
    select c.v, exists (select 1 from mce where mce.word = (ts_lexize('english_stem', c.v))[1]) as common
    from json_array_elements_text(${JSON.stringify(candidates)}::json) as c(v)
    where cardinality(ts_lexize('english_stem', c.v)) > 0
      and exists (select 1 from search_words w where w.word = (ts_lexize('english_stem', c.v))[1])`);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { v: string; common: boolean }[];
  return { known: new Set(rows.map((r) => r.v)), common: new Set(rows.filter((r) => r.common).map((r) => r.v)) };
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
      if (lexicon.common.has(w.slice(0, k)) && lexicon.common.has(w.slice(k))) return `(${w.slice(0, k)} & ${w.slice(k)})`;
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
  for (let i = 0; i < words.length; i++) {
    const phrase = phraseAt(i);
    if (phrase) {
      const inFull = words.slice(i, i + phrase.length).map((w, j) => wordAlternatives(w, isLast(i + j)));
      units.push({ text: `((${inFull.join(" & ")}) | ${phrase.forms.join(" | ")})`, words: words.slice(i, i + phrase.length) });
      i += phrase.length - 1;
      continue;
    }
    const a = words[i]!;
    const b = words[i + 1];
    const c = words[i + 2];
    if (b && c && lexicon.known.has(a + b + c)) {
      units.push({ text: `((${[a, b, c].map((w, j) => wordAlternatives(w, isLast(i + j))).join(" & ")}) | ${a + b + c})`, words: [a, b, c] });
      i += 2;
    } else if (b && lexicon.known.has(a + b) && !/\d/.test(a + b)) {
      units.push({ text: `((${wordAlternatives(a, false)} & ${wordAlternatives(b, isLast(i + 1))}) | ${isLast(i + 1) ? `${a + b}:*` : a + b})`, words: [a, b] });
      i += 1;
    } else {
      const parts = split(a);
      const own = wordAlternatives(a, isLast(i));
      units.push({ text: parts ? `(${own} | ${parts})` : own, words: [a] });
    }
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
 * SCORE_WEIGHTS.prefixOnly of that. Place units weigh SCORE_WEIGHTS.placeText each (nearness
 * counts apart).
 */
export function textScoreSql(units: { whole: string; prefix?: string; cause?: boolean }[], placeUnits: string[] = [], placeNearness?: SQL): SQL {
  const w = SCORE_WEIGHTS;
  const one = (u: string, cause = false) =>
    sql`(case when o.search_document @@ to_tsquery('english', ${restrictWeights(u, "AB")}) then ${
      cause ? sql`case when o.search_document @@ to_tsquery('english', ${restrictWeights(u, "D")}) then 1 else ${w.causeNameOnly}::float8 end` : sql`1`
    }
      when o.search_document @@ to_tsquery('english', ${restrictWeights(u, "D")}) then ${w.meaning}::float8
      when o.search_document @@ to_tsquery('english', ${u}) then ${w.otherField}::float8 else 0 end)`;
  const parts: SQL[] = units.map((u) =>
    u.prefix && u.prefix !== u.whole ? sql`greatest(${one(u.whole, u.cause)}, ${w.prefixOnly}::float8 * ${one(u.prefix, u.cause)})` : one(u.whole, u.cause),
  );
  // A place word is satisfied by being at the place as much as by naming it.
  for (const u of placeUnits) parts.push(sql`${w.placeText}::float8 * ${placeNearness ? sql`greatest(${one(u)}, ${placeNearness})` : one(u)}`);
  const total = units.length + w.placeText * placeUnits.length;
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

/** SQL: the organization `o` is inside the bounding box of PLACE_RADIUS_MILES around a center (GiST point index). */
export function nearPlaceSql(place: DetectedPlace): SQL {
  if (place.state) return sql`o.state = ${place.state}`;
  const boxes = (place.centers ?? []).map((c) => {
    const dLat = PLACE_RADIUS_MILES / 69.05;
    const dLng = PLACE_RADIUS_MILES / (69.05 * Math.max(0.01, Math.cos((c.latitude * Math.PI) / 180)));
    return sql`point(o.longitude, o.latitude) <@ box(point(${c.longitude - dLng}::float8, ${c.latitude - dLat}::float8), point(${c.longitude + dLng}::float8, ${c.latitude + dLat}::float8))`;
  });
  return boxes.length ? sql`(${sql.join(boxes, sql` or `)})` : sql`false`;
}
