/**
 * As-you-type formatting of the sandbox provider's test-card fields (real providers format
 * their own fields). The results still pass the shared card schema
 * (lib/validations/donation.ts `cardSchema`), which strips the spaces again.
 */

/** Card number: digits only, at most 19, in groups of 4 ("4242424242424242" -> "4242 4242 4242 4242"). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * Expiry as MM/YY: digits only, at most 4, the slash added after the month ("1230" -> "12/30").
 * A first digit of 2 to 9 can only be a one-digit month, so it gets its leading zero ("4" -> "04").
 * A bare "12" stays without a slash so that deleting backwards is not blocked by it. An autofilled
 * "12/2030" keeps the year's last two digits.
 */
export function formatExpiry(input: string): string {
  const full = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(input);
  let digits = full ? `${full[1]!.padStart(2, "0")}${full[2]}` : input.replace(/\D/g, "").slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Security code: digits only, at most 4. */
export function formatCvc(input: string): string {
  return input.replace(/\D/g, "").slice(0, 4);
}
