/**
 * US ZIP codes: coordinates of a ZIP (for distance search on imported organizations) and a
 * small city/ZIP autocomplete, both over the offline `zipcodes` package data (about 42,000
 * US ZIPs; its Canadian codes are left out).
 *
 * The data is loaded on first use. The package keeps it as one 4.9 MB JavaScript object
 * literal, and requiring that module costs about 90 MB of resident memory (V8 compiling the
 * literal) against about 20 MB when the same text is read with JSON.parse; the directory
 * import must stay under 400 MB, so the JSON route is taken when the package's file has the
 * expected layout, and `require("zipcodes")` otherwise.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ZipCodeInfo } from "zipcodes";

/** Latitude and longitude in decimal degrees (WGS 84). */
export type Coordinates = { latitude: number; longitude: number };

/** One autocomplete suggestion: a US ZIP and its city, state and coordinates. */
export type LocationSuggestion = {
  zip: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  latitude: number;
  longitude: number;
};

const ZIP_PATTERN = /^(\d{5})(?:-?\d{4})?$/;

type ZipTable = { codes: Readonly<Record<string, ZipCodeInfo>>; loadedFrom: "json" | "module" };
let table: ZipTable | undefined;

/**
 * The package's US code table. Resolved from the project root at run time (not through the
 * bundler), so Next, Jest and tsx all read the same installed package.
 */
function zipTable(): ZipTable {
  if (table) return table;
  const requireFromRoot = createRequire(path.join(process.cwd(), "package.json"));
  try {
    const source = fs.readFileSync(requireFromRoot.resolve("zipcodes/lib/codes.js"), "utf8");
    const prefix = "exports.codes = ";
    // JSON strings cannot hold a raw newline, so ";\n" only ends the statement.
    const end = source.indexOf(";\n", prefix.length);
    if (source.startsWith(prefix) && end > 0) {
      const codes = JSON.parse(source.slice(prefix.length, end)) as Record<string, ZipCodeInfo>;
      const probe = codes["05602"];
      if (probe && typeof probe.latitude === "number" && probe.state === "VT") {
        table = { codes, loadedFrom: "json" };
        return table;
      }
    }
  } catch {
    // Another layout or a bundled deployment: the module itself below.
  }
  const zipcodes = requireFromRoot("zipcodes") as typeof import("zipcodes");
  table = { codes: zipcodes.codes, loadedFrom: "module" };
  return table;
}

/** How the ZIP data was loaded ("json" is the light route); for tests and diagnostics. */
export function zipDataSource(): ZipTable["loadedFrom"] {
  return zipTable().loadedFrom;
}

/**
 * The 5-digit form of a US ZIP: "05602", "05602-2957" and "056022957" all give "05602".
 * @returns null when the value is not a 5- or 9-digit ZIP.
 */
export function normalizeZip(zip: string | null | undefined): string | null {
  const match = zip ? ZIP_PATTERN.exec(zip.trim()) : null;
  return match ? match[1]! : null;
}

/**
 * Coordinates of a US ZIP (5 or 9 digits, "05602-2957" accepted).
 * @returns null when the value is not a ZIP or the ZIP is unknown to the data set.
 */
export function zipToCoordinates(zip: string | null | undefined): Coordinates | null {
  const five = normalizeZip(zip);
  if (!five) return null;
  // Keys are strings: a number would lose the leading zero of New England ZIPs.
  const { codes } = zipTable();
  const info = Object.hasOwn(codes, five) ? codes[five] : undefined;
  if (!info || info.country !== "US") return null;
  return { latitude: info.latitude, longitude: info.longitude };
}

/**
 * The two-letter state of a US ZIP (5 or 9 digits).
 * @returns null when the value is not a ZIP or the ZIP is unknown to the data set.
 */
export function zipToState(zip: string | null | undefined): string | null {
  const five = normalizeZip(zip);
  if (!five) return null;
  const { codes } = zipTable();
  const info = Object.hasOwn(codes, five) ? codes[five] : undefined;
  return info && info.country === "US" ? info.state : null;
}

type Index = {
  /** US entries sorted by ZIP. */
  byZip: LocationSuggestion[];
  /** One entry per (city, state), the lowest ZIP standing for the city, sorted by city then state. */
  byCity: { key: string; suggestion: LocationSuggestion }[];
};

let index: Index | undefined;

/** Built on first use only: most processes never autocomplete, and this takes ~50 ms. */
function getIndex(): Index {
  if (index) return index;
  const byZip = Object.values(zipTable().codes)
    .filter((c: ZipCodeInfo) => c.country === "US" && /^\d{5}$/.test(c.zip))
    .map((c) => ({ zip: c.zip, city: c.city, state: c.state, latitude: c.latitude, longitude: c.longitude }))
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  const cities = new Map<string, { key: string; suggestion: LocationSuggestion }>();
  for (const s of byZip) {
    const id = `${s.city.toLowerCase()}|${s.state}`;
    if (!cities.has(id)) cities.set(id, { key: `${s.city.toLowerCase()}, ${s.state.toLowerCase()}`, suggestion: s });
  }
  const byCity = [...cities.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  index = { byZip, byCity };
  return index;
}

/** First position in `sorted` whose key is >= `prefix`. */
function lowerBound<T>(sorted: T[], prefix: string, key: (item: T) => string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(sorted[mid]!) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * US city/ZIP autocomplete. A prefix of digits matches ZIPs ("056" -> 05601, 05602, ...); any
 * other prefix matches city names, case-insensitively, optionally followed by a comma and a
 * state ("montp", "Montpelier, V"). Cities give one suggestion per (city, state), with the
 * lowest ZIP of the city.
 * @param prefix what the person typed; blank gives no suggestions.
 * @param limit maximum number of suggestions (1..100, default 10).
 * @returns suggestions in ZIP order (ZIP prefix) or city-then-state order (city prefix).
 */
export function suggestLocations(prefix: string, limit = 10): LocationSuggestion[] {
  const max = Math.max(1, Math.min(100, Math.floor(limit)));
  const typed = prefix.trim().toLowerCase().replace(/\s+/g, " ");
  if (!typed) return [];
  const { byZip, byCity } = getIndex();
  const out: LocationSuggestion[] = [];
  if (/^\d{1,5}(-\d{0,4})?$/.test(typed)) {
    const zipPrefix = typed.slice(0, 5);
    for (let i = lowerBound(byZip, zipPrefix, (s) => s.zip); i < byZip.length && out.length < max; i++) {
      const s = byZip[i]!;
      if (!s.zip.startsWith(zipPrefix)) break;
      out.push({ ...s });
    }
    return out;
  }
  const cityPrefix = typed.replace(/\s*,\s*/, ", ");
  for (let i = lowerBound(byCity, cityPrefix, (c) => c.key); i < byCity.length && out.length < max; i++) {
    const c = byCity[i]!;
    if (!c.key.startsWith(cityPrefix)) break;
    out.push({ ...c.suggestion });
  }
  return out;
}

/** A US city's center: the mean of its ZIPs' coordinates. */
export type CityCenter = { city: string; state: string; latitude: number; longitude: number; /** Its number of ZIP codes (a rough size). */ zips: number };

let cityCentersByName: Map<string, CityCenter[]> | undefined;

/**
 * The US cities of this name in the ZIP data, one per state (a name such as "Burlington" is
 * a city in many states), each at the mean of its ZIPs' coordinates. Case and spacing are
 * ignored. Built on first use (about 50 ms).
 * @returns [] when no US city has this name.
 */
export function cityCenters(name: string): CityCenter[] {
  if (!cityCentersByName) {
    const sums = new Map<string, { city: string; state: string; lat: number; lng: number; n: number }>();
    for (const c of Object.values(zipTable().codes)) {
      if (c.country !== "US" || !/^\d{5}$/.test(c.zip)) continue;
      const id = `${c.city.toLowerCase()}|${c.state}`;
      const s = sums.get(id) ?? { city: c.city, state: c.state, lat: 0, lng: 0, n: 0 };
      s.lat += c.latitude;
      s.lng += c.longitude;
      s.n++;
      sums.set(id, s);
    }
    cityCentersByName = new Map();
    for (const s of sums.values()) {
      const key = s.city.toLowerCase();
      const list = cityCentersByName.get(key) ?? [];
      list.push({ city: s.city, state: s.state, latitude: s.lat / s.n, longitude: s.lng / s.n, zips: s.n });
      cityCentersByName.set(key, list);
    }
  }
  return cityCentersByName.get(name.trim().toLowerCase().replace(/\s+/g, " ")) ?? [];
}

/**
 * The center of the city of this name in this state (the mean of its ZIPs' coordinates), for
 * an organization whose ZIP the ZIP data does not know (a ZIP newer than the data).
 * @returns null when the state has no city of this name.
 */
export function cityCenterIn(city: string | null | undefined, state: string | null | undefined): Coordinates | null {
  if (!city || !state) return null;
  const c = cityCenters(city).find((x) => x.state === state.toUpperCase());
  return c ? { latitude: c.latitude, longitude: c.longitude } : null;
}

/**
 * The city the ZIP data gives for a US ZIP ("05403" -> "South Burlington"), for display.
 * @returns null for an unknown ZIP.
 */
export function zipCity(zip: string | null | undefined): { city: string; state: string } | null {
  const five = normalizeZip(zip);
  if (!five) return null;
  const { codes } = zipTable();
  const info = Object.hasOwn(codes, five) ? codes[five] : undefined;
  return info && info.country === "US" ? { city: info.city, state: info.state } : null;
}
