import { US_STATES } from "@/lib/validations/us-states";

/**
 * The synonym and abbreviation table of directory search: groups of forms that mean the same
 * in organization names. IRS names are abbreviated to fit the EO BMF's 70-character NAME field
 * ("FDN", "ASSN", "CTR", "TR", "INTL", "SVCS"; IRS Publication 78 and the EO BMF field
 * descriptions keep them as filed), and donors type acronyms ("YMCA", "SPCA", "VFW") for names
 * filed in full, or the reverse. A typed word in a group also matches every other form of its
 * group (multi-word forms match all their words).
 */

/** Each group lists equivalent forms; multi-word forms are written with spaces. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // IRS abbreviations of common name words.
  ["foundation", "fdn", "fdtn", "fndn", "foundtn"],
  ["association", "assn", "assoc", "asso"],
  ["center", "ctr", "centre", "cntr"],
  ["trust", "tr", "tst"],
  ["international", "intl", "internatl"],
  ["services", "svcs", "svc", "servs"],
  ["hospital", "hosp"],
  ["memorial", "mem", "meml"],
  ["department", "dept"],
  ["society", "soc", "scty"],
  ["national", "natl"],
  ["american", "amer"],
  ["university", "univ"],
  ["institute", "inst"],
  ["education", "educ"],
  ["educational", "edu", "educl"],
  ["community", "comm", "cmty"],
  ["historical", "hist"],
  ["volunteer", "vol"],
  ["committee", "cmte", "comm"],
  ["development", "dev", "devel"],
  ["scholarship", "schlrshp", "schol"],
  ["charitable", "char", "chrtbl"],
  ["company", "co"],
  ["corporation", "corp"],
  ["incorporated", "inc"],
  ["saint", "st", "ste"],
  ["mount", "mt"],
  ["fort", "ft"],
  ["theater", "theatre"],
  ["brothers", "bros"],
  ["christian", "chrstn"],
  ["children", "childrens", "childs"],
  // Acronyms donors type for names the IRS has in full (and the reverse).
  ["ymca", "young mens christian association"],
  ["ywca", "young womens christian association"],
  ["spca", "society for the prevention of cruelty to animals"],
  ["casa", "court appointed special advocates"],
  ["vfw", "veterans of foreign wars"],
  ["uvm", "university of vermont"],
  ["wvu", "west virginia university"],
  ["ucp", "united cerebral palsy"],
  ["pto", "parent teacher organization"],
  ["pta", "parent teacher association"],
  ["lsu", "louisiana state university"],
  ["vna", "visiting nurse association"],
  ["naacp", "national association for the advancement of colored people"],
  ["ibew", "international brotherhood of electrical workers"],
  ["bpoe", "benevolent and protective order of elks"],
  ["nami", "national alliance on mental illness"],
  ["ffa", "future farmers of america"],
  ["vfd", "volunteer fire department"],
  ["madd", "mothers against drunk driving"],
  ["bbbs", "big brothers big sisters"],
];

/**
 * Two-letter state codes that are also words of names ("LA CASA", "DE LA", "IN", "OR", "ME"):
 * a typed state name never matches them as its code.
 */
const AMBIGUOUS_STATE_CODES = new Set(["as", "de", "hi", "in", "la", "me", "oh", "ok", "or", "pa", "ma", "co", "id", "mt", "al", "ga"]);

/**
 * State names typed in full also match the state's code as a word of a name ("northeast
 * mississippi community services" finds "NORTHEAST MS COMMUNITY SVCS"); one direction only:
 * a code typed is not widened to the name.
 */
const STATE_CODE_FORMS: readonly (readonly string[])[] = US_STATES.filter((s) => !AMBIGUOUS_STATE_CODES.has(s.code.toLowerCase())).map((s) => [
  s.name.toLowerCase().replace(/\./g, ""),
  s.code.toLowerCase(),
]);

/** Words that carry no meaning in a name (PostgreSQL's English stop words among them). */
const STOP_WORDS = new Set(["a", "an", "and", "at", "for", "in", "of", "on", "the", "to"]);

let byForm: Map<string, string[][]> | undefined;
let byPhrase: Map<string, string[]> | undefined;

/** Form (one word) -> the other forms of its groups, each as a list of words. */
function table(): Map<string, string[][]> {
  if (byForm) return byForm;
  byForm = new Map();
  for (const group of SYNONYM_GROUPS) {
    const forms = group.map((f) => f.split(" ").filter((w) => !STOP_WORDS.has(w)));
    for (const form of forms) {
      if (form.length !== 1) continue;
      const others = forms.filter((f) => f !== form);
      byForm.set(form[0]!, [...(byForm.get(form[0]!) ?? []), ...others]);
    }
  }
  return byForm;
}

/**
 * Multi-word forms (stop words dropped, joined by one space) -> the one-word forms of their
 * groups: "young mens christian association" -> ["ymca"], "mississippi" is not here (one word),
 * "new york" -> ["ny"].
 */
function phraseTable(): Map<string, string[]> {
  if (byPhrase) return byPhrase;
  byPhrase = new Map();
  const add = (group: readonly string[], directional: boolean) => {
    const forms = group.map((f) => f.split(" ").filter((w) => !STOP_WORDS.has(w)));
    const single = forms.filter((f) => f.length === 1).map((f) => f[0]!);
    for (const form of directional ? forms.slice(0, 1) : forms) {
      if (form.length < 2 || !single.length) continue;
      const key = form.join(" ");
      byPhrase!.set(key, [...new Set([...(byPhrase!.get(key) ?? []), ...single])]);
    }
  };
  for (const group of SYNONYM_GROUPS) add(group, false);
  for (const group of STATE_CODE_FORMS) add(group, true);
  return byPhrase;
}

/** Words of the longest multi-word form in the table (phrases are looked up up to this length). */
export const LONGEST_PHRASE = 8;

/**
 * The one-word forms of a typed phrase of 2+ words (stop words already dropped):
 * ["young", "mens", "christian", "association"] -> ["ymca"]; [] when the phrase is in no group.
 */
export function phraseSynonymsOf(words: readonly string[]): string[] {
  return phraseTable().get(words.join(" ")) ?? [];
}

/**
 * The other forms of a typed word: "fdn" -> [["foundation"], ["fdtn"], ...], "ymca" ->
 * [["young", "mens", "christian", "association"]]. Empty for a word in no group.
 */
export function synonymsOf(word: string): string[][] {
  return table().get(word) ?? [];
}

let stateCodeByName: Map<string, string> | undefined;

/** The code a one-word state name also matches as ("mississippi" -> "ms"), else null. */
export function stateCodeOf(word: string): string | null {
  stateCodeByName ??= new Map(STATE_CODE_FORMS.filter(([name]) => !name!.includes(" ")).map(([name, code]) => [name!, code!]));
  return stateCodeByName.get(word) ?? null;
}

/** True for a word that carries no meaning in a name ("of", "the"). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
