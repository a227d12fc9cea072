/**
 * One record of the IRS Exempt Organizations Business Master File (EO BMF) CSV: validation
 * and normalization into the columns the importer writes to `organizations`.
 *
 * A record is rejected (and the importer skips it) only when it cannot name an organization
 * reliably: a bad EIN, no name, a bad state or ZIP, or an amount that is not a number. Other
 * IRS codes are kept as given (trimmed, blank -> null) because their meaning is the IRS's.
 * Amounts are whole US dollars as reported to the IRS, never cents.
 */
import { createHash } from "node:crypto";
import type { organizations } from "@/models";
import { nteeMajorGroup } from "./ntee";
import { displayCity } from "./display-name";
import { cityCenterIn, normalizeZip, zipToCoordinates } from "./zip";

/** The columns of an EO BMF extract, in file order. */
export const IRS_COLUMNS = [
  "EIN",
  "NAME",
  "ICO",
  "STREET",
  "CITY",
  "STATE",
  "ZIP",
  "GROUP",
  "SUBSECTION",
  "AFFILIATION",
  "CLASSIFICATION",
  "RULING",
  "DEDUCTIBILITY",
  "FOUNDATION",
  "ACTIVITY",
  "ORGANIZATION",
  "STATUS",
  "TAX_PERIOD",
  "ASSET_CD",
  "INCOME_CD",
  "FILING_REQ_CD",
  "PF_FILING_REQ_CD",
  "ACCT_PD",
  "ASSET_AMT",
  "INCOME_AMT",
  "REVENUE_AMT",
  "NTEE_CD",
  "SORT_NAME",
] as const;

export type IrsColumn = (typeof IRS_COLUMNS)[number];
/** A parsed CSV record keyed by header name (extra columns are ignored). */
export type IrsRecord = Readonly<Record<string, string | undefined>>;

type OrganizationInsert = typeof organizations.$inferInsert;

/** Columns the importer sets from an IRS record (every one present; null when blank). */
export type IrsOrganizationRow = Required<
  Pick<
    OrganizationInsert,
    | "ein"
    | "name"
    | "legalName"
    | "careOfName"
    | "sortName"
    | "addressLine1"
    | "city"
    | "state"
    | "zipcode"
    | "latitude"
    | "longitude"
    | "nteeCode"
    | "nteeMajorGroup"
    | "category"
    | "international"
    | "irsGroupExemption"
    | "irsSubsection"
    | "irsAffiliation"
    | "irsClassification"
    | "irsRuling"
    | "irsDeductibility"
    | "irsFoundation"
    | "irsActivity"
    | "irsOrganization"
    | "irsStatus"
    | "irsTaxPeriod"
    | "irsAssetCode"
    | "irsIncomeCode"
    | "irsFilingRequirement"
    | "irsPfFilingRequirement"
    | "irsAccountingPeriod"
    | "irsAssetAmount"
    | "irsIncomeAmount"
    | "irsRevenueAmount"
    | "irsRowHash"
  >
> & { ein: string; name: string; legalName: string; state: string };

/** The outcome of normalizing one record: the row to write, or why it was rejected. */
export type IrsRowResult = { ok: true; row: IrsOrganizationRow } | { ok: false; reason: string };

/** Reasons given for rejected records (also the keys of ImportSummary.skippedByReason). */
export const IRS_ROW_REASONS = {
  columns: "wrong number of columns",
  quote: "badly quoted field",
  unreadable: "unreadable CSV record",
  ein: "EIN must be 9 digits",
  name: "NAME is required",
  state: "STATE must be 2 letters",
  zip: "ZIP must be 5 or 9 digits",
  amount: (column: string) => `${column} must be a whole number of dollars`,
} as const;

/**
 * A short reason for a record csv-parse could not read, from its error code
 * (e.g. CSV_RECORD_INCONSISTENT_COLUMNS -> "wrong number of columns").
 */
export function csvErrorReason(code: string | undefined): string {
  switch (code) {
    case "CSV_RECORD_INCONSISTENT_COLUMNS":
    case "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH":
      return IRS_ROW_REASONS.columns;
    case "CSV_QUOTE_NOT_CLOSED":
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return IRS_ROW_REASONS.quote;
    default:
      return IRS_ROW_REASONS.unreadable;
  }
}

/**
 * The header columns an EO BMF file must have but `header` lacks (empty when it is usable).
 * Extra columns are allowed: the IRS has added columns over the years.
 */
export function missingIrsColumns(header: readonly string[]): IrsColumn[] {
  const present = new Set(header.map((h) => h.trim().toUpperCase()));
  return IRS_COLUMNS.filter((c) => !present.has(c));
}

/** Version of the normalization below: bump it to make the next import rewrite every row. */
// v2: coordinates of a ZIP the ZIP data lacks come from the city center.
const HASH_VERSION = "irs-row-v2";

/** The columns the row hash covers: every column taken from the record as such. */
const HASHED_KEYS = [
  "ein",
  "name",
  "careOfName",
  "sortName",
  "addressLine1",
  "city",
  "state",
  "zipcode",
  "nteeCode",
  "irsGroupExemption",
  "irsSubsection",
  "irsAffiliation",
  "irsClassification",
  "irsRuling",
  "irsDeductibility",
  "irsFoundation",
  "irsActivity",
  "irsOrganization",
  "irsStatus",
  "irsTaxPeriod",
  "irsAssetCode",
  "irsIncomeCode",
  "irsFilingRequirement",
  "irsPfFilingRequirement",
  "irsAccountingPeriod",
  "irsAssetAmount",
  "irsIncomeAmount",
  "irsRevenueAmount",
] as const satisfies readonly (keyof IrsOrganizationRow)[];

function text(value: string | undefined): string | null {
  const t = value?.trim();
  return t ? t : null;
}

/** Whole dollars, possibly negative; undefined when malformed. */
function dollars(value: string | undefined): number | null | undefined {
  const t = value?.trim();
  if (!t) return null;
  if (!/^-?\d+$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Validate and normalize one EO BMF record into the organization columns the importer writes.
 *
 * - EIN: exactly 9 digits, kept as text (leading zeros matter).
 * - NAME required; it is both the (public) name and the legal name: a claimed organization's
 *   nonprofit owns its name, while the import keeps refreshing legalName.
 * - ICO loses the IRS "% " (in care of) prefix.
 * - STATE: 2 letters, upper-cased. ZIP: 5 or 9 digits ("05602-2957"), stored as 5 digits,
 *   blank allowed; latitude/longitude come from the ZIP, else from the center of the city in
 *   its state (null when neither is known).
 * - ASSET_AMT, INCOME_AMT, REVENUE_AMT: whole dollars (blank -> null, negative allowed).
 * - NTEE_CD: upper-cased; a code that names no major group (e.g. "050") is stored as null.
 *   Major group Q (international) sets `international`.
 * - irsRowHash: sha1 of the normalized fields, so an unchanged record writes nothing.
 * @returns { ok: true, row } or { ok: false, reason } with a short reason such as
 *   "EIN must be 9 digits". Never throws.
 */
export function normalizeIrsRecord(record: IrsRecord): IrsRowResult {
  const ein = record.EIN?.trim() ?? "";
  if (!/^\d{9}$/.test(ein)) return { ok: false, reason: IRS_ROW_REASONS.ein };
  const name = text(record.NAME);
  if (!name) return { ok: false, reason: IRS_ROW_REASONS.name };
  const state = record.STATE?.trim().toUpperCase() ?? "";
  if (!/^[A-Z]{2}$/.test(state)) return { ok: false, reason: IRS_ROW_REASONS.state };
  const rawZip = text(record.ZIP);
  const zipcode = rawZip === null ? null : normalizeZip(rawZip);
  if (rawZip !== null && zipcode === null) return { ok: false, reason: IRS_ROW_REASONS.zip };

  const irsAssetAmount = dollars(record.ASSET_AMT);
  if (irsAssetAmount === undefined) return { ok: false, reason: IRS_ROW_REASONS.amount("ASSET_AMT") };
  const irsIncomeAmount = dollars(record.INCOME_AMT);
  if (irsIncomeAmount === undefined) return { ok: false, reason: IRS_ROW_REASONS.amount("INCOME_AMT") };
  const irsRevenueAmount = dollars(record.REVENUE_AMT);
  if (irsRevenueAmount === undefined) return { ok: false, reason: IRS_ROW_REASONS.amount("REVENUE_AMT") };

  const rawNtee = text(record.NTEE_CD)?.toUpperCase() ?? null;
  const group = nteeMajorGroup(rawNtee);
  const nteeCode = group ? rawNtee : null;
  const city = text(record.CITY);
  // A ZIP newer than the ZIP data: the center of its city, so distance and place search still find it.
  const coordinates = zipToCoordinates(zipcode) ?? cityCenterIn(city, state) ?? cityCenterIn(displayCity(city), state);
  const careOf = text(record.ICO);

  const row: IrsOrganizationRow = {
    ein,
    name,
    legalName: name,
    careOfName: careOf ? text(careOf.replace(/^%\s*/, "")) : null,
    sortName: text(record.SORT_NAME),
    addressLine1: text(record.STREET),
    city,
    state,
    zipcode,
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    nteeCode,
    nteeMajorGroup: group?.letter ?? null,
    category: group?.category ?? null,
    international: group?.international ?? false,
    irsGroupExemption: text(record.GROUP),
    irsSubsection: text(record.SUBSECTION),
    irsAffiliation: text(record.AFFILIATION),
    irsClassification: text(record.CLASSIFICATION),
    irsRuling: text(record.RULING),
    irsDeductibility: text(record.DEDUCTIBILITY),
    irsFoundation: text(record.FOUNDATION),
    irsActivity: text(record.ACTIVITY),
    irsOrganization: text(record.ORGANIZATION),
    irsStatus: text(record.STATUS),
    irsTaxPeriod: text(record.TAX_PERIOD),
    irsAssetCode: text(record.ASSET_CD),
    irsIncomeCode: text(record.INCOME_CD),
    irsFilingRequirement: text(record.FILING_REQ_CD),
    irsPfFilingRequirement: text(record.PF_FILING_REQ_CD),
    irsAccountingPeriod: text(record.ACCT_PD),
    irsAssetAmount,
    irsIncomeAmount,
    irsRevenueAmount,
    irsRowHash: "",
  };
  row.irsRowHash = rowHash(row);
  return { ok: true, row };
}

/**
 * sha1 (hex) of the normalized values. Derived columns (coordinates, NTEE group, category,
 * international) follow from hashed ones and stay out. Each value is length-prefixed ("-" for
 * null), so no two different rows can give the same text, and the text goes into the hash in
 * one call (cheaper than JSON.stringify or one call per value).
 */
function rowHash(row: IrsOrganizationRow): string {
  let text = HASH_VERSION;
  for (const key of HASHED_KEYS) {
    const value = row[key];
    if (value === null) text += "|-";
    else {
      const s = String(value);
      text += `|${s.length}:${s}`;
    }
  }
  return createHash("sha1").update(text).digest("hex");
}
