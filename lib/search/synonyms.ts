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

/** Words that carry no meaning in a name (PostgreSQL's English stop words among them). */
const STOP_WORDS = new Set(["a", "an", "and", "at", "for", "in", "of", "on", "the", "to"]);

let byForm: Map<string, string[][]> | undefined;

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
 * The other forms of a typed word: "fdn" -> [["foundation"], ["fdtn"], ...], "ymca" ->
 * [["young", "mens", "christian", "association"]]. Empty for a word in no group.
 */
export function synonymsOf(word: string): string[][] {
  return table().get(word) ?? [];
}

/** True for a word that carries no meaning in a name ("of", "the"). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
