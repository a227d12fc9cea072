/**
 * An organization's federal tax status in plain words, for donors deciding where to give: its
 * 501(c) subsection and whether a gift to it is tax-deductible. Both come from the IRS Exempt
 * Organizations Business Master File (EO BMF): SUBSECTION ("03" = 501(c)(3)) and DEDUCTIBILITY
 * (1 = contributions are deductible, 2 = not deductible, 4 = deductible by treaty, foreign
 * organization). Deductibility follows the IRS code only; the subsection never implies it
 * (some 501(c)(4) organizations have code 1, some 501(c)(3) ones have none).
 */

/** The tax status shown at checkout. */
export type TaxStatus = {
  /** "501(c)(3) nonprofit", "501(c)(4) nonprofit", …; null when the subsection is unknown. */
  status: string | null;
  /** True for deductibility codes 1 and 4, false for 2, null when the file has no code. */
  deductible: boolean | null;
  /** One sentence for the donor, e.g. "Your gift is tax-deductible to the extent allowed by law." */
  sentence: string;
};

/**
 * The tax status of an organization from its EO BMF SUBSECTION and DEDUCTIBILITY codes.
 * @param subsection two digits ("03"), or null; "92" is a 4947(a)(1) nonexempt charitable trust.
 * @param deductibility "1", "2" or "4", or null / another value (unknown).
 */
export function taxStatusOf(subsection: string | null, deductibility: string | null): TaxStatus {
  const n = subsection && /^\d{1,2}$/.test(subsection) ? Number(subsection) : null;
  const status =
    n !== null && n >= 1 && n <= 40 ? `501(c)(${n}) nonprofit` : subsection === "92" ? "4947(a)(1) charitable trust" : null;
  switch (deductibility) {
    case "1":
      return { status, deductible: true, sentence: "Your gift is tax-deductible to the extent allowed by law." };
    case "4":
      return { status, deductible: true, sentence: "Your gift is tax-deductible only under a tax treaty with the organization's country." };
    case "2":
      return { status, deductible: false, sentence: "Your gift is not tax-deductible as a charitable contribution." };
    default:
      return { status, deductible: null, sentence: "The IRS file does not say whether gifts to this organization are tax-deductible." };
  }
}
