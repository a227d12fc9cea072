/**
 * The ticket buyer's confirmation: a purchase, not a donation receipt. It says what was
 * bought, the amount paid, the good-faith estimate of the value of the goods and services
 * received, and the part that may be deductible (amount paid minus that value), the written
 * disclosure IRS Publication 1771 requires for a quid pro quo payment over $75. Cents, UTC.
 * An HTML email with a text part in the organization's colours (lib/mail/layout.ts).
 */
import "server-only";
import { renderMail } from "@/lib/mail/layout";
import type { MailMessage } from "@/lib/mail/transport";
import { formatCents } from "@/lib/money";
import { ticketDisclosure } from "@/lib/receipts/receipt-text";
import { ticketSummaryRows, type TicketMailFacts } from "@/lib/receipts/ticket-summary";

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
