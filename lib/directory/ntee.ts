/**
 * NTEE (National Taxonomy of Exempt Entities) major groups: the first letter of an NTEE code
 * such as "B20" or "E22I" names one of 26 major groups (A..Z), each with a standard category
 * name. The IRS EO BMF gives the code; the directory stores the letter and the category name
 * so search can filter on them.
 */

/** One NTEE major group: its letter and the standard category name. */
export type NteeMajorGroup = {
  /** "A".."Z". */
  letter: string;
  /** Standard category name, e.g. "Education". */
  category: string;
  /** True for the international group (Q). */
  international: boolean;
};

/** All 26 NTEE major groups in letter order (used by the search filters). */
export const NTEE_MAJOR_GROUPS: readonly NteeMajorGroup[] = Object.freeze(
  (
    [
      ["A", "Arts, Culture & Humanities"],
      ["B", "Education"],
      ["C", "Environment"],
      ["D", "Animal-Related"],
      ["E", "Health Care"],
      ["F", "Mental Health & Crisis Intervention"],
      ["G", "Diseases, Disorders & Medical Disciplines"],
      ["H", "Medical Research"],
      ["I", "Crime & Legal-Related"],
      ["J", "Employment"],
      ["K", "Food, Agriculture & Nutrition"],
      ["L", "Housing & Shelter"],
      ["M", "Public Safety, Disaster Preparedness & Relief"],
      ["N", "Recreation & Sports"],
      ["O", "Youth Development"],
      ["P", "Human Services"],
      ["Q", "International, Foreign Affairs & National Security"],
      ["R", "Civil Rights, Social Action & Advocacy"],
      ["S", "Community Improvement & Capacity Building"],
      ["T", "Philanthropy, Voluntarism & Grantmaking Foundations"],
      ["U", "Science & Technology"],
      ["V", "Social Science"],
      ["W", "Public & Societal Benefit"],
      ["X", "Religion-Related"],
      ["Y", "Mutual & Membership Benefit"],
      ["Z", "Unknown"],
    ] as const
  ).map(([letter, category]) => Object.freeze({ letter, category, international: letter === "Q" })),
);

const byLetter = new Map(NTEE_MAJOR_GROUPS.map((g) => [g.letter, g]));

/**
 * The major group of an NTEE code or of a bare major-group letter ("B20", "e22i", "Q").
 * Case and surrounding spaces are ignored.
 * @returns the group, or null when the input is empty or does not start with a letter A..Z
 *   (the EO BMF has a few codes such as "050" or "0000" that name no group).
 */
export function nteeMajorGroup(code: string | null | undefined): NteeMajorGroup | null {
  const letter = code?.trim().charAt(0).toUpperCase();
  return (letter && byLetter.get(letter)) || null;
}

/**
 * The standard category name of an NTEE code's major group, e.g. "B20" -> "Education".
 * @returns null when the code names no major group.
 */
export function nteeCategory(code: string | null | undefined): string | null {
  return nteeMajorGroup(code)?.category ?? null;
}
