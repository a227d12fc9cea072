/**
 * Turning typed search text into safe full-text queries. Only letters and digits reach
 * to_tsquery (no operators from the user), accents are removed, and at most 8 words count.
 */

/**
 * Lower-case, accent-free, single-spaced text of at most 200 characters. Apostrophes inside a
 * word are dropped, as the IRS drops them from names ("god's pantry" -> "gods pantry").
 */
export function normalizeSearchText(input: string): string {
  return input
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/(\p{L})['\u2019](\p{L})/gu, "$1$2")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

/**
 * Words the English stemmer folds into another word ("humane" -> "human", "hospitality" ->
 * "hospit" as in hospital, "universal" -> "univers" as in university). The search document
 * indexes each with an "e" appended (gb_stem_guard, migration 0015_search_stem_guard: keep
 * both lists equal), a spelling whose English stem is the word itself, and so does the query.
 */
export const STEM_GUARDED_WORDS: ReadonlySet<string> = new Set(["humane", "humanity", "humanities", "hospitality", "organic", "universal"]);

/** The form of a typed word that reaches to_tsquery: "humane" -> "humanee" (STEM_GUARDED_WORDS), others as they are. */
export function indexedWord(word: string): string {
  return STEM_GUARDED_WORDS.has(word) ? `${word}e` : word;
}

/** The words of normalized text: runs of letters and digits, first 8 only. */
export function searchTerms(normalized: string): string[] {
  return (normalized.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * to_tsquery text for the terms. Words of 3 or more characters match as prefixes ("hosp"
 * finds hospital, "nort" finds north); shorter words must match whole.
 * @param op "|" any word (recall), "&" every word (precision).
 * @param prefix "all" words as prefixes, only the "last" one (the word being typed; whole
 *   words are much cheaper to look up in the full-text index than prefixes of common words),
 *   or "none".
 * @returns "" when there is no word.
 */
export function tsQueryText(terms: string[], op: "|" | "&", prefix: "all" | "last" | "none" = "all"): string {
  return terms
    .map((t, i) => (t.length >= 3 && (prefix === "all" || (prefix === "last" && i === terms.length - 1)) ? `${indexedWord(t)}:*` : indexedWord(t)))
    .join(` ${op} `);
}

/** Escape LIKE wildcards in user text. */
export function escapeLikeText(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
