/**
 * The facts of one ticket purchase and the lines that state them, shared by the buyer's
 * confirmation email (lib/mail/templates/ticket.ts) and its PDF (renderTicketPdf). A purchase,
 * not a donation receipt: the good-faith estimate of the value of the goods and services
 * received and the deductible part are the written disclosure IRS Publication 1771 requires
 * for a quid pro quo payment over $75. Cents, UTC; the event's time is stated in its zone.
 */
import { nameWithLegalName } from "@/lib/directory/display-name";
import { formatCents, type Cents } from "@/lib/money";
import { formatInTimeZone } from "@/lib/time/zoned-time";
import { einOnFile, receiptDate, ticketDeductibleCents } from "./receipt-text";

/** What the ticket confirmation needs. */
export type TicketMailFacts = {
  paymentId: string;
  paidAt: Date;
  buyerEmail: string | null;
  /** Display name (lib/directory/display-name.ts); the IRS legal name is shown beside it. */
  organizationName: string;
  organizationLegalName?: string | null;
  organizationEin: string | null;
  /** The organization's logo (stored image URL), or null. */
  organizationLogoUrl: string | null;
  /** IRS deductibility code: 1 deductible, 2 not deductible, 4 deductible by treaty. */
  irsDeductibility: string | null;
  eventName: string;
  eventStartsAt: Date;
  /** IANA zone the event's time is stated in (the organization's). */
  eventTimeZone: string;
  ticketTypeName: string;
  quantity: number;
  amountCents: Cents;
  goodsValueCents: Cents;
  deductibleCents: Cents;
  /** Absolute URL of the PDF confirmation. */
  receiptUrl: string;
};

/** The lines shared by the email and the PDF (label, value; `code` for the number that must not wrap). */
export function ticketSummaryRows(f: TicketMailFacts): { label: string; value: string; code?: boolean }[] {
  return [
    { label: "Purchased", value: `${f.quantity} x ${f.ticketTypeName} ticket${f.quantity === 1 ? "" : "s"} for ${f.eventName} (${formatInTimeZone(f.eventStartsAt, f.eventTimeZone)})` },
    { label: "Organization", value: nameWithLegalName(f.organizationName, f.organizationLegalName) },
    { label: "EIN", value: einOnFile(f.organizationEin) },
    { label: "Amount paid", value: formatCents(f.amountCents) },
    { label: "Good-faith estimate of the value of goods and services received", value: formatCents(f.goodsValueCents) },
    { label: "Deductible amount", value: formatCents(ticketDeductibleCents(f)) },
    { label: "Date", value: receiptDate(f.paidAt) },
    { label: "Confirmation number", value: f.paymentId, code: true },
  ];
}
