/**
 * Instants shown and entered in a given IANA time zone, safe for browser
 * code: no directory data is imported here (the zone of an organization comes from
 * lib/time/organization-time-zone.ts on the server). Formatting uses the runtime's Intl (ICU
 * time zone data); wall-clock times are turned into instants with @date-fns/tz's TZDate, so
 * daylight saving time follows the IANA rules. All instants are UTC Dates or ISO 8601 strings.
 */
import { TZDate } from "@date-fns/tz";

/** Fallback zone when an organization's place gives none. */
export const DEFAULT_TIME_ZONE = "UTC";

const toDate = (instant: Date | string): Date => {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid instant");
  return date;
};

/**
 * An instant shown in a time zone with the zone's short name, e.g.
 * "Sat, Mar 14, 2026, 2:00 PM EDT" (or "2:00 PM EST" with `{ timeOnly: true }`).
 * @param instant a Date or an ISO 8601 string (UTC or with an offset).
 * @param timeZone an IANA zone name, e.g. from organizationTimeZone().
 * @throws RangeError when the instant is invalid or the zone unknown to the runtime.
 */
export function formatInTimeZone(instant: Date | string, timeZone: string, options: { timeOnly?: boolean; long?: boolean } = {}): string {
  const date = toDate(instant);
  const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" }).format(date);
  return options.timeOnly ? time : `${formatDayInTimeZone(date, timeZone, options)}, ${time}`;
}

/**
 * The calendar day of an instant in a zone: "Sat, Mar 14, 2026" (long: "Saturday, March 14,
 * 2026"; `weekday: false`: "Mar 14, 2026").
 */
export function formatDayInTimeZone(instant: Date | string, timeZone: string, options: { long?: boolean; weekday?: boolean } = {}): string {
  const date = toDate(instant);
  const weekday = options.weekday === false ? {} : { weekday: options.long ? ("long" as const) : ("short" as const) };
  const day: Intl.DateTimeFormatOptions = { ...weekday, month: options.long ? "long" : "short", day: "numeric", year: "numeric" };
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
  if (zonedCalendarDay(startsAt, timeZone) === zonedCalendarDay(endsAt, timeZone)) {
    const startTime = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(startsAt));
    return `${formatDayInTimeZone(startsAt, timeZone, options)}, ${startTime} – ${formatInTimeZone(endsAt, timeZone, { timeOnly: true })}`;
  }
  return `${start} – ${formatInTimeZone(endsAt, timeZone, options)}`;
}

/**
 * A zone's name for people: its generic long name ("Eastern Time", "Mountain Standard Time"
 * for Arizona), or "UTC". @throws RangeError for a zone unknown to the runtime.
 */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  if (timeZone === DEFAULT_TIME_ZONE) return "UTC";
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" }).formatToParts(at).find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** The zone's short name at an instant: "EST" in January, "EDT" in July, "UTC". */
export function timeZoneAbbreviation(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar day of an instant in a zone, "YYYY-MM-DD". @throws RangeError for an invalid instant. */
export function zonedCalendarDay(instant: Date | string, timeZone: string): string {
  const d = new TZDate(toDate(instant).getTime(), timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The instant a calendar day begins in a zone (its local midnight), as a UTC Date.
 * @param day "YYYY-MM-DD"; a day past the month's end rolls over (2026-01-32 is February 1).
 */
export function zonedDayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, timeZone).getTime());
}

/** The day after a calendar day: "2026-02-28" -> "2026-03-01". */
export function nextCalendarDay(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** An instant (ISO 8601) as the value of a datetime-local input in a zone ("2026-03-14T14:00"); "" for none. */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const d = new TZDate(toDate(iso).getTime(), timeZone);
  return `${zonedCalendarDay(iso, timeZone)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value read as a wall-clock time in `timeZone` -> an ISO 8601 instant in UTC.
 * "" stays "" (no time given); anything that is not "YYYY-MM-DDTHH:mm" gives null. A time that
 * does not exist locally (skipped by daylight saving time) moves forward with the clocks.
 */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const v = value.trim();
  if (!v) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(v);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const instant = new TZDate(y, mo - 1, d, h, mi, timeZone);
  if (instant.getDate() !== d) return null;
  return new Date(instant.getTime()).toISOString();
}
