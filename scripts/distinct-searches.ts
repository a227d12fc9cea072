/**
 * The directory searches of bench:serve's "each one new" row, in order: a cause and a town
 * (the demo directory's Vermont towns, then other states' cities), 600 of them, then the same
 * again for the next page (offset 10), and so on. None repeats, so none is answered from the
 * search cache: what a search costs the database. Then a harder sequence, random pairs of words
 * from organization names (randomWordPair). Shared by bench:serve and bench:search-profile.
 */
import fs from "node:fs";
import path from "node:path";

const CAUSES = ["food shelf", "animal rescue", "hospital", "library", "youth soccer", "church", "museum", "veterans", "scholarship fund", "fire department", "historical society", "homeless shelter", "arts council", "literacy", "hospice", "land trust", "rescue squad", "senior center", "garden club", "humane society"];
const TOWNS = ["burlington", "rutland", "barre", "montpelier", "brattleboro", "bennington", "middlebury", "st albans", "newport", "springfield", "st johnsbury", "winooski", "essex", "colchester", "stowe", "randolph", "woodstock", "manchester", "norwich", "bristol", "omaha", "louisville", "concord", "salem", "lincoln", "wichita", "boise", "helena", "cheyenne", "fargo"];

/** One search of the sequence: its text and the offset of its page (currentDisplayRecords). */
export type DistinctSearch = { query: string; offset: number };

/** The n-th search of the sequence (n >= 0). */
export function distinctSearch(n: number): DistinctSearch {
  const query = `${CAUSES[n % CAUSES.length]} ${TOWNS[Math.floor(n / CAUSES.length) % TOWNS.length]}`;
  return { query, offset: 10 * Math.floor(n / (CAUSES.length * TOWNS.length)) };
}

/** Searches per page of the sequence (every cause with every town). */
export const DISTINCT_SEARCHES_PER_PAGE = CAUSES.length * TOWNS.length;

/**
 * Words of the random pairs (randomWordPair): the 2,000 most common words of three or more
 * letters in the organization names of the 20 shared IRS state files, most common first.
 */
const NAME_WORDS: readonly string[] = fs
  .readFileSync(path.join(__dirname, "distinct-search-words.txt"), "utf8")
  .split("\n")
  .filter(Boolean);

/**
 * Rare words of the random pairs: 2,000 words (three or more letters, not in NAME_WORDS) that
 * each appear in the names of 3 to 20 organizations of the 20 shared IRS state files, a fixed
 * sample in alphabetical order. A search with one of them is one the word cache
 * (lib/search/word-cache.ts) has not seen, as a donor's search for a small organization's name is.
 */
const RARE_NAME_WORDS: readonly string[] = fs
  .readFileSync(path.join(__dirname, "rare-search-words.txt"), "utf8")
  .split("\n")
  .filter(Boolean);

/** A pseudo-random number in [0, 1) from `seed` (a 32-bit integer mix), the same for the same seed. */
function unitFromSeed(seed: number): number {
  let x = (seed + 0x6d2b79f5) | 0;
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
}

/**
 * The n-th search of the random-pairs sequence (n >= 0): two words, each drawn from NAME_WORDS
 * or, half the time, from RARE_NAME_WORDS, the same for the same n, first page. Most pairs name no organization, as in searches nobody
 * asked before: the typo and every-word-but-one stages run, and each new word is looked up in
 * the dictionary (what lib/search/word-cache.ts keeps has not seen it).
 */
export function randomWordPair(n: number): DistinctSearch {
  const word = (seed: number) => {
    const list = unitFromSeed(seed + 1_000_003) < 0.5 ? RARE_NAME_WORDS : NAME_WORDS;
    return list[Math.floor(unitFromSeed(seed) * list.length)]!;
  };
  return { query: `${word(2 * n)} ${word(2 * n + 1)}`, offset: 0 };
}
