/**
 * The legal text of a receipt, shared word for word by the receipt email, the PDF receipt,
 * the ticket confirmation and the year-end statement: the EIN as printed, the date, the
 * deductible amount, the "no goods or services" statement of a gift (IRS Publication 1771:
 * a written acknowledgment states whether goods or services were given), the deductibility
 * sentence for the organization's IRS code, and the quid pro quo disclosure of a ticket
 * purchase. Amounts are integer cents; dates are shown in UTC.
 */
import { formatEin } from "@/lib/donations/labels";
import { formatCents, type Cents } from "@/lib/money";

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
