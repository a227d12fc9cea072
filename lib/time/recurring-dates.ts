/**
 * Calendar-month date math for monthly recurring gifts, in UTC. A gift made on the 31st is
 * charged on the last day of shorter months (Jan 31 -> Feb 28, or Feb 29 in a leap year ->
 * Mar 31) and goes back to the 31st when the month has one: the day of month of the gift's
 * start (its anchor day) is kept, never the clamped day of a previous period.
 */

/** Days in a UTC month (`month0` is 0..11; any integer is normalized into the year). */
export function daysInMonthUtc(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/**
 * `from` plus `months` calendar months, in UTC, on day `anchorDay` clamped to the target
 * month's last day; the time of day of `from` is kept.
 * @param anchorDay 1..31, the gift's day of month (default: the day of `from`).
 */
export function addMonthsUtc(from: Date, months: number, anchorDay: number = from.getUTCDate()): Date {
  const first = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  );
  first.setUTCDate(Math.min(anchorDay, daysInMonthUtc(first.getUTCFullYear(), first.getUTCMonth())));
  return first;
}

/**
 * The charge date after the period starting at `current`: one calendar month later on the
 * anchor day, then further months until it is after `now` (a period missed while the server
 * was down for over a month is not charged late in a burst).
 */
export function nextChargeDate(current: Date, anchorDay: number, now: Date = current): Date {
  let next = addMonthsUtc(current, 1, anchorDay);
  while (next.getTime() <= now.getTime()) next = addMonthsUtc(next, 1, anchorDay);
  return next;
}

/** The period's calendar date, YYYY-MM-DD in UTC (part of the period's idempotency key). */
export function periodDate(periodStart: Date): string {
  return periodStart.toISOString().slice(0, 10);
}

/**
 * The first charge date on `anchorDay` (clamped to short months) that is at or after
 * `notBefore`, looking from the month of `from` on; the time of day of `from` is kept. Used
 * when a donor moves the charge day, pauses or resumes a gift.
 */
export function firstChargeOnOrAfter(from: Date, anchorDay: number, notBefore: Date): Date {
  let next = addMonthsUtc(from, 0, anchorDay);
  while (next.getTime() < notBefore.getTime()) next = addMonthsUtc(next, 1, anchorDay);
  return next;
}

/** The gift's anchor day: the day the donor chose, else the day of month it started (UTC). */
export function anchorDayOf(gift: { chargeDay: number | null; createdAt: Date }): number {
  return gift.chargeDay ?? gift.createdAt.getUTCDate();
}
