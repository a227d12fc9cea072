/**
 * Types for the `zipcodes` package (8.x), which ships none: only the parts lib/directory uses.
 * Lookups take ZIPs as strings ("05602"); numbers lose leading zeros.
 */
declare module "zipcodes" {
  export type ZipCodeInfo = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    /** Two-letter state for the US; a province name for Canada. */
    state: string;
    country: "US" | "Canada";
  };
  /** Every known code by ZIP (US) or forward sortation area (Canada). */
  export const codes: Record<string, ZipCodeInfo>;
  export function lookup(zip: string): ZipCodeInfo | undefined;
  const zipcodes: { codes: typeof codes; lookup: typeof lookup };
  export default zipcodes;
}
