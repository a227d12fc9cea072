/**
 * The printable verification letter mailed to an organization's address in the IRS file: who
 * asked to manage its listing, the one-time code that verifies the claim, and what to do if no
 * one at the organization asked. Same letterhead as the receipts (pdfkit, lib/receipts/pdf-layout.ts).
 */
import { PLATFORM_NAME } from "@/lib/config/platform";
import { drawLetterhead, pdfDocument, writeRows } from "./pdf-layout";

export type ClaimLetterFacts = {
  legalName: string;
  ein: string | null;
  /** Mailing address lines as the IRS file gives them (street, then "CITY, ST ZIP"). */
  addressLines: string[];
  code: string;
  claimantName: string;
  verifyUrl: string;
  sentAt: Date;
};

/** Render the letter; resolves to the PDF bytes. */
export function renderClaimLetterPdf(f: ClaimLetterFacts): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({ title: `Verification code for ${f.legalName}` });
  drawLetterhead(doc, { title: "Verify your organization's listing", organization: { name: f.legalName, ein: f.ein, address: f.addressLines.join(", ") }, logos: { platform: null } });
  doc.moveDown(1);
  doc.font("Helvetica").fontSize(11).fillColor("#111111");
  for (const line of [f.legalName, ...f.addressLines]) doc.text(line);
  doc.moveDown(1);
  doc.text(
    `${f.claimantName} asked on ${f.sentAt.toISOString().slice(0, 10)} to manage the ${PLATFORM_NAME} listing of ${f.legalName}. ` +
      `To confirm that this person speaks for the organization, they sign in and enter the code below at ${f.verifyUrl}.`,
  );
  doc.moveDown(1);
  writeRows(doc, [{ label: "Verification code", value: f.code.replace(/^(.{4})(.{4})$/, "$1-$2") }]);
  doc.moveDown(1);
  doc.text(`If no one at ${f.legalName} asked for this, do not share the code, and tell us by replying to ${PLATFORM_NAME}'s support: the listing stays as it is.`);
  doc.end();
  return bytes;
}
