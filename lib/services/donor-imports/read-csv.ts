/**
 * Reading an uploaded donor-history CSV (RFC 4180, as Givebutter, Donorbox, Little Green Light
 * and Bloomerang export it) record by record with csv-parse's streaming parser: a byte-order
 * mark is dropped, empty lines are skipped, cells are kept as text (never evaluated), and a
 * record csv-parse cannot read (a broken quote) is reported by its line instead of ending the
 * file. Line numbers are those a spreadsheet shows: the header is line 1; a record whose quoted
 * cell spans lines is numbered by its first line.
 */
import "server-only";
import { Readable } from "node:stream";
import { parse } from "csv-parse";

/** Characters handed to csv-parse at a time, and records read between two yields to the event loop. */
const CHUNK_CHARS = 64 * 1024;
const RECORDS_PER_YIELD = 1000;

/**
 * `text` in slices of CHUNK_CHARS, never splitting a surrogate pair: csv-parse then parses a
 * slice at a time instead of the whole file in one synchronous call, and this process's other
 * requests are served between slices.
 */
function* slices(text: string): Generator<string> {
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + CHUNK_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(i, end);
    i = end;
  }
}

/** One record: its cells, or the reason csv-parse could not read it. */
export type CsvRecord = { line: number; cells: string[] } | { line: number; unreadable: true };

/**
 * The records of `text` (header included, first), in file order. Quotes inside a cell that does
 * not start with one are kept as text (relax_quotes), so one stray quote does not swallow the
 * rows after it.
 */
export async function* csvRecords(text: string): AsyncGenerator<CsvRecord> {
  const bytes = Buffer.from(text, "utf8");
  // Lines are counted on the bytes csv-parse reports (info.bytes): "\n" ends a line, so CRLF
  // and LF files are numbered alike.
  const breaks: number[] = [];
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) breaks.push(i);
  /** The line of byte `offset`: 1 + the line breaks before it. */
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, skip_records_with_error: true, max_record_size: 1_000_000 });
  // csv-parse reports a record it skips at the first bytes of that record.
  const skipped: number[] = [];
  parser.on("skip", (err: Error & { bytes?: number }) => skipped.push(lineAt((err.bytes ?? bytes.length) - 1)));
  Readable.from(slices(text)).pipe(parser);
  let read = 0;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
    if (++read % RECORDS_PER_YIELD === 0) await new Promise((resolve) => setImmediate(resolve));
    // The record ends on the line of its last byte (its own line break excluded).
    const endLine = lineAt(info.bytes - 1);
    const line = endLine - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    while (skipped.length && skipped[0]! < line) yield { line: skipped.shift()!, unreadable: true };
    yield { line, cells: record };
  }
  for (const line of skipped) yield { line, unreadable: true };
}

/**
 * The header row and the number of data rows of `text`, read in one pass.
 * @returns headers null when the file has no record at all.
 */
export async function csvShape(text: string): Promise<{ headers: string[] | null; rows: number; samples: string[][] }> {
  let headers: string[] | null = null;
  let rows = 0;
  const samples: string[][] = [];
  for await (const r of csvRecords(text)) {
    if (!headers) {
      if ("cells" in r) headers = r.cells.map((h) => h.trim());
      continue;
    }
    rows++;
    if ("cells" in r && samples.length < 3) samples.push(r.cells);
  }
  return { headers, rows, samples };
}
