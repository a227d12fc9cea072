/**
 * The PDF receipt of a donation (pdfkit): organization name and EIN, amount, date, the
 * statement that no goods or services were provided, and deductibility per the IRS code.
 * Amounts are cents; the date is shown in UTC.
 */
import PDFDocument from "pdfkit";
import { NO_GOODS_STATEMENT, deductibilityStatement, receiptDate } from "@/lib/mail/templates/donation";
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
    if (f.coverFees) row("Processing fees paid by the donor", formatCents(f.feeCents));
    row("Fundraiser", f.fundraiserName ?? "Direct Donation");
    row("Payment method", f.paymentType);
    doc.moveDown(1);
    doc.font("Helvetica-Bold").text(NO_GOODS_STATEMENT);
    doc.moveDown(0.6).font("Helvetica").text(deductibilityStatement(f.irsDeductibility, f.organizationName));
    doc.moveDown(1.2).fontSize(9).fillColor("#555").text("Please keep this receipt for your tax records. Givebridge processes donations on behalf of the organization named above.");
    doc.end();
  });
}
