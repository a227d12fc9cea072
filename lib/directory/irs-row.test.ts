import { IRS_COLUMNS, csvErrorReason, missingIrsColumns, normalizeIrsRecord, type IrsRecord } from "./irs-row";

/** A real row of the VT extract (Regulatory Assistance Project, Montpelier). */
const base: Record<string, string> = {
  EIN: "010471151",
  NAME: "REGULATORY ASSISTANCE PROJECT",
  ICO: "% FREDERICK W WESTON II DIRECTOR",
  STREET: "50 STATE ST",
  CITY: "MONTPELIER",
  STATE: "VT",
  ZIP: "05602-2957",
  GROUP: "0000",
  SUBSECTION: "03",
  AFFILIATION: "3",
  CLASSIFICATION: "1000",
  RULING: "199208",
  DEDUCTIBILITY: "1",
  FOUNDATION: "15",
  ACTIVITY: "149000000",
  ORGANIZATION: "1",
  STATUS: "01",
  TAX_PERIOD: "201812",
  ASSET_CD: "7",
  INCOME_CD: "7",
  FILING_REQ_CD: "01",
  PF_FILING_REQ_CD: "0",
  ACCT_PD: "12",
  ASSET_AMT: "7640348",
  INCOME_AMT: "7980411",
  REVENUE_AMT: "7980411",
  NTEE_CD: "C40Z",
  SORT_NAME: "",
};
const record = (changes: Record<string, string> = {}): IrsRecord => ({ ...base, ...changes });

function reasonOf(changes: Record<string, string>): string | undefined {
  const result = normalizeIrsRecord(record(changes));
  return result.ok ? undefined : result.reason;
}

describe("normalizeIrsRecord", () => {
  test("a valid record becomes the organization columns", () => {
    const result = normalizeIrsRecord(record());
    if (!result.ok) throw new Error(result.reason);
    expect(result.row).toEqual({
      ein: "010471151",
      name: "REGULATORY ASSISTANCE PROJECT",
      legalName: "REGULATORY ASSISTANCE PROJECT",
      careOfName: "FREDERICK W WESTON II DIRECTOR",
      sortName: null,
      addressLine1: "50 STATE ST",
      city: "MONTPELIER",
      state: "VT",
      zipcode: "05602",
      latitude: 44.2641,
      longitude: -72.577,
      nteeCode: "C40Z",
      nteeMajorGroup: "C",
      category: "Environment",
      international: false,
      irsGroupExemption: "0000",
      irsSubsection: "03",
      irsAffiliation: "3",
      irsClassification: "1000",
      irsRuling: "199208",
      irsDeductibility: "1",
      irsFoundation: "15",
      irsActivity: "149000000",
      irsOrganization: "1",
      irsStatus: "01",
      irsTaxPeriod: "201812",
      irsAssetCode: "7",
      irsIncomeCode: "7",
      irsFilingRequirement: "01",
      irsPfFilingRequirement: "0",
      irsAccountingPeriod: "12",
      irsAssetAmount: 7640348,
      irsIncomeAmount: 7980411,
      irsRevenueAmount: 7980411,
      irsRowHash: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  test("EIN must be exactly 9 digits; leading zeros are kept", () => {
    expect(reasonOf({ EIN: "10471151" })).toBe("EIN must be 9 digits");
    expect(reasonOf({ EIN: "01-0471151" })).toBe("EIN must be 9 digits");
    expect(reasonOf({ EIN: "0104711510" })).toBe("EIN must be 9 digits");
    expect(reasonOf({ EIN: "" })).toBe("EIN must be 9 digits");
    const ok = normalizeIrsRecord(record({ EIN: " 000000042 " }));
    expect(ok.ok && ok.row.ein).toBe("000000042");
  });

  test("NAME is required, STATE is 2 letters, ZIP 5 or 9 digits", () => {
    expect(reasonOf({ NAME: "  " })).toBe("NAME is required");
    expect(reasonOf({ STATE: "Vermont" })).toBe("STATE must be 2 letters");
    expect(reasonOf({ STATE: "" })).toBe("STATE must be 2 letters");
    expect(reasonOf({ ZIP: "ABCDE" })).toBe("ZIP must be 5 or 9 digits");
    expect(reasonOf({ ZIP: "5602" })).toBe("ZIP must be 5 or 9 digits");
    const lower = normalizeIrsRecord(record({ STATE: "vt", ZIP: "056022957" }));
    expect(lower.ok && [lower.row.state, lower.row.zipcode]).toEqual(["VT", "05602"]);
    const nowhere = normalizeIrsRecord(record({ ZIP: "", CITY: "NO SUCH PLACE" }));
    expect(nowhere.ok && [nowhere.row.zipcode, nowhere.row.latitude, nowhere.row.longitude]).toEqual([null, null, null]);
  });

  test("a ZIP the ZIP data lacks (or none) takes the center of the organization's city in its state", () => {
    // 89437 (Sparks, NV) is newer than the ZIP data: The Food Bank of Northern Nevada's ZIP.
    const sparks = normalizeIrsRecord(record({ CITY: "SPARKS", STATE: "NV", ZIP: "89437" }));
    expect(sparks.ok && sparks.row.zipcode).toBe("89437");
    expect(sparks.ok && sparks.row.latitude).toBeCloseTo(39.55, 0);
    expect(sparks.ok && sparks.row.longitude).toBeCloseTo(-119.75, 0);
    // IRS abbreviations of the city are expanded first ("S BURLINGTON" is South Burlington).
    const south = normalizeIrsRecord(record({ CITY: "S BURLINGTON", ZIP: "" }));
    expect(south.ok && south.row.latitude).toBeCloseTo(44.45, 1);
    // The city must be in the organization's state.
    const wrongState = normalizeIrsRecord(record({ CITY: "SPARKS", STATE: "VT", ZIP: "" }));
    expect(wrongState.ok && wrongState.row.latitude).toBeNull();
  });

  test("amounts are whole dollars: blank is null, negative allowed, anything else malformed", () => {
    const blank = normalizeIrsRecord(record({ ASSET_AMT: "", INCOME_AMT: " ", REVENUE_AMT: "-1250" }));
    expect(blank.ok && [blank.row.irsAssetAmount, blank.row.irsIncomeAmount, blank.row.irsRevenueAmount]).toEqual([null, null, -1250]);
    expect(reasonOf({ ASSET_AMT: "12.50" })).toBe("ASSET_AMT must be a whole number of dollars");
    expect(reasonOf({ INCOME_AMT: "1,000" })).toBe("INCOME_AMT must be a whole number of dollars");
    expect(reasonOf({ REVENUE_AMT: "n/a" })).toBe("REVENUE_AMT must be a whole number of dollars");
    expect(reasonOf({ REVENUE_AMT: "99999999999999999999" })).toBe("REVENUE_AMT must be a whole number of dollars");
  });

  test("NTEE: group and category from the first letter, Q is international, a code naming no group is dropped", () => {
    const q = normalizeIrsRecord(record({ NTEE_CD: "q30" }));
    expect(q.ok && [q.row.nteeCode, q.row.nteeMajorGroup, q.row.category, q.row.international]).toEqual([
      "Q30",
      "Q",
      "International, Foreign Affairs & National Security",
      true,
    ]);
    for (const code of ["", "050"]) {
      const none = normalizeIrsRecord(record({ NTEE_CD: code }));
      expect(none.ok && [none.row.nteeCode, none.row.nteeMajorGroup, none.row.category, none.row.international]).toEqual([
        null,
        null,
        null,
        false,
      ]);
    }
  });

  test("the row hash ignores spacing but changes with any imported value", () => {
    const hash = (changes: Record<string, string> = {}) => {
      const r = normalizeIrsRecord(record(changes));
      if (!r.ok) throw new Error(r.reason);
      return r.row.irsRowHash;
    };
    expect(hash({ NAME: "  REGULATORY ASSISTANCE PROJECT " })).toBe(hash());
    expect(hash({ NAME: "REGULATORY ASSISTANCE PROJECT INC" })).not.toBe(hash());
    expect(hash({ ASSET_AMT: "7640349" })).not.toBe(hash());
    expect(hash({ SORT_NAME: "RAP" })).not.toBe(hash());
    // A blank value and a literal value must not collide.
    expect(hash({ SORT_NAME: "" })).not.toBe(hash({ SORT_NAME: "\u0000" }));
  });
});

describe("CSV-level reasons and header check", () => {
  test("csv-parse error codes map to short reasons", () => {
    expect(csvErrorReason("CSV_RECORD_INCONSISTENT_COLUMNS")).toBe("wrong number of columns");
    expect(csvErrorReason("CSV_QUOTE_NOT_CLOSED")).toBe("badly quoted field");
    expect(csvErrorReason("CSV_INVALID_CLOSING_QUOTE")).toBe("badly quoted field");
    expect(csvErrorReason(undefined)).toBe("unreadable CSV record");
  });

  test("a header must have every EO BMF column (extra ones allowed)", () => {
    expect(missingIrsColumns([...IRS_COLUMNS, "NEW_IRS_COLUMN"])).toEqual([]);
    expect(missingIrsColumns(IRS_COLUMNS.map((c) => c.toLowerCase()))).toEqual([]);
    expect(missingIrsColumns(IRS_COLUMNS.filter((c) => c !== "EIN" && c !== "ZIP"))).toEqual(["EIN", "ZIP"]);
  });
});
