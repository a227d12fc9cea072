/**
 * Place words inside a directory search ("hospital louisville", "humane society 68134",
 * "vermont food bank"): a US ZIP anywhere, a state name at either end, or a city name of the
 * ZIP database (one to three words) at the end. Search then ranks organizations by distance to
 * the place (or, for a state, by being in it) while the other words must match.
 */
import { US_STATES } from "@/lib/validations/us-states";
import { cityCenters, normalizeZip, zipToCoordinates, type CityCenter } from "@/lib/directory/zip";

/** A place found in the typed words. */
export type DetectedPlace = {
  /** The words that name the place, as typed. */
  words: string[];
  /** The other words (never empty). */
  rest: string[];
  /** A two-letter state code, for a state name. */
  state?: string;
  /**
   * Centers to rank by distance from (a ZIP's, or every same-named city's), each with the
   * radius in miles within which an organization is taken as at the place (cityCoreMiles).
   */
  centers?: { latitude: number; longitude: number; coreMiles: number }[];
};

/** Miles per square root of a city's ZIP count (cityCoreMiles). */
const CORE_MILES_PER_SQRT_ZIP = 0.8;
/** Largest core radius of a city, in miles. */
const MAX_CORE_MILES = 8;
/** Core radius of a ZIP typed (its area is small), in miles. */
export const ZIP_CORE_MILES = 1;

/**
 * How far from its center (the mean of its ZIPs' centers) a city reaches, in miles: a city's
 * area grows with its number of ZIP codes, so its radius with their square root (Louisville,
 * 66 ZIPs: 6.5 miles; New Britain, 4 ZIPs: 1.6 miles), at most MAX_CORE_MILES.
 */
export function cityCoreMiles(zips: number): number {
  return Math.min(MAX_CORE_MILES, CORE_MILES_PER_SQRT_ZIP * Math.sqrt(Math.max(1, zips)));
}

/**
 * Of the same-named cities, those with at least this share of the largest one's ZIP codes:
 * "hartford" is Hartford, Connecticut (many ZIPs), not Hartford, South Dakota (one).
 */
const CITY_SIZE_SHARE = 0.34;
/** Most same-named cities taken as centers (keeps the distance expression small). */
const MAX_CENTERS = 12;

/**
 * City names that are also common words of organization names: taken as words, not places
 * ("monadnock community service center" is not in Center, North Dakota).
 */
const NOT_PLACES = new Set([
  "center", "hope", "faith", "union", "liberty", "unity", "friendship", "harmony", "victory", "home", "industry",
  "commerce", "energy", "justice", "mission", "temple", "trinity", "bethel", "bethany", "eden", "paradise", "rescue",
  "welcome", "grace", "charity", "humble", "kindred", "garden", "park", "lake", "valley", "village", "hospital",
  "church", "college", "university", "school", "house", "ranch", "club", "society", "services", "health", "care",
  "town", "city", "county", "league", "foundation", "fund", "trust", "association", "alliance", "council", "network",
  "sanford", "avera", "norton", "yale", "brown", "dartmouth", "tulane", "ochsner", "goodwill",
]);

const STATE_BY_NAME = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.code]));

/**
 * Find the place named in the typed words.
 * @param terms normalized words as typed (lib/search/text.ts searchTerms).
 * @param statesPresent two-letter codes of the states the directory holds: cities elsewhere
 *   are not taken as centers (every state when undefined).
 * @returns null when no place is found, or when the place would be every word typed.
 */
export function detectPlace(terms: string[], statesPresent?: ReadonlySet<string>): DetectedPlace | null {
  if (terms.length < 2) return null;
  for (let i = 0; i < terms.length; i++) {
    const zip = /^\d{5}$/.test(terms[i]!) ? normalizeZip(terms[i]) : null;
    const c = zip ? zipToCoordinates(zip) : null;
    if (c) return { words: [terms[i]!], rest: terms.filter((_, j) => j !== i), centers: [{ latitude: c.latitude, longitude: c.longitude, coreMiles: ZIP_CORE_MILES }] };
  }
  for (let k = Math.min(3, terms.length - 1); k >= 1; k--) {
    const tail = terms.slice(terms.length - k);
    const head = terms.slice(0, k);
    const tailName = tail.join(" ");
    const stateAtEnd = STATE_BY_NAME.get(tailName);
    if (stateAtEnd) return { words: tail, rest: terms.slice(0, terms.length - k), state: stateAtEnd };
    const stateFirst = STATE_BY_NAME.get(head.join(" "));
    if (stateFirst) return { words: head, rest: terms.slice(k), state: stateFirst };
    if (k === 1 && NOT_PLACES.has(tailName)) continue;
    if (tail.some((w) => /\d/.test(w))) continue;
    const present = cityCenters(tailName).filter((c: CityCenter) => !statesPresent || statesPresent.has(c.state));
    const largest = Math.max(0, ...present.map((c) => c.zips));
    const centers = present.filter((c) => c.zips >= CITY_SIZE_SHARE * largest).sort((a, b) => b.zips - a.zips);
    if (centers.length) {
      return {
        words: tail,
        rest: terms.slice(0, terms.length - k),
        centers: centers.slice(0, MAX_CENTERS).map((c) => ({ latitude: c.latitude, longitude: c.longitude, coreMiles: cityCoreMiles(c.zips) })),
      };
    }
  }
  return null;
}
