/**
 * Names people can read. IRS EO BMF names and cities are upper case, abbreviated and
 * sometimes missing a space after a comma ("NORTH COUNTRY HOSPITAL & HEALTH CENTER,INC",
 * "S BURLINGTON", "MANCHESTR CTR"). For display: title case that keeps acronyms (YMCA, USA,
 * VFW, PTO...), a space after each comma, and city abbreviations expanded (S -> South,
 * CTR -> Center, JCT -> Junction). A nonprofit's own name always wins; the legal name stays as
 * filed (profile, receipts).
 */
import { zipCity } from "./zip";

/** Words kept in capitals: acronyms of organizations, places and programs seen in IRS names. */
const ACRONYMS = new Set(
  (
    "YMCA YWCA YMHA YWHA USA US VFW PTO PTA PTSA AMVETS NAACP SPCA ASPCA CASA VNA UCP LSU UVM WVU AARP IBEW BPOE " +
    "FFA NAMI MADD AFL CIO UAW NRA NFL NBA PGA USGA AAU BSA GSA LLC LLP PC NA FBO UW UA DBA II III IV VI VII VIII IX XI XII " +
    "NH VT NE NV KY KS LA MS MT ND SD WV WY AK AL AR CT DE ID RI NY NJ PA DC UK ROTC JROTC EMS EMT HIV AIDS ALS MS " +
    "ARC CEO CPA DAV USO NICU ICU AA NA BBBS KC IHS YMCAS AME CME LGBT LGBTQ STEM NASA 4H K12 ESL"
  ).split(" "),
);

/** Abbreviations without a vowel that are words, not acronyms: "JR" -> "Jr". */
const VOWELLESS_WORDS = new Set(["JR", "SR", "DR", "MR", "MRS", "ST", "MT", "FT", "CTR", "MGMT", "TWP", "HWY", "PKWY", "BLVD", "SVCS", "SVC", "SCH", "NTL", "CMTY", "BLDG", "CNTY", "CNTR", "DPT", "FND", "FDN", "TR", "TRST"]);

/** Small words kept in lower case inside a name (not first). */
const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with", "de", "la", "del"]);

/** IRS city abbreviations and their display forms (USPS Publication 28 street suffix and directional abbreviations). */
const CITY_WORDS: Readonly<Record<string, string>> = {
  N: "North", S: "South", E: "East", W: "West", NE: "Northeast", NW: "Northwest", SE: "Southeast", SW: "Southwest",
  CTR: "Center", JCT: "Junction", JCTN: "Junction", SPGS: "Springs", SPG: "Spring", HTS: "Heights", HGTS: "Heights",
  FLS: "Falls", MT: "Mount", MTN: "Mountain", FT: "Fort", ST: "Saint", STE: "Sainte", PT: "Point", VLY: "Valley",
  VLG: "Village", CY: "City", BCH: "Beach", HBR: "Harbor", LK: "Lake", LKS: "Lakes", PK: "Park", STA: "Station",
  TWP: "Township", RIV: "River", IS: "Island", ISL: "Island", BLF: "Bluff", CRK: "Creek", GRV: "Grove", HL: "Hill",
  HLS: "Hills", MDW: "Meadow", MDWS: "Meadows", PLNS: "Plains", PRT: "Port", RDG: "Ridge", SPRGS: "Springs", VL: "Ville",
  CTY: "City", GDNS: "Gardens", XRDS: "Crossroads", CRSG: "Crossing",
};

function capitalize(word: string): string {
  // Keep inner apostrophes and hyphens: O'NEIL -> O'Neil, WILKES-BARRE -> Wilkes-Barre.
  return word.toLowerCase().replace(/(^|[-'/(])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Title case of an upper-case IRS name, acronyms kept, a space after each comma. */
function titleCase(text: string): string {
  const spaced = text.replace(/\s*,\s*/g, ", ").replace(/\s+/g, " ").trim();
  let first = true;
  return spaced.replace(/[\p{L}\p{N}'&/-]+/gu, (word) => {
    const bare = word.replace(/[^\p{L}\p{N}]/gu, "");
    const upper = bare.toUpperCase();
    const isFirst = first;
    first = false;
    if (ACRONYMS.has(upper)) return word.toUpperCase();
    if (/\d/.test(word)) return word.toUpperCase().replace(/(\d)(ST|ND|RD|TH)\b/g, (_, d: string, s: string) => d + s.toLowerCase());
    if (!isFirst && SMALL_WORDS.has(word.toLowerCase())) return word.toLowerCase();
    // A word of consonants only (no vowel, not Y) is an acronym: "NCCS", "CPR".
    if (bare.length >= 2 && bare.length <= 5 && !/[AEIOUY]/i.test(bare) && !VOWELLESS_WORDS.has(upper)) return word.toUpperCase();
    return capitalize(word);
  });
}

/**
 * Whether an organization name is in the IRS style (all capitals) and should be shown in the
 * display form; a name with lower-case letters was typed by a person and is kept.
 */
export function isIrsStyleName(name: string): boolean {
  return /\p{Lu}/u.test(name) && !/\p{Ll}/u.test(name);
}

/**
 * The display name of an organization: its own name when its nonprofit edited it (the name
 * differs from the legal name, or has lower-case letters), else the IRS name in title case
 * with acronyms kept and a space after each comma.
 * "NORTH COUNTRY HOSPITAL & HEALTH CENTER,INC" -> "North Country Hospital & Health Center, Inc";
 * "YMCA OF GREATER OMAHA" -> "YMCA of Greater Omaha".
 * @param name the organization's name (organizations.name).
 * @param legalName the IRS legal name (organizations.legal_name), null when unknown.
 */
export function displayOrganizationName(name: string, legalName?: string | null): string {
  if (legalName && name !== legalName) return name;
  return isIrsStyleName(name) ? titleCase(name) : name;
}

/** True when every letter of `short` appears in `long` in order, starting with the same letter. */
function abbreviates(short: string, long: string): boolean {
  if (!short || short[0] !== long[0]) return false;
  let i = 0;
  for (const c of long) if (c === short[i]) i++;
  return i === short.length;
}

/**
 * The display form of an IRS city: the ZIP database's spelling of the city when the IRS form
 * abbreviates it ("MANCHESTR CTR" + 05255 -> "Manchester Center", "S BURLINGTON" + 05403 ->
 * "South Burlington"), else title case with the usual abbreviations expanded
 * ("WHITE RIV JCT" -> "White River Junction"). A city with lower-case letters (typed by a
 * nonprofit) is kept.
 * @returns null for a blank city.
 */
export function displayCity(city: string | null | undefined, zipcode?: string | null): string | null {
  const c = city?.trim();
  if (!c) return null;
  if (!isIrsStyleName(c)) return c;
  const words = c.toUpperCase().split(/\s+/);
  const fromZip = zipCity(zipcode);
  if (fromZip) {
    const zipWords = fromZip.city.toUpperCase().split(/\s+/);
    if (zipWords.length === words.length && words.every((w, i) => abbreviates(w.replace(/[^A-Z]/g, ""), zipWords[i]!.replace(/[^A-Z]/g, "")))) {
      return fromZip.city;
    }
  }
  return words.map((w, i) => CITY_WORDS[w] && (i < words.length - 1 || w.length > 1) ? CITY_WORDS[w] : capitalize(w)).join(" ");
}

/**
 * The display name of an organization row (displayOrganizationName of its name and legal
 * name): what checkout, receipts and emails call it. The nonprofit's own edited name wins.
 */
export function organizationDisplayName(org: { name: string; legalName?: string | null }): string {
  return displayOrganizationName(org.name, org.legalName ?? null);
}

/**
 * The display name with the IRS legal name beside it when they differ, as receipts show it:
 * "Town Hall Theater (legal name: TOWN HALL THEATER INC)". Just the display name when the
 * legal name is unknown or the same.
 */
export function nameWithLegalName(displayName: string, legalName: string | null | undefined): string {
  const legal = legalName?.trim();
  return legal && legal !== displayName ? `${displayName} (legal name: ${legal})` : displayName;
}
