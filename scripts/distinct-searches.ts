/**
 * The directory searches of bench:serve's "each one new" row, in order: a cause and a town
 * (the demo directory's Vermont towns, then other states' cities), 600 of them, then the same
 * again for the next page (offset 10), and so on. None repeats, so none is answered from the
 * search cache: what a search costs the database. Shared by bench:serve and bench:search-profile.
 */

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
