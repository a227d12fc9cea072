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

/** One record: its cells, or the reason csv-parse could not read it. */
export type CsvRecord = { line: number; cells: string[] } | { line: number; unreadable: true };

/** The records of `text` (header included, first), in file order. */
export async function* csvRecords(text: string): AsyncGenerator<CsvRecord> {
  const parser = parse({ bom: true, relax_column_count: true, info: true, skip_records_with_error: true, max_record_size: 1_000_000 });
  const skipped: number[] = [];
  let lastLine = 0;
  parser.on("skip", (err: Error & { lines?: number }) => {
    skipped.push(lastLine + 1);
    lastLine = err.lines ?? lastLine + 1;
  });
  Readable.from([text]).pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    while (skipped.length) yield { line: skipped.shift()!, unreadable: true };
    const line = lastLine + 1;
    lastLine = info.lines;
    if (record.length === 1 && record[0]!.trim() === "") continue;
    yield { line, cells: record };
  }
  while (skipped.length) yield { line: skipped.shift()!, unreadable: true };
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
