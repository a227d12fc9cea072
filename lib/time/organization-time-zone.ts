/**
 * Times in an organization's own time zone. The zone is an IANA zone name
 * ("America/New_York") taken from the organization's two-letter state, or from its ZIP code
 * when the state is missing; formatting is done by the runtime's Intl (ICU time zone data),
 * so daylight saving time follows the IANA rules. Events, the donation report and analytics
 * show times in this zone; CSV exports keep ISO 8601 timestamps in UTC.
 *
 * States that span two zones get the zone where most of their people live (e.g. Texas:
 * Central, Florida: Eastern, Oregon: Pacific, Idaho: Mountain); Arizona does not observe
 * daylight saving time (America/Phoenix). Unknown places fall back to UTC, shown as "UTC".
 */
import { zipToState } from "@/lib/directory/zip";
import { DEFAULT_TIME_ZONE } from "./zoned-time";

// Formatting in a zone lives in ./zoned-time (browser-safe: no ZIP database); re-exported here.
export { DEFAULT_TIME_ZONE, formatDayInTimeZone, formatInTimeZone, formatTimeRange, timeZoneLabel } from "./zoned-time";

/** Two-letter US state or territory code -> IANA time zone. */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: "America/Chicago", AK: "America/Anchorage", AZ: "America/Phoenix", AR: "America/Chicago",
  CA: "America/Los_Angeles", CO: "America/Denver", CT: "America/New_York", DE: "America/New_York",
  DC: "America/New_York", FL: "America/New_York", GA: "America/New_York", HI: "Pacific/Honolulu",
  ID: "America/Boise", IL: "America/Chicago", IN: "America/Indiana/Indianapolis", IA: "America/Chicago",
  KS: "America/Chicago", KY: "America/New_York", LA: "America/Chicago", ME: "America/New_York",
  MD: "America/New_York", MA: "America/New_York", MI: "America/Detroit", MN: "America/Chicago",
  MS: "America/Chicago", MO: "America/Chicago", MT: "America/Denver", NE: "America/Chicago",
  NV: "America/Los_Angeles", NH: "America/New_York", NJ: "America/New_York", NM: "America/Denver",
  NY: "America/New_York", NC: "America/New_York", ND: "America/Chicago", OH: "America/New_York",
  OK: "America/Chicago", OR: "America/Los_Angeles", PA: "America/New_York", RI: "America/New_York",
  SC: "America/New_York", SD: "America/Chicago", TN: "America/Chicago", TX: "America/Chicago",
  UT: "America/Denver", VT: "America/New_York", VA: "America/New_York", WA: "America/Los_Angeles",
  WV: "America/New_York", WI: "America/Chicago", WY: "America/Denver", PR: "America/Puerto_Rico",
  GU: "Pacific/Guam", VI: "America/St_Thomas", AS: "Pacific/Pago_Pago", MP: "Pacific/Saipan",
};

/**
 * The IANA time zone of a place in the US.
 * @param place.state two-letter state code (case-insensitive); preferred when known.
 * @param place.zipcode 5- or 9-digit ZIP, used when the state is missing or unknown.
 * @returns an IANA zone name; DEFAULT_TIME_ZONE ("UTC") when neither gives a zone.
 */
export function organizationTimeZone(place: { state?: string | null; zipcode?: string | null }): string {
  const state = place.state?.trim().toUpperCase();
  if (state && Object.hasOwn(STATE_TIME_ZONES, state)) return STATE_TIME_ZONES[state]!;
  const fromZip = place.zipcode ? zipToState(place.zipcode) : null;
  if (fromZip && Object.hasOwn(STATE_TIME_ZONES, fromZip)) return STATE_TIME_ZONES[fromZip]!;
  return DEFAULT_TIME_ZONE;
}

/**
 * The zone an event's times are entered and shown in: its organization's, and the event's own
 * place where the organization's state or ZIP is missing.
 */
export function eventTimeZone(organization: { state: string | null; zipcode: string | null }, event: { state: string | null; zipcode: string | null }): string {
  return organizationTimeZone({ state: organization.state ?? event.state, zipcode: organization.zipcode ?? event.zipcode });
}
