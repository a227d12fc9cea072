/**
 * The PDF receipt of a donation and the PDF confirmation of a ticket purchase (pdfkit), on the
 * shared letterhead (pdf-layout.ts): the platform's and the organization's name and logo, the
 * formatted EIN, on a receipt the display name with the IRS legal name beside it, the receipt or confirmation number whole on one line, the amounts, and the
 * deductibility in plain words (for a gift: the statement that no goods or services were
 * provided and the sentence for the IRS deductibility code; for tickets: the IRS Publication
 * 1771 disclosure). A gift its organization recorded offline is marked "Recorded offline" and
 * says how it was given (receipt-text.ts: check number, DAF grant, stock as the donor values it,
 * in-kind property described without a value). A tribute gift says whom it honors ("In memory of
 * Jane Doe"); the dedication changes nothing about what is deductible. Amounts are cents; dates are shown in UTC.
 */
import { nameWithLegalName } from "@/lib/directory/display-name";
import { fundraiserLabel } from "@/lib/donations/labels";
import { ticketSummaryRows, type TicketMailFacts } from "./ticket-summary";
import { formatCents, type Cents } from "@/lib/money";
import {
  NO_GOODS_STATEMENT,
  RECORDED_OFFLINE,
  deductibilityStatement,
  deductibleGiftCents,
  einOnFile,
  offlineGiftDescription,
  offlineGiftMethodText,
  offlineGiftStatement,
  offlineReceiptStatesDeductible,
  receiptDate,
  ticketDisclosure,
  type OfflineReceiptFacts,
} from "./receipt-text";
import { drawLetterhead, pdfDocument, writeLabelledId, writeRows, type PdfLogos } from "./pdf-layout";

export type ReceiptFacts = {
  donationId: string;
  date: Date;
  amountCents: Cents;
  feeCents: Cents;
  coverFees: boolean;
  /** Display name (lib/directory/display-name.ts); the IRS legal name is shown beside it. */
  organizationName: string;
  organizationLegalName?: string | null;
  organizationEin: string | null;
  organizationAddress: string | null;
  irsDeductibility: string | null;
  fundraiserName: string | null;
  donorName: string | null;
  paymentType: string;
  /** Set for a gift its organization recorded offline: how it was given and what the receipt prints of it. */
  offline?: Omit<OfflineReceiptFacts, "amountCents"> | null;
  /** "In memory of Jane Doe" for a tribute gift (lib/donations/labels.ts, tributeLine); a tribute changes nothing deductible. */
  tribute?: string | null;
};

/** The rows of a gift's amount and how it was given: online, or recorded offline (receipt-text.ts). */
function giftRows(f: ReceiptFacts): { label: string; value: string }[] {
  if (!f.offline) {
    return [
      { label: "Amount", value: formatCents(f.amountCents) },
      { label: "Deductible amount", value: formatCents(deductibleGiftCents(f.amountCents, f.irsDeductibility)) },
      ...(f.coverFees ? [{ label: "Fees paid by the donor (not a gift, not deductible)", value: formatCents(f.feeCents) }] : []),
    ];
  }
  const offline = { ...f.offline, amountCents: f.amountCents };
  const description = offlineGiftDescription(offline);
  if (description) return [{ label: "Gift", value: description }];
  return [
    { label: "Amount", value: formatCents(f.amountCents) },
    ...(offlineReceiptStatesDeductible(offline.method) ? [{ label: "Deductible amount", value: formatCents(deductibleGiftCents(f.amountCents, f.irsDeductibility)) }] : []),
  ];
}

const SMALL_PRINT = "#555555";

/** Render the receipt to a PDF buffer. `logos` are image bytes (JPEG/PNG) or null. */
export function renderReceiptPdf(f: ReceiptFacts, logos: PdfLogos = { platform: null }): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ title: `Donation receipt ${f.donationId}` });
  drawLetterhead(doc, { title: "Donation receipt", organization: { name: f.organizationName, ein: f.organizationEin, address: f.organizationAddress }, logos });
  writeLabelledId(doc, "Receipt number", f.donationId);
  doc.moveDown(1);
  writeRows(doc, [
    // "Town Hall Theater (legal name: TOWN HALL THEATER INC), EIN 03-0358794"
    { label: "Organization", value: `${nameWithLegalName(f.organizationName, f.organizationLegalName)}, EIN ${einOnFile(f.organizationEin)}` },
    { label: "Donor", value: f.donorName ?? "Guest donor" },
    { label: f.offline ? "Date received" : "Date", value: receiptDate(f.date) },
    ...giftRows(f),
    { label: "Fundraiser", value: fundraiserLabel(f.fundraiserName) },
    ...(f.tribute ? [{ label: "Tribute", value: f.tribute }] : []),
    { label: "Payment method", value: f.offline ? offlineGiftMethodText({ ...f.offline, amountCents: f.amountCents }) : f.paymentType },
    ...(f.offline ? [{ label: "Received", value: `${RECORDED_OFFLINE} by ${f.organizationName}` }] : []),
  ]);
  doc.moveDown(1);
  doc.font("Helvetica-Bold").text(NO_GOODS_STATEMENT);
  const offlineStatement = f.offline ? offlineGiftStatement({ ...f.offline, amountCents: f.amountCents }, f.organizationName) : null;
  if (offlineStatement) doc.moveDown(0.6).font("Helvetica").text(offlineStatement);
  doc.moveDown(0.6).font("Helvetica").text(deductibilityStatement(f.irsDeductibility, f.organizationName));
  const smallPrint = f.offline
    ? `Please keep this receipt for your tax records. ${f.organizationName} received this gift directly and recorded it on Givebridge.`
    : `Please keep this receipt for your tax records. Givebridge processes donations on behalf of ${f.organizationName}.`;
  doc.moveDown(1.2).fontSize(9).fillColor(SMALL_PRINT).text(smallPrint);
  doc.end();
  return bytes;
}

/**
 * The PDF confirmation of a ticket purchase: what was bought, the amount paid, the good-faith
 * estimate of the goods and services and the deductible part (IRS Publication 1771). Never
 * titled or worded as a donation receipt.
 */
export function renderTicketPdf(f: TicketMailFacts & { buyerName: string | null }, logos: PdfLogos = { platform: null }): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ title: `Ticket purchase ${f.paymentId}` });
  drawLetterhead(doc, { title: "Ticket purchase confirmation", organization: { name: f.organizationName, ein: f.organizationEin }, logos });
  writeLabelledId(doc, "Confirmation number", f.paymentId);
  doc.moveDown(1);
  writeRows(doc, [{ label: "Buyer", value: f.buyerName ?? "Guest" }, ...ticketSummaryRows(f).filter((r) => !r.code && r.label !== "EIN")]);
  doc.moveDown(1).font("Helvetica").text(ticketDisclosure(f));
  doc.moveDown(1.2).fontSize(9).fillColor(SMALL_PRINT).text("This confirms a purchase of event tickets; it is not a donation receipt. Please keep it for your records.");
  doc.end();
  return bytes;
}
