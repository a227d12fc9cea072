/**
 * The PDF receipt of a donation (pdfkit): organization name and EIN, amount, date, the
 * statement that no goods or services were provided, and deductibility per the IRS code.
 * Amounts are cents; the date is shown in UTC.
 */
import PDFDocument from "pdfkit";
import { NO_GOODS_STATEMENT, deductibilityStatement, deductibleGiftCents, receiptDate } from "@/lib/mail/templates/donation";
import { ticketDisclosure, ticketSummaryRows, type TicketMailFacts } from "@/lib/mail/templates/ticket";
import { formatCents, type Cents } from "@/lib/money";

export type ReceiptFacts = {
  donationId: string;
  date: Date;
  amountCents: Cents;
  feeCents: Cents;
  coverFees: boolean;
  organizationName: string;
  organizationEin: string | null;
  organizationAddress: string | null;
  irsDeductibility: string | null;
  fundraiserName: string | null;
  donorName: string | null;
  paymentType: string;
};

/** "030277440" -> "03-0277440". */
export function formatEin(ein: string | null): string {
  if (!ein) return "not on file";
  return /^\d{9}$/.test(ein) ? `${ein.slice(0, 2)}-${ein.slice(2)}` : ein;
}

/** Render the receipt to a PDF buffer. */
export function renderReceiptPdf(f: ReceiptFacts): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 56, info: { Title: `Donation receipt ${f.donationId}`, Author: "Givebridge" } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    doc.font("Helvetica-Bold").fontSize(20).fillColor("#0f3d3e").text("Donation receipt");
    doc.moveDown(0.3).font("Helvetica").fontSize(10).fillColor("#555").text(`Receipt number ${f.donationId}`);
    doc.moveDown(1.2).fillColor("#111").fontSize(12);
    const row = (label: string, value: string) => {
      doc.font("Helvetica-Bold").text(`${label}: `, { continued: true }).font("Helvetica").text(value);
      doc.moveDown(0.3);
    };
    row("Organization", f.organizationName);
    row("EIN", formatEin(f.organizationEin));
    if (f.organizationAddress) row("Address", f.organizationAddress);
    row("Donor", f.donorName ?? "Guest donor");
    row("Date", receiptDate(f.date));
    row("Amount", formatCents(f.amountCents));
    row("Deductible amount", formatCents(deductibleGiftCents(f.amountCents, f.irsDeductibility)));
    if (f.coverFees) row("Fees paid by the donor (not a gift, not deductible)", formatCents(f.feeCents));
    row("Fundraiser", f.fundraiserName ?? "Direct Donation");
    row("Payment method", f.paymentType);
    doc.moveDown(1);
    doc.font("Helvetica-Bold").text(NO_GOODS_STATEMENT);
    doc.moveDown(0.6).font("Helvetica").text(deductibilityStatement(f.irsDeductibility, f.organizationName));
    doc.moveDown(1.2).fontSize(9).fillColor("#555").text("Please keep this receipt for your tax records. Givebridge processes donations on behalf of the organization named above.");
    doc.end();
  });
}

/**
 * The PDF confirmation of a ticket purchase: what was bought, the amount paid, the good-faith
 * estimate of the goods and services and the deductible part (IRS Publication 1771). Never
 * titled or worded as a donation receipt.
 */
export function renderTicketPdf(f: TicketMailFacts & { buyerName: string | null }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 56, info: { Title: `Ticket purchase ${f.paymentId}`, Author: "Givebridge" } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.font("Helvetica-Bold").fontSize(20).fillColor("#0f3d3e").text("Ticket purchase confirmation");
    doc.moveDown(0.3).font("Helvetica").fontSize(10).fillColor("#555").text(`Confirmation number ${f.paymentId}`);
    doc.moveDown(1.2).fillColor("#111").fontSize(12);
    const rows = [{ label: "Buyer", value: f.buyerName ?? "Guest" }, ...ticketSummaryRows(f).filter((r) => r.label !== "Confirmation number")];
    for (const r of rows) {
      doc.font("Helvetica-Bold").text(`${r.label}: `, { continued: true }).font("Helvetica").text(r.value);
      doc.moveDown(0.3);
    }
    doc.moveDown(1).font("Helvetica").text(ticketDisclosure(f));
    doc.moveDown(1.2).fontSize(9).fillColor("#555").text("This confirms a purchase of event tickets; it is not a donation receipt. Please keep it for your records.");
    doc.end();
  });
}
