/**
 * Importing a donor history from another platform's CSV export: what a column can hold (the
 * import targets), the mapping suggested for the documented export columns of Givebutter,
 * Donorbox, Little Green Light and Bloomerang, the mapping schemas shared by the page and the
 * server, and the rules of one cell (amount, date, payment method). Browser-safe: no database.
 *
 * Cells are data: they are parsed as text by these rules and never evaluated.
 */
import "./zod-setup";
import { z } from "zod";
import type { Cents } from "@/lib/money";
import { zonedCalendarDay } from "@/lib/time/zoned-time";
import { messages } from "./messages";
import { EARLIEST_GIFT_DAY } from "./offline-gift";

const m = messages.donorImport;

/** What a CSV column can be imported as. */
export const IMPORT_TARGETS = ["date", "amount", "email", "firstName", "lastName", "fullName", "method", "checkNumber", "fundraiser", "note", "externalId", "status", "refundedAmount"] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

export const IMPORT_TARGET_LABELS: Record<ImportTarget, string> = {
  date: "Gift date",
  amount: "Amount (USD)",
  email: "Donor email",
  firstName: "First name",
  lastName: "Last name",
  fullName: "Full name",
  method: "Payment method",
  checkNumber: "Check number",
  fundraiser: "Fundraiser (campaign) name",
  note: "Note",
  externalId: "Transaction ID",
  status: "Payment status",
  refundedAmount: "Refunded amount (USD)",
};

/** The largest upload, in bytes (20 MB). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** The most data rows one file may have. */
export const MAX_IMPORT_ROWS = 100_000;
/** The largest amount one imported gift may have, in cents ($10,000,000). */
export const MAX_IMPORT_AMOUNT_CENTS: Cents = 1_000_000_000;

/**
 * The documented column names of each platform's export, lower-cased, and the target each one
 * suggests (Givebutter "Transactions" export, Donorbox "Donations" export, Little Green Light
 * "Gifts" export, Bloomerang "Transactions" export).
 */
const KNOWN_HEADERS: Record<string, ImportTarget> = {
  // Givebutter
  "transaction id": "externalId",
  "first name": "firstName",
  "last name": "lastName",
  email: "email",
  amount: "amount",
  "transaction date": "date",
  "campaign title": "fundraiser",
  "payment method": "method",
  // Donorbox
  "donor first name": "firstName",
  "donor last name": "lastName",
  "donor email": "email",
  "donation date": "date",
  campaign: "fundraiser",
  "donation type": "method",
  comment: "note",
  // Little Green Light
  "gift date": "date",
  "gift amount": "amount",
  "email address": "email",
  "gift type": "method",
  "check/reference no.": "checkNumber",
  "gift note": "note",
  "gift id": "externalId",
  // Bloomerang
  date: "date",
  method: "method",
  "check number": "checkNumber",
  note: "note",
  "transaction number": "externalId",
  // Common names
  name: "fullName",
  "full name": "fullName",
  "donor name": "fullName",
  "payment type": "method",
  memo: "note",
  "check no": "checkNumber",
  "check #": "checkNumber",
  fundraiser: "fundraiser",
  "campaign name": "fundraiser",
  "donation id": "externalId",
  // Status and refund columns (Givebutter "Status" and "Refunded Amount", Donorbox "Donation
  // Status" and "Refunded Amount", Little Green Light "Payment Status", Bloomerang "Status" and
  // "Refunded Amount").
  status: "status",
  "transaction status": "status",
  "donation status": "status",
  "payment status": "status",
  "gift status": "status",
  "refunded amount": "refundedAmount",
  "refund amount": "refundedAmount",
  "amount refunded": "refundedAmount",
};

/**
 * The mapping suggested for `headers`: each header whose name (case and spaces aside) is a known
 * export column, the first such header for each target; other headers are left out (ignored).
 */
export function suggestMapping(headers: readonly string[]): Record<string, ImportTarget> {
  const mapping: Record<string, ImportTarget> = {};
  const taken = new Set<ImportTarget>();
  for (const header of headers) {
    const target = KNOWN_HEADERS[header.trim().toLowerCase().replace(/\s+/g, " ")];
    if (target && !taken.has(target) && !(header in mapping)) {
      mapping[header] = target;
      taken.add(target);
    }
  }
  return mapping;
}

/**
 * A mapping: CSV header -> target ("" or a missing header: ignored). Each target at most once;
 * the date and the amount are required.
 */
export const donorImportMappingSchema = z
  .record(z.string().max(200, { error: m.mappingInvalid }), z.union([z.enum(IMPORT_TARGETS, { error: m.mappingInvalid }), z.literal("")]), { error: m.mappingInvalid })
  .superRefine((mapping, ctx) => {
    const seen = new Set<string>();
    for (const target of Object.values(mapping)) {
      if (!target) continue;
      if (seen.has(target)) ctx.addIssue({ code: "custom", message: m.mappingDuplicate(IMPORT_TARGET_LABELS[target].toLowerCase()) });
      seen.add(target);
    }
    if (!seen.has("date")) ctx.addIssue({ code: "custom", message: m.mappingDateRequired });
    if (!seen.has("amount")) ctx.addIssue({ code: "custom", message: m.mappingAmountRequired });
  })
  .transform((mapping) => Object.fromEntries(Object.entries(mapping).filter(([, target]) => target !== "")) as Record<string, ImportTarget>);

export type DonorImportMappingInput = z.input<typeof donorImportMappingSchema>;

/** The body of a dry run or a run: the mapping to use. */
export const donorImportMappingBody = z.object({ mapping: donorImportMappingSchema });

/** The body that saves a mapping under a name for the organization (same name: replaced). */
export const saveImportMappingBody = z.object({
  name: z.string({ error: m.mappingNameRequired }).trim().min(1, { error: m.mappingNameRequired }).max(80, { error: m.mappingNameRequired }),
  mapping: donorImportMappingSchema,
});

/** One cell's outcome: the value, or the reason the row is refused. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string };

const DOLLARS = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$|^\.\d{1,2}$/;

/**
 * Dollars as exported ("1,234.56", "$25", "25.5", "USD 10", "10 USD") -> integer cents.
 * Refused: empty, zero, negative ("-5", "(5.00)"), more than two decimals, anything else, over
 * MAX_IMPORT_AMOUNT_CENTS.
 */
export function parseAmountCents(raw: string): CellResult<Cents> {
  const text = raw.trim();
  if (!text) return { ok: false, reason: m.amountRequired };
  const bare = text.replace(/^usd\s*/i, "").replace(/\s*usd$/i, "").replace(/^\$\s*/, "");
  if (!DOLLARS.test(bare)) return { ok: false, reason: m.amountInvalid };
  const [whole, fraction = ""] = bare.replace(/,/g, "").split(".");
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents <= 0) return { ok: false, reason: m.amountInvalid };
  if (cents > MAX_IMPORT_AMOUNT_CENTS) return { ok: false, reason: m.amountTooLarge };
  return { ok: true, value: cents };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** A date and time with no zone: the organization's own clock. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;
/** A date and time with a zone (Z or an offset). */
const ZONED_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?) ?(Z|[+-]\d{2}):?(\d{2})?$/i;

function calendarDay(y: number, mo: number, d: number): string | null {
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The calendar day (YYYY-MM-DD) a gift was made, in the organization's zone `timeZone`:
 * "2025-03-31" and "3/31/2025" (US month first) are that day; "2025-03-31 14:00" with no zone is
 * on the organization's clock, so that day too; "2025-03-31T02:00:00Z" is the day it was in
 * `timeZone` at that instant. Refused: missing, unreadable or impossible dates, days after
 * `today` (YYYY-MM-DD in `timeZone`), days before 1900.
 */
export function parseGiftDay(raw: string, timeZone: string, today: string): CellResult<string> {
  const text = raw.trim();
  if (!text) return { ok: false, reason: m.dateRequired };
  let day: string | null = null;
  let match: RegExpMatchArray | null;
  if ((match = text.match(ISO_DAY)) || (match = text.match(LOCAL_TIME))) day = calendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
  else if ((match = text.match(US_DAY))) day = calendarDay(Number(match[3]), Number(match[1]), Number(match[2]));
  else if ((match = text.match(ZONED_TIME))) {
    const zone = match[3]!.toUpperCase() === "Z" ? "Z" : `${match[3]}:${match[4] ?? "00"}`;
    const instant = new Date(`${match[1]}T${match[2]}${zone}`);
    if (!Number.isNaN(instant.getTime()) && calendarDay(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10)))) day = zonedCalendarDay(instant, timeZone);
  }
  if (!day) return { ok: false, reason: m.dateInvalid };
  if (day > today) return { ok: false, reason: m.dateInFuture };
  if (day < EARLIEST_GIFT_DAY) return { ok: false, reason: m.dateTooOld };
  return { ok: true, value: day };
}

/** What happened to an exported payment: only succeeded payments are gifts. */
export const IMPORT_PAYMENT_STATUSES = ["succeeded", "failed", "cancelled", "refunded", "pending"] as const;
export type ImportPaymentStatus = (typeof IMPORT_PAYMENT_STATUSES)[number];
/** The statuses whose rows are skipped (never gifts), in the order the dry run lists them. */
export type SkippedStatus = Exclude<ImportPaymentStatus, "succeeded">;

/**
 * The exported status values of each platform, lower-cased with spaces, dashes and underscores
 * as one space: Givebutter ("Succeeded", "Failed", "Cancelled", "Refunded", "Pending", also
 * lower-case in its API), Donorbox ("Paid", "Refunded", "Partially refunded", "Failed",
 * "Pending", "Canceled"), Little Green Light ("Complete", "Completed", "Pending", "Refunded",
 * "Declined") and Bloomerang ("Completed", "Refunded", "Voided", "Pending", "Declined").
 * "partially refunded" is a succeeded payment with part of it returned: its rest is a gift.
 */
const STATUS_VALUES: Record<string, ImportPaymentStatus | "partially_refunded"> = {
  succeeded: "succeeded",
  success: "succeeded",
  successful: "succeeded",
  paid: "succeeded",
  complete: "succeeded",
  completed: "succeeded",
  captured: "succeeded",
  settled: "succeeded",
  approved: "succeeded",
  received: "succeeded",
  failed: "failed",
  failure: "failed",
  declined: "failed",
  error: "failed",
  cancelled: "cancelled",
  canceled: "cancelled",
  voided: "cancelled",
  void: "cancelled",
  refunded: "refunded",
  "fully refunded": "refunded",
  "partially refunded": "partially_refunded",
  "partial refund": "partially_refunded",
  "partly refunded": "partially_refunded",
  pending: "pending",
  processing: "pending",
  "in progress": "pending",
  scheduled: "pending",
  incomplete: "pending",
};

/**
 * The payment status of an exported status cell: an empty cell (or no status column) is a
 * succeeded payment (every platform exports completed gifts without a status by default);
 * "partially refunded" is returned as its own value; any other unknown value is refused.
 */
export function parseImportStatus(raw: string): CellResult<ImportPaymentStatus | "partially_refunded"> {
  const text = raw.trim().toLowerCase().replace(/[\s_-]+/g, " ");
  if (!text) return { ok: true, value: "succeeded" };
  const status = STATUS_VALUES[text];
  return status ? { ok: true, value: status } : { ok: false, reason: m.statusInvalid };
}

/**
 * The refunded amount of a row, in integer cents: an empty cell, "0" or "0.00" is nothing
 * refunded; otherwise dollars as parseAmountCents reads them.
 */
export function parseRefundedCents(raw: string): CellResult<Cents> {
  const text = raw.trim();
  if (!text || /^(?:usd\s*)?\$?\s*0*(?:\.0{0,2})?(?:\s*usd)?$/i.test(text)) return { ok: true, value: 0 };
  const cents = parseAmountCents(text);
  return cents.ok ? cents : { ok: false, reason: m.refundInvalid };
}

/**
 * What an exported row adds to the donor history, from its amount, status and refunded
 * amount (integer cents): only a succeeded payment is a gift, and it counts what was not
 * refunded (a partly refunded gift counts its rest; a refund of the whole amount, or more,
 * leaves nothing: the row is skipped as refunded). A "partially refunded" row needs its
 * refunded amount; a "refunded" row with a refunded amount below the amount is partly refunded.
 * @returns the gift's cents, or the status the row is skipped as, or the reason it is refused.
 */
export function giftOfRow(amountCents: Cents, status: ImportPaymentStatus | "partially_refunded", refundedCents: Cents, hasRefundColumn: boolean): { ok: true; cents: Cents } | { ok: true; skip: SkippedStatus } | { ok: false; reason: string } {
  if (status === "failed" || status === "cancelled" || status === "pending") return { ok: true, skip: status };
  if (status === "partially_refunded" && (!hasRefundColumn || refundedCents === 0)) return { ok: false, reason: m.refundRequired };
  if (status === "refunded" && (!hasRefundColumn || refundedCents === 0)) return { ok: true, skip: "refunded" };
  const rest = amountCents - refundedCents;
  if (rest <= 0) return { ok: true, skip: "refunded" };
  return { ok: true, cents: rest };
}

/** How an imported gift was given (models/donations.ts, offline_gift_method). */
export type ImportMethod = "cash" | "check" | "daf" | "stock" | "in_kind" | "other_platform";

/**
 * The offline method of an exported payment method or gift type: cash, check, donor-advised
 * fund, stock (securities) and in-kind gifts keep their kind; every other value (cards, PayPal,
 * Venmo, bank transfers, an empty cell) was paid through the other platform: "other_platform".
 */
export function importMethodOf(raw: string): ImportMethod {
  const text = raw.trim().toLowerCase().replace(/[\s_-]+/g, " ");
  if (text === "cash") return "cash";
  if (/^(check|cheque|personal check|business check)$/.test(text)) return "check";
  if (/^(daf|donor advised fund|daf grant|donor advised fund grant)$/.test(text)) return "daf";
  if (/^(stock|stocks|securities|stock gift)$/.test(text)) return "stock";
  if (/^(in kind|inkind|in kind gift|goods|gift in kind)$/.test(text)) return "in_kind";
  return "other_platform";
}

/** Loose email check, the same as the offline gift form's (zod's email format). */
export function isEmail(text: string): boolean {
  return text.length <= 254 && z.email().safeParse(text).success;
}
