/**
 * Times in an organization's own time zone (issue 16 point 3). The zone is an IANA zone name
 * ("America/New_York") taken from the organization's two-letter state, or from its ZIP code
 * when the state is missing; formatting is done by the runtime's Intl (ICU time zone data),
 * so daylight saving time follows the IANA rules. Reports and analytics may use the same
 * functions; CSV exports keep ISO 8601 timestamps in UTC.
 *
 * States that span two zones get the zone where most of their people live (e.g. Texas:
 * Central, Florida: Eastern, Oregon: Pacific, Idaho: Mountain); Arizona does not observe
 * daylight saving time (America/Phoenix). Unknown places fall back to UTC, shown as "UTC".
 */
import { zipToState } from "@/lib/directory/zip";

/** Fallback zone when neither state nor ZIP is known. */
export const DEFAULT_TIME_ZONE = "UTC";

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
 * An instant shown in a time zone with the zone's short name, e.g.
 * "Sat, Mar 14, 2026, 2:00 PM EDT" (or "2:00 PM EST" with `{ timeOnly: true }`).
 * @param instant a Date or an ISO 8601 string (UTC or with an offset).
 * @param timeZone an IANA zone name, e.g. from organizationTimeZone().
 * @throws RangeError when the instant is invalid or the zone unknown to the runtime.
 */
export function formatInTimeZone(instant: Date | string, timeZone: string, options: { timeOnly?: boolean; long?: boolean } = {}): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid instant");
  const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" }).format(date);
  return options.timeOnly ? time : `${formatDayInTimeZone(date, timeZone, options)}, ${time}`;
}

/** The calendar day of an instant in a zone: "Sat, Mar 14, 2026" (long: "Saturday, March 14, 2026"). */
export function formatDayInTimeZone(instant: Date | string, timeZone: string, options: { long?: boolean } = {}): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const day: Intl.DateTimeFormatOptions = options.long
    ? { weekday: "long", month: "long", day: "numeric", year: "numeric" }
    : { weekday: "short", month: "short", day: "numeric", year: "numeric" };
  return new Intl.DateTimeFormat("en-US", { ...day, timeZone }).format(date);
}

/**
 * The start and end of an event in one line, the zone named once when both fall on the same
 * day ("Sat, Mar 14, 2026, 2:00 PM – 4:00 PM EDT").
 * @param endsAt optional end instant (ISO 8601).
 */
export function formatTimeRange(startsAt: string, endsAt: string | null, timeZone: string, options: { long?: boolean } = {}): string {
  const start = formatInTimeZone(startsAt, timeZone, options);
  if (!endsAt) return start;
  const dayOf = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
  if (dayOf(startsAt) === dayOf(endsAt)) {
    const startTime = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(startsAt));
    return `${formatDayInTimeZone(startsAt, timeZone, options)}, ${startTime} – ${formatInTimeZone(endsAt, timeZone, { timeOnly: true })}`;
  }
  return `${start} – ${formatInTimeZone(endsAt, timeZone, options)}`;
}
