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
export function truncateCampaignName(name: string): string {
  return name.length > 25 ? `${name.slice(0, 24)}…` : name;
}
