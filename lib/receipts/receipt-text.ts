/**
 * The legal text of a receipt, shared word for word by the receipt email, the PDF receipt,
 * the ticket confirmation and the year-end statement: the EIN as printed, the date, the
 * deductible amount, the "no goods or services" statement of a gift (IRS Publication 1771:
 * a written acknowledgment states whether goods or services were given), the deductibility
 * sentence for the organization's IRS code, and the quid pro quo disclosure of a ticket
 * purchase. Amounts are integer cents; dates are shown in UTC.
 */
import { formatEin, type OfflineMethod } from "@/lib/donations/labels";
import { formatCents, type Cents } from "@/lib/money";
import type { OfflineGiftDetails } from "@/models";

/** A gift's acknowledgment: nothing was given in exchange for a donation. */
export const NO_GOODS_STATEMENT = "No goods or services were provided in exchange for this contribution.";

/**
 * The deductibility sentence in plain words for the organization's IRS deductibility code
 * (IRS EO BMF field DEDUCTIBILITY: 1 contributions are deductible, 2 not deductible, 4
 * deductible by treaty, for a foreign organization). Receipts, ticket confirmations and
 * statements say this, never the code.
 */
export function deductibilityStatement(code: string | null, organizationName: string): string {
  switch (code) {
    case "1":
      return `Contributions to ${organizationName} are tax-deductible as charitable contributions, to the extent the law allows.`;
    case "2":
      return `Contributions to ${organizationName} are not tax-deductible as charitable contributions.`;
    case "4":
      return `${organizationName} is a foreign organization: contributions to it are tax-deductible only as a U.S. tax treaty allows.`;
    default:
      return `The IRS has no deductibility status on file for ${organizationName}; please ask your tax advisor whether your gift is deductible.`;
  }
}

/** "03-0277440", or "not on file". */
export function einOnFile(ein: string | null): string {
  return formatEin(ein) ?? "not on file";
}

/**
 * The exact deductible amount of a gift: the gift itself (no goods or services are given for
 * a donation), zero when the IRS says gifts to the organization are not deductible. Fees the
 * donor covers pay the processor and the platform, not the nonprofit: never deductible here.
 */
export function deductibleGiftCents(amountCents: Cents, irsDeductibility: string | null): Cents {
  return irsDeductibility === "2" ? 0 : amountCents;
}

// One formatter per process: Date#toLocaleDateString builds a new one (ICU data lookups) on
// every call, and each donation's three emails call receiptDate.
const receiptDateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "November 22, 2026" (UTC). */
export function receiptDate(d: Date): string {
  return receiptDateFormat.format(d);
}

/** IRS Publication 1771: quid pro quo payments above this amount need the written disclosure. */
export const QUID_PRO_QUO_THRESHOLD_CENTS = 7_500;

/** What a ticket purchase's disclosure needs: the amount paid, the value received (cents) and the IRS code. */
export type TicketDisclosureFacts = {
  organizationName: string;
  irsDeductibility: string | null;
  amountCents: Cents;
  goodsValueCents: Cents;
  deductibleCents: Cents;
};

/** The deductible part as stated to the buyer: zero when the organization's gifts are not deductible. */
export function ticketDeductibleCents(f: Pick<TicketDisclosureFacts, "deductibleCents" | "irsDeductibility">): Cents {
  return f.irsDeductibility === "2" ? 0 : f.deductibleCents;
}

/** The disclosure sentence (IRS Publication 1771, quid pro quo contributions). */
export function ticketDisclosure(f: TicketDisclosureFacts): string {
  const deductible = ticketDeductibleCents(f);
  if (f.irsDeductibility === "2") return `Payments to ${f.organizationName} are not tax-deductible as charitable contributions.`;
  if (deductible === 0) {
    return `This is a purchase: the value of what you receive equals the amount paid, so no part of this payment is a deductible charitable contribution.`;
  }
  return (
    `The amount of your payment that is deductible for federal income tax purposes is limited to the excess of the amount paid ` +
    `(${formatCents(f.amountCents)}) over the value of the goods and services provided by ${f.organizationName} ` +
    `(${formatCents(f.goodsValueCents)}): ${formatCents(deductible)}.`
  );
}

/** The facts of a gift its organization recorded offline, as its receipt prints them (amount in cents; 0 for in-kind). */
export type OfflineReceiptFacts = { method: OfflineMethod; amountCents: Cents; details: OfflineGiftDetails };

/** The mark of a receipt of a gift the organization recorded itself, received outside the platform. */
export const RECORDED_OFFLINE = "Recorded offline";

/**
 * How an offline gift was given: "Cash", "Check no. 1234", "Grant from Example Giving Fund, a
 * donor-advised fund", "Stock", "In-kind (property)", "Paid through another giving platform" (an
 * imported gift).
 */
export function offlineGiftMethodText(f: OfflineReceiptFacts): string {
  switch (f.method) {
    case "cash":
      return "Cash";
    case "check":
      return `Check no. ${f.details.checkNumber ?? ""}`.trim();
    case "daf":
      return `Grant from ${f.details.fundName ?? "a donor-advised fund"}, a donor-advised fund`;
    case "stock":
      return "Stock";
    case "in_kind":
      return "In-kind (property)";
    case "other_platform":
      return "Paid through another giving platform";
  }
}

/**
 * What was given, for non-cash property (IRS Publication 1771: a written acknowledgment of a
 * non-cash gift describes the property; the organization does not value it):
 * - stock: "40 shares of Acme Corp. common stock; value as reported by the donor: $5,000.00"
 *   (the donor's own figure, not an appraisal by the organization);
 * - in-kind: "Two laptops; no value is stated by the organization (IRS Publication 1771)".
 * Null for cash, checks and DAF grants, whose amount is the gift.
 */
export function offlineGiftDescription(f: OfflineReceiptFacts): string | null {
  if (f.method === "stock") {
    const shares = f.details.shares ?? "";
    return `${shares} ${shares === "1" ? "share" : "shares"} of ${f.details.description ?? ""}; value as reported by the donor: ${formatCents(f.amountCents)}`;
  }
  if (f.method === "in_kind") return `${f.details.description ?? ""}; no value is stated by the organization (IRS Publication 1771)`;
  return null;
}

/**
 * Whether the receipt states a deductible amount: only for money given by the donor (cash,
 * check). Stock and in-kind property are valued by the donor, not the organization (IRS
 * Publication 1771, Publication 561); a DAF grant is the sponsoring organization's gift.
 */
export function offlineReceiptStatesDeductible(method: OfflineMethod): boolean {
  return method === "cash" || method === "check";
}

/**
 * The sentence a receipt adds for a gift recorded offline, or null when none is needed.
 * A donor-advised fund grant (IRC 4966, IRS Publication 526): the sponsoring organization owns
 * the fund and makes the grant, so the grant is the sponsoring organization's contribution,
 * not the donor's; the donor's deduction, if any, was for the contribution to the fund, which
 * the sponsoring organization acknowledged. Stock: the value is the donor's report.
 */
export function offlineGiftStatement(f: OfflineReceiptFacts, organizationName: string): string | null {
  if (f.method === "daf") {
    return (
      `This grant was made by the sponsoring organization of a donor-advised fund, which owns the fund's assets: it is the sponsoring organization's contribution to ${organizationName}, not the donor's. ` +
      `The donor's charitable deduction, if any, arose when the donor contributed to the fund and is acknowledged by the sponsoring organization; this grant is not deductible by the donor again.`
    );
  }
  if (f.method === "stock") return `${organizationName} did not appraise these shares: the value shown is the donor's own report of their value on the day of the gift.`;
  if (f.method === "in_kind") return `${organizationName} does not state a value for donated property; the donor determines its value for tax purposes.`;
  return null;
}
