/**
 * The ticket buyer's confirmation: a purchase, not a donation receipt. It says what was
 * bought, the amount paid, the good-faith estimate of the value of the goods and services
 * received, and the part that may be deductible (amount paid minus that value), the written
 * disclosure IRS Publication 1771 requires for a quid pro quo payment over $75. Cents, UTC.
 * An HTML email with a text part in the organization's colours (lib/mail/layout.ts).
 */
import { renderMail } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents, type Cents } from "@/lib/money";
import { formatInTimeZone } from "@/lib/time/zoned-time";
import { einOnFile, receiptDate, ticketDeductibleCents, ticketDisclosure } from "@/lib/receipts/receipt-text";

/** What the ticket confirmation needs. */
export type TicketMailFacts = {
  paymentId: string;
  paidAt: Date;
  buyerEmail: string | null;
  organizationName: string;
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
    { label: "Organization", value: f.organizationName },
    { label: "EIN", value: einOnFile(f.organizationEin) },
    { label: "Amount paid", value: formatCents(f.amountCents) },
    { label: "Good-faith estimate of the value of goods and services received", value: formatCents(f.goodsValueCents) },
    { label: "Deductible amount", value: formatCents(ticketDeductibleCents(f)) },
    { label: "Date", value: receiptDate(f.paidAt) },
    { label: "Confirmation number", value: f.paymentId, code: true },
  ];
}

/** The buyer's confirmation email (null without an email address). */
export function ticketConfirmationMail(f: TicketMailFacts): MailMessage | null {
  if (!f.buyerEmail) return null;
  return renderMail({
    to: f.buyerEmail,
    subject: `Your tickets: ${f.eventName} (${formatCents(f.amountCents)} paid to ${f.organizationName})`,
    heading: `Thank you for your ticket purchase from ${f.organizationName}.`,
    organization: { name: f.organizationName, logoUrl: f.organizationLogoUrl, ein: f.organizationEin },
    blocks: [
      { kind: "facts", rows: ticketSummaryRows(f) },
      { kind: "text", text: ticketDisclosure(f), strong: true },
      { kind: "action", label: "Download your PDF confirmation", url: f.receiptUrl },
      { kind: "note", text: "This is a confirmation of a purchase, not a donation receipt. Please keep it for your records." },
    ],
  });
}
