/**
 * Money is an integer number of cents everywhere (spec section 9: amounts stored in cents and
 * shown in dollars with two decimals). Format only at the edge of the UI or a CSV.
 */
export type Cents = number;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 -> "$1,234.56". */
export function formatCents(cents: Cents): string {
  return usd.format(cents / 100);
}

/** A typed dollar amount: up to 13 whole digits (every cent stays exact in a JS number), two decimals. */
const DOLLARS = /^(\d{1,13})(?:\.(\d{0,2}))?$/;

/**
 * A dollar amount as a person types it -> integer cents, exactly: "25" -> 2500,
 * "25.5" -> 2550, "$1,025.00" -> 102500, 12.34 -> 1234. Dollar signs, commas and spaces are
 * ignored; at most two decimals and 13 whole digits. The digits are read as text (never
 * `Math.round(Number(x) * 100)`), so "1.005" is refused rather than rounded and nothing is
 * lost to floating point. Returns null when the input is not such an amount (empty, negative,
 * "1e3", three decimals, too many digits, NaN/Infinity). Range rules (minimum gift, largest
 * goal) belong to the caller.
 */
export function parseDollarsToCents(input: string | number): Cents | null {
  const text = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input;
  const match = DOLLARS.exec(text.replace(/[$,\s]/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 123456 -> "1234.56" (for CSV: no symbol, no grouping). */
export function centsToDecimalString(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Spec section 9: progress percent = round(progress / goal x 100); 0 when there is no goal. */
export function progressPercent(progress: Cents, goal: Cents): number {
  if (!goal || goal <= 0) return 0;
  return Math.round((progress / goal) * 100);
}

/** Spec section 9: campaign names over 25 characters show 24 and an ellipsis. */
export function truncateFundraiserName(name: string): string {
  return name.length > 25 ? `${name.slice(0, 24)}…` : name;
}
