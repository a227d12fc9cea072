/**
 * Tests only: the text of a PDF as its lines, the way a reader (or a copy and paste) sees
 * them, extracted with pdf-parse (Mozilla's pdf.js underneath).
 */
import { PDFParse } from "pdf-parse";

/** Every non-empty line of text in `pdf`, page by page, with runs of spaces collapsed. */
export async function pdfLines(pdf: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { text } = await parser.getText();
    return text
      .split("\n")
      .map((l) => l.replace(/\s+/g, " ").trim())
      .filter(Boolean);
  } finally {
    await parser.destroy();
  }
}

/** The widths (pixels) of the colour images a PDF holds, smallest first (alpha masks left out). */
export function pdfImageWidths(pdf: Buffer): number[] {
  const widths: number[] = [];
  for (const m of pdf.toString("latin1").matchAll(/<<\n\/Type \/XObject\n\/Subtype \/Image\n([^>]*)>>/g)) {
    const dict = m[1]!;
    if (/\/ColorSpace \/DeviceGray/.test(dict)) continue;
    widths.push(Number(/\/Width (\d+)/.exec(dict)?.[1]));
  }
  return widths.sort((x, y) => x - y);
}
