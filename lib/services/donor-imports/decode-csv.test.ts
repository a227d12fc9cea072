/**
 * Decoding an uploaded CSV: the byte-order mark decides, valid UTF-8 is UTF-8, other bytes are
 * read in the encoding chardet detects (Windows-1252 for Western text); binaries are refused
 * with the plain sentence of messages.donorImport.binaryFile.
 */
import iconv from "iconv-lite";
import { messages } from "@/lib/validations/messages";
import { decodeCsv } from "./decode-csv";

const text = "Name,Amount\nJosé Müller,12.00\nFrançois Señor,5\n";

test.each([
  ["UTF-8", Buffer.from(text, "utf8"), "UTF-8"],
  ["UTF-8 with BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), "UTF-8"],
  ["Latin-1", iconv.encode(text, "latin1"), "windows-1252"],
  ["Windows-1252 with a curly quote and a euro sign", iconv.encode(text + "Zoë “Z” Brontë,€5\n", "windows-1252"), "windows-1252"],
  ["UTF-16 LE with BOM", iconv.encode(text, "utf-16le", { addBOM: true }), "UTF-16LE"],
  ["UTF-16 BE with BOM", Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, "utf-16be")]), "UTF-16BE"],
  ["UTF-16 BE without BOM", iconv.encode(text, "utf-16be"), "UTF-16BE"],
])("%s", (_label, bytes, encoding) => {
  const decoded = decodeCsv(bytes);
  expect(decoded.encoding).toBe(encoding);
  expect(decoded.text.startsWith(text)).toBe(true);
});

test("images, workbooks, PDFs and text with NUL are refused", () => {
  for (const bytes of [
    Buffer.from("89504e470d0a1a0a", "hex"),
    Buffer.from("ffd8ffe000104a464946", "hex"),
    Buffer.from("GIF89a...."),
    Buffer.from("%PDF-1.7\n"),
    Buffer.from("504b0304140006000800", "hex"),
    Buffer.from("d0cf11e0a1b11ae1", "hex"),
    Buffer.from("a,b\n1,\u00002\n"),
  ]) {
    expect(() => decodeCsv(bytes)).toThrow(expect.objectContaining({ code: "validation", message: messages.donorImport.binaryFile }));
  }
});
