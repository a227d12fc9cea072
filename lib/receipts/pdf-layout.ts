/**
 * The pieces every PDF receipt, ticket confirmation and giving statement share (pdfkit):
 * a document collected into a Buffer, one letterhead — the platform's
 * logo and name, then the organization's logo, name and formatted EIN — and ids (receipt,
 * confirmation and donation numbers) that never wrap across lines: they are set in a
 * monospace font whose size is lowered until the whole id fits the width it is given.
 */
import PDFDocument from "pdfkit";
import { PLATFORM_NAME } from "@/lib/config/platform";
import { formatEin } from "@/lib/donations/labels";

type Doc = InstanceType<typeof PDFDocument>;

/** Logos as image bytes (JPEG or PNG); null when there is none. */
export type PdfLogos = { platform: Buffer | null; organization?: Buffer | null };

/** The organization a receipt is from. */
export type PdfOrganization = { name: string; ein: string | null; address?: string | null };

export const BRAND_COLOR = "#0f3d3e";
const MUTED = "#555555";
const INK = "#111111";

/** Largest and smallest font sizes of an id, points. */
const ID_MAX_SIZE = 10;
const ID_MIN_SIZE = 5;

/**
 * A Letter-size document and the promise of its bytes (resolved when `doc.end()` is called).
 * @param margin page margin in points.
 */
export function pdfDocument(info: { title: string; margin?: number }): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ size: "LETTER", margin: info.margin ?? 56, info: { Title: info.title, Author: PLATFORM_NAME } });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

/** Draw an image, ignoring bytes pdfkit cannot read (a logo is never worth a failed receipt). */
function drawLogo(doc: Doc, image: Buffer | null | undefined, x: number, y: number, size: number): boolean {
  if (!image) return false;
  try {
    doc.image(image, x, y, { fit: [size, size], align: "center", valign: "center" });
    return true;
  } catch {
    return false;
  }
}

/**
 * The letterhead: the platform's logo and name on a small first line, then (for a receipt)
 * the organization's logo, name, "EIN 03-0277440" and address, a rule, and the title.
 * Leaves the cursor at the left margin under the title.
 */
export function drawLetterhead(doc: Doc, input: { title: string; organization?: PdfOrganization | null; logos: PdfLogos }): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = doc.page.margins.top;
  const platformLogo = drawLogo(doc, input.logos.platform, left, y, 18);
  doc.font("Helvetica-Bold").fontSize(11).fillColor(BRAND_COLOR).text(PLATFORM_NAME, left + (platformLogo ? 24 : 0), y + 4, { lineBreak: false });
  y += 30;
  const org = input.organization;
  if (org) {
    const orgLogo = drawLogo(doc, input.logos.organization, left, y, 52);
    const textX = left + (orgLogo ? 64 : 0);
    const textWidth = width - (textX - left);
    doc.font("Helvetica-Bold").fontSize(16).fillColor(INK).text(org.name, textX, y, { width: textWidth });
    const ein = formatEin(org.ein);
    doc.font("Helvetica").fontSize(10).fillColor(MUTED).text(ein ? `EIN ${ein}` : "EIN not on file", textX, doc.y + 2, { width: textWidth });
    if (org.address) doc.text(org.address, textX, doc.y + 1, { width: textWidth });
    y = Math.max(doc.y, y + (orgLogo ? 52 : 0)) + 10;
  }
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.75).strokeColor("#d0d7d6").stroke();
  doc.font("Helvetica-Bold").fontSize(20).fillColor(BRAND_COLOR).text(input.title, left, y + 14, { width });
  doc.x = left;
}

/**
 * The font size at which `id` fits `width` points in Courier, from ID_MAX_SIZE down to
 * ID_MIN_SIZE in half points (ids are 36-character UUIDs: about 7.3 pt in a 160 pt column).
 */
export function idFontSize(doc: Doc, id: string, width: number, maxSize = ID_MAX_SIZE): number {
  doc.font("Courier");
  for (let size = maxSize; size > ID_MIN_SIZE; size -= 0.5) {
    if (doc.fontSize(size).widthOfString(id) <= width) return size;
  }
  return ID_MIN_SIZE;
}

/**
 * Write an id on one line at (x, y) within `width` points: monospace, shrunk to fit, never
 * broken. Restores Helvetica afterwards. @returns the height used, points.
 */
export function writeId(doc: Doc, id: string, x: number, y: number, width: number, maxSize = ID_MAX_SIZE): number {
  const size = idFontSize(doc, id, width, maxSize);
  doc.font("Courier").fontSize(size).text(id, x, y, { lineBreak: false, width: Math.max(width, doc.widthOfString(id)) });
  const height = doc.currentLineHeight(true);
  doc.font("Helvetica");
  return height;
}

/**
 * A labelled id on its own line under the title: "Receipt number" in small print, the id
 * below it, whole. Leaves the cursor under it.
 */
export function writeLabelledId(doc: Doc, label: string, id: string): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, left, doc.y + 6, { width });
  const top = doc.y + 1;
  doc.fillColor(INK);
  const used = writeId(doc, id, left, top, width, 11);
  doc.x = left;
  doc.y = top + used;
}

/** "Label: value" rows at 12 points, label in bold. */
export function writeRows(doc: Doc, rows: { label: string; value: string }[]): void {
  doc.fillColor(INK).fontSize(12);
  for (const r of rows) {
    doc.font("Helvetica-Bold").text(`${r.label}: `, { continued: true }).font("Helvetica").text(r.value);
    doc.moveDown(0.3);
  }
}
