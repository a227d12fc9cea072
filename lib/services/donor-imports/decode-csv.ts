/**
 * Turning an uploaded file's bytes into text before it is read as CSV. Exports reach us in the
 * encodings spreadsheet programs write: UTF-8 with or without a byte-order mark, UTF-16 LE/BE
 * (Excel's "Unicode text"), and Windows-1252/Latin-1 (Excel's "CSV" on Windows and older
 * Macs). The byte-order mark decides first (Unicode Standard 16.0 §23.8); otherwise bytes that
 * are valid UTF-8 are UTF-8 (WHATWG Encoding: the UTF-8 decoder); otherwise the chardet library
 * guesses the encoding from the bytes' statistics and iconv-lite decodes them. A file that is not
 * text (an image or a workbook renamed .csv, any file whose text holds a NUL character) is
 * refused: PostgreSQL text cannot hold U+0000 and such a file has no gifts to read.
 */
import "server-only";
import chardet from "chardet";
import iconv from "iconv-lite";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";

/** The encodings the import reads, as reported with the decoded text. */
export type CsvEncoding = "UTF-8" | "UTF-16LE" | "UTF-16BE" | "windows-1252" | string;

/**
 * File signatures of formats that are never CSV text (the formats' own specifications: PNG,
 * JPEG/JFIF, GIF87a/89a, RIFF (WebP), TIFF, BMP, ISO BMFF "ftyp" (HEIC/AVIF/MP4), PDF, ZIP
 * (XLSX, ODS), OLE2 (XLS), gzip), matched at offset 0 unless `at` says otherwise.
 */
const BINARY_SIGNATURES: { bytes: number[]; at?: number }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { bytes: [0xff, 0xd8, 0xff] },
  { bytes: [0x47, 0x49, 0x46, 0x38] },
  { bytes: [0x52, 0x49, 0x46, 0x46] },
  { bytes: [0x49, 0x49, 0x2a, 0x00] },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { bytes: [0x42, 0x4d] },
  { bytes: [0x66, 0x74, 0x79, 0x70], at: 4 },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { bytes: [0x50, 0x4b, 0x03, 0x04] },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { bytes: [0x1f, 0x8b] },
];

const binary = () => new AppError("validation", messages.donorImport.binaryFile, { file: messages.donorImport.binaryFile });

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

/**
 * UTF-16 without a byte-order mark: text that is mostly ASCII has a zero in every other byte
 * (the high byte of each code unit), on odd offsets for little-endian and even ones for
 * big-endian. Decided on the first 4 KB; null when the pattern is not there.
 */
function bomlessUtf16(bytes: Uint8Array): "UTF-16LE" | "UTF-16BE" | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "UTF-16LE";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "UTF-16BE";
  return null;
}

/** The single-byte encodings chardet names for Western European text, read as Windows-1252 (a superset of Latin-1's printable characters, WHATWG Encoding §5). */
const WESTERN = new Set(["ISO-8859-1", "ISO-8859-15", "windows-1252", "ISO-8859-2", "ISO-8859-9", "windows-1250", "windows-1254", "ASCII"]);

/**
 * The text of an uploaded CSV file and the encoding it was read in (byte-order mark removed).
 * @throws AppError(validation) messages.donorImport.binaryFile for an image, a workbook or
 *   another binary file (a known signature, or a NUL character in the decoded text);
 *   AppError(validation) messages.donorImport.encodingUnknown when no encoding reads it.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (BINARY_SIGNATURES.some((s) => startsWith(buf, s.bytes, s.at))) throw binary();
  let text: string;
  let encoding: CsvEncoding;
  if (startsWith(buf, [0xef, 0xbb, 0xbf])) {
    encoding = "UTF-8";
    text = new TextDecoder("utf-8").decode(buf.subarray(3));
  } else if (startsWith(buf, [0xff, 0xfe])) {
    encoding = "UTF-16LE";
    text = iconv.decode(buf.subarray(2), "utf-16le");
  } else if (startsWith(buf, [0xfe, 0xff])) {
    encoding = "UTF-16BE";
    text = iconv.decode(buf.subarray(2), "utf-16be");
  } else {
    const utf16 = bomlessUtf16(buf);
    if (utf16) {
      encoding = utf16;
      text = iconv.decode(buf, utf16 === "UTF-16LE" ? "utf-16le" : "utf-16be");
    } else {
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(buf);
        encoding = "UTF-8";
      } catch {
        const guess = chardet.detect(buf.subarray(0, 256 * 1024));
        encoding = !guess || WESTERN.has(guess) ? "windows-1252" : guess;
        if (!iconv.encodingExists(encoding)) throw new AppError("validation", messages.donorImport.encodingUnknown, { file: messages.donorImport.encodingUnknown });
        text = iconv.decode(buf, encoding);
      }
    }
  }
  if (text.includes("\u0000")) throw binary();
  return { text, encoding };
}
