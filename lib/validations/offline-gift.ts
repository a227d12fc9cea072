/**
 * A gift received outside the platform, as the organization records it (Manage Donations):
 * one schema for the API body (amount in integer cents) and one for the dialog's form (amount
 * typed in dollars), checked by the same rules, so the form and the server cannot disagree.
 *
 * Rules per method (IRS Publication 1771, written acknowledgments):
 * - cash, check, donor-advised fund grant, stock: an amount in cents greater than zero (for
 *   stock, the value on the day as the donor reports it: the organization does not appraise);
 * - check: its number; DAF: the fund's name; stock: a description and the number of shares;
 * - in-kind property: a description and NO amount (the organization does not value non-cash
 *   property; the receipt describes it and states no value).
 * The date received is a calendar day, not after today where the organization is and not before
 * 1900 (EARLIEST_GIFT_DAY, the import's bound too). The donor is named by a name or an
 * email; an email is recorded only with the donor's consent.
 */
import "./zod-setup";
import { z } from "zod";
import { parseDollarsToCents, type Cents } from "@/lib/money";
import { fundraiserIdField } from "./donation";
import { plainText } from "./fields";
import { messages } from "./messages";
import { isCalendarDay } from "./report";
import { zonedCalendarDay } from "@/lib/time/zoned-time";

const m = messages.offlineGifts;

/** How a gift recorded offline was given (models/donations.ts, offline_gift_method). */
export const OFFLINE_GIFT_METHODS = ["cash", "check", "daf", "stock", "in_kind"] as const;
export type OfflineGiftMethod = (typeof OFFLINE_GIFT_METHODS)[number];

/** The largest amount one offline gift may record: $100,000,000 (exact in a JS number). */
export const MAX_OFFLINE_GIFT_CENTS: Cents = 10_000_000_000;

/**
 * "YYYY-MM-DD" of `now` in the IANA zone `timeZone`: the latest day a recorded gift (offline or
 * imported) may carry, the real date where the organization is (Guam's day runs up to ten hours
 * ahead of UTC, Hawaii's ten behind).
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return zonedCalendarDay(now, timeZone);
}

/**
 * The earliest calendar day a gift recorded by its organization may carry, offline or imported
 * (lib/validations/donor-import.ts parseGiftDay): January 1, 1900.
 */
export const EARLIEST_GIFT_DAY = "1900-01-01";

/** A positive number of shares, up to six decimals (fractional shares exist). */
const SHARES = /^(?=.*[1-9])\d{1,12}(\.\d{1,6})?$/;

const text = (max: number) => plainText().transform((v) => v.trim()).pipe(z.string().max(max));

/** The fields both schemas share, apart from the amount. */
const common = (today: string) => ({
  method: z.enum(OFFLINE_GIFT_METHODS, { error: m.methodRequired }),
  receivedOn: z
    .string({ error: m.receivedOnInvalid })
    .trim()
    .refine(isCalendarDay, { error: m.receivedOnInvalid })
    .refine((v) => v <= today, { error: m.receivedOnFuture })
    .refine((v) => v >= EARLIEST_GIFT_DAY, { error: m.receivedOnTooOld }),
  campaignId: fundraiserIdField,
  checkNumber: text(30).default(""),
  fundName: text(200).default(""),
  description: text(500).default(""),
  shares: z.string().trim().max(20).default(""),
  donorName: text(200).default(""),
  donorEmail: z
    .string()
    .trim()
    .max(254, { error: messages.email.invalid })
    .refine((v) => v === "" || z.email().safeParse(v).success, { error: messages.email.invalid })
    .default(""),
  donorConsent: z.boolean().default(false),
});

type CommonValues = { method: OfflineGiftMethod; checkNumber: string; fundName: string; description: string; shares: string; donorName: string; donorEmail: string; donorConsent: boolean };

/**
 * The rules between fields. `amount` is the amount's state: null (not given), "invalid" (not
 * a positive amount in cents), or the cents; `amountField` names the field its messages go to.
 */
function checkGift(v: CommonValues, amount: Cents | null | "invalid", amountField: string, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (v.method === "in_kind") {
    if (amount !== null) issue(amountField, m.inKindNoAmount);
  } else if (amount === null) issue(amountField, m.amountRequired);
  else if (amount === "invalid") issue(amountField, m.amountInvalid);
  else if (amount > MAX_OFFLINE_GIFT_CENTS) issue(amountField, m.amountTooLarge);
  if (v.method === "check" && !v.checkNumber) issue("checkNumber", m.checkNumberRequired);
  if (v.method === "daf" && !v.fundName) issue("fundName", m.fundNameRequired);
  if ((v.method === "stock" || v.method === "in_kind") && !v.description) issue("description", m.descriptionRequired);
  if (v.method === "stock" && !SHARES.test(v.shares)) issue("shares", m.sharesInvalid);
  if (!v.donorName && !v.donorEmail) issue("donorName", m.donorRequired);
  if (v.donorEmail && !v.donorConsent) issue("donorConsent", m.consentRequired);
}

/** Only the facts of the gift's own method are kept. */
function keepMethodFacts<T extends CommonValues>(v: T): T {
  return {
    ...v,
    checkNumber: v.method === "check" ? v.checkNumber : "",
    fundName: v.method === "daf" ? v.fundName : "",
    description: v.method === "stock" || v.method === "in_kind" ? v.description : "",
    shares: v.method === "stock" ? v.shares : "",
    donorConsent: v.donorEmail ? v.donorConsent : false,
  };
}

/**
 * The API body of POST /api/organizations/{id}/offline-gifts and PUT /api/offline-gifts/{id}.
 * `amountCents`: integer cents, required except for in-kind, where it must be absent or null.
 * @param today "YYYY-MM-DD" after which a date received is refused: the organization's own day (todayIn).
 */
export function offlineGiftSchema(today: string) {
  return z
    .object({ ...common(today), amountCents: z.unknown().optional() })
    .superRefine((v, ctx) => {
      const a = v.amountCents;
      const amount = a === undefined || a === null ? null : typeof a === "number" && Number.isSafeInteger(a) && a > 0 ? a : "invalid";
      checkGift(v, amount, "amountCents", ctx);
    })
    .transform((v) => ({ ...keepMethodFacts(v), amountCents: v.method === "in_kind" ? null : (v.amountCents as Cents) }));
}
/** A validated offline gift: amount in cents (null for in-kind), the method's facts, the donor. */
export type OfflineGiftInput = z.infer<ReturnType<typeof offlineGiftSchema>>;

/** The dialog's values as typed (amount in dollars as text). */
export type OfflineGiftFormValues = {
  method: OfflineGiftMethod;
  receivedOn: string;
  amount: string;
  campaignId: string;
  checkNumber: string;
  fundName: string;
  description: string;
  shares: string;
  donorName: string;
  donorEmail: string;
  donorConsent: boolean;
};

/** The dialog's form: the same rules with the amount typed in dollars ("1,250.00"); `today` as offlineGiftSchema's. */
export function offlineGiftFormSchema(today: string) {
  return z.object({ ...common(today), amount: z.string().trim().default("") }).superRefine((v, ctx) => {
    const cents = v.amount === "" ? null : parseDollarsToCents(v.amount);
    checkGift(v, v.amount === "" ? null : cents === null || cents <= 0 ? "invalid" : cents, "amount", ctx);
  });
}

/** The API body of the dialog's values (validated by offlineGiftFormSchema). */
export function offlineGiftBody(values: OfflineGiftFormValues): Record<string, unknown> {
  const { amount, ...rest } = values;
  return { ...rest, campaignId: values.campaignId || null, amountCents: values.method === "in_kind" || amount.trim() === "" ? null : parseDollarsToCents(amount) };
}
