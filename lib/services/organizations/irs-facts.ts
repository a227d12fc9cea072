/**
 * What the IRS file says about an organization, for its public profile: revenue and
 * assets (whole US dollars as reported, not cents) with the tax period they come from,
 * deductibility in plain words, foundation type and ruling year, from the EO BMF columns the
 * import keeps; and nearby organizations of the same NTEE major group, nearest first.
 * Public data only; no actor needed (the profile is public).
 */
import "server-only";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { displayCity, displayOrganizationName } from "@/lib/directory/display-name";
import { nteeDescription } from "@/lib/directory/ntee-descriptions";
import { organizations } from "@/models";

/** The IRS facts of one organization; null fields were blank in the file. */
export type IrsFacts = {
  legalName: string | null;
  /** Whole US dollars (REVENUE_AMT, ASSET_AMT), as filed. */
  revenueDollars: number | null;
  assetDollars: number | null;
  /** "December 2023" from TAX_PERIOD (YYYYMM). */
  taxPeriod: string | null;
  /** DEDUCTIBILITY in plain words (IRS EO BMF field description). */
  deductibility: string | null;
  /** FOUNDATION code in plain words (IRS EO BMF field description). */
  foundation: string | null;
  /** Year from RULING (YYYYMM). */
  rulingYear: number | null;
  /** NTEE code and its meaning, e.g. "E22 General Hospitals". */
  ntee: string | null;
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** IRS EO BMF DEDUCTIBILITY codes. */
const DEDUCTIBILITY: Readonly<Record<string, string>> = {
  "1": "Gifts are tax-deductible",
  "2": "Gifts are not tax-deductible",
  "4": "Gifts are tax-deductible by treaty (foreign organization)",
};

/** IRS EO BMF FOUNDATION codes (the organization's foundation status). */
const FOUNDATION: Readonly<Record<string, string>> = {
  "00": "All organizations except 501(c)(3)",
  "02": "Private operating foundation exempt from paying excise taxes on investment income",
  "03": "Private operating foundation (other)",
  "04": "Private non-operating foundation",
  "09": "Suspense",
  "10": "Church",
  "11": "School",
  "12": "Hospital or medical research organization",
  "13": "Organization which operates for the benefit of a college or university owned by a governmental unit",
  "14": "Governmental unit",
  "15": "Organization that receives a substantial part of its support from a governmental unit or the general public",
  "16": "Organization that normally receives no more than one-third of its support from gross investment income and more than one-third from contributions, fees and gross receipts",
  "17": "Organization operated solely for the benefit of and in conjunction with organizations described in 10 through 16",
  "18": "Organization organized and operated to test for public safety",
  "21": "509(a)(3) Type I supporting organization",
  "22": "509(a)(3) Type II supporting organization",
  "23": "509(a)(3) Type III functionally integrated supporting organization",
  "24": "509(a)(3) Type III non-functionally integrated supporting organization",
};

/** "202312" -> "December 2023"; null when not YYYYMM. */
export function taxPeriodText(period: string | null): string | null {
  const m = period ? /^(\d{4})(\d{2})$/.exec(period) : null;
  const month = m ? Number(m[2]) : 0;
  return m && month >= 1 && month <= 12 ? `${MONTHS[month - 1]} ${m[1]}` : null;
}

/**
 * The IRS facts of live, approved organization `organizationId`.
 * @returns null when there is no such organization or it has no IRS record (no EIN).
 */
export async function getIrsFacts({ organizationId }: { organizationId: string }): Promise<IrsFacts | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ein: organizations.ein,
      legalName: organizations.legalName,
      revenue: organizations.irsRevenueAmount,
      assets: organizations.irsAssetAmount,
      taxPeriod: organizations.irsTaxPeriod,
      deductibility: organizations.irsDeductibility,
      foundation: organizations.irsFoundation,
      ruling: organizations.irsRuling,
      ntee: organizations.nteeCode,
    })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.live, true), eq(organizations.approvalStatus, "approved")));
  if (!row || !row.ein) return null;
  const meaning = nteeDescription(row.ntee);
  return {
    legalName: row.legalName,
    revenueDollars: row.revenue,
    assetDollars: row.assets,
    taxPeriod: taxPeriodText(row.taxPeriod),
    deductibility: row.deductibility ? (DEDUCTIBILITY[row.deductibility] ?? null) : null,
    foundation: row.foundation ? (FOUNDATION[row.foundation.padStart(2, "0")] ?? null) : null,
    rulingYear: row.ruling && /^\d{6}$/.test(row.ruling) ? Number(row.ruling.slice(0, 4)) : null,
    ntee: row.ntee ? `${row.ntee}${meaning ? ` ${meaning.title}` : ""}` : null,
  };
}

/** A nearby organization of the same NTEE major group. */
export type NearbyOrganization = { _id: string; name: string; city: string | null; state: string | null; distanceMiles: number };

export type ListNearbyOrganizationsOptions = { organizationId: string; limit?: number; miles?: number };

/**
 * Up to `limit` live, approved organizations of the same NTEE major group within `miles` of the
 * organization, nearest first (bounding box on the location index, then the haversine distance).
 * @returns [] when the organization has no coordinates or no NTEE major group.
 */
export async function listNearbyOrganizations({ organizationId, limit = 5, miles = 25 }: ListNearbyOrganizationsOptions): Promise<NearbyOrganization[]> {
  const db = await getDb();
  const [me] = await db
    .select({ lat: organizations.latitude, lng: organizations.longitude, group: organizations.nteeMajorGroup })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!me || me.lat === null || me.lng === null || !me.group) return [];
  const dLat = miles / 69.05;
  const dLng = miles / (69.05 * Math.max(0.01, Math.cos((me.lat * Math.PI) / 180)));
  const distance = sql<number>`(7917.6 * asin(sqrt(power(sin(radians(${organizations.latitude} - ${me.lat}::float8) / 2), 2)
    + cos(radians(${me.lat}::float8)) * cos(radians(${organizations.latitude})) * power(sin(radians(${organizations.longitude} - ${me.lng}::float8) / 2), 2))))`;
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, legalName: organizations.legalName, city: organizations.city, state: organizations.state, zipcode: organizations.zipcode, miles: distance })
    .from(organizations)
    .where(
      and(
        eq(organizations.live, true),
        eq(organizations.approvalStatus, "approved"),
        eq(organizations.nteeMajorGroup, me.group),
        ne(organizations.id, organizationId),
        isNotNull(organizations.latitude),
        sql`point(${organizations.longitude}, ${organizations.latitude}) <@ box(point(${me.lng - dLng}::float8, ${me.lat - dLat}::float8), point(${me.lng + dLng}::float8, ${me.lat + dLat}::float8))`,
        sql`${distance} <= ${miles}`,
      ),
    )
    .orderBy(distance, organizations.name)
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    name: displayOrganizationName(r.name, r.legalName),
    city: displayCity(r.city, r.zipcode),
    state: r.state,
    distanceMiles: Math.round(Number(r.miles) * 10) / 10,
  }));
}
