/**
 * A tribute's limits, its empty value and the calendar-day helpers of its card, without zod:
 * the checkout form's dedication fields use them before (and without) loading the checkout
 * schema (lib/validations/donation.ts, which validates with them).
 */
import type { tributeSchema } from "./donation";
import type { z } from "zod";

type TributeFormInput = z.input<typeof tributeSchema>;

/** The longest honoree name and card message a tribute takes (characters). */
export const TRIBUTE_NAME_MAX = 100;
export const TRIBUTE_MESSAGE_MAX = 500;

/** True when the runtime knows IANA zone `timeZone` (e.g. "America/Chicago"). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * "YYYY-MM-DD" of `now` in IANA zone `timeZone` (a known zone: see isTimeZone), from the
 * runtime's own time-zone data (Intl; the en-CA calendar date is written year-month-day).
 */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The same calendar day one year after `day` ("YYYY-MM-DD"; February 29 gives March 1). */
export function sameDayNextYear(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
}

/** No tribute: the checkout form's initial dedication and a body's default. */
export const NO_TRIBUTE = { type: "", name: "", sendCard: false, recipientName: "", recipientEmail: "", message: "", sendOn: "", timeZone: "", showAmount: false } as const satisfies TributeFormInput;
