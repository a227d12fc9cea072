/** Reading an uploaded CSV: BOM, quoted line breaks, empty lines and broken quotes, with the line numbers a spreadsheet shows. */
import { csvRecords, csvShape } from "./read-csv";

async function all(text: string) {
  const out: unknown[] = [];
  for await (const r of csvRecords(text)) out.push(r);
  return out;
}

test("a BOM is dropped, quoted cells keep commas and line breaks, a record is numbered by its first line, empty lines are skipped", async () => {
  const text = '\uFEFFName,Note,Amount\r\n"Lovelace, Ada","two\nlines",5\r\n\r\nGrace,"=1+1",7\r\n';
  expect(await all(text)).toEqual([
    { line: 1, cells: ["Name", "Note", "Amount"] },
    { line: 2, cells: ["Lovelace, Ada", "two\nlines", "5"] },
    { line: 5, cells: ["Grace", "=1+1", "7"] },
  ]);
});

test("a stray quote stays text and the rows after it are kept; CRLF lines are numbered as LF lines", async () => {
  expect(await all('A,B\r\n1,2\r\n3,"x"y\r\n4,5\r\n')).toEqual([
    { line: 1, cells: ["A", "B"] },
    { line: 2, cells: ["1", "2"] },
    { line: 3, cells: ["3", '"x"y'] },
    { line: 4, cells: ["4", "5"] },
  ]);
});

test("a quote never closed is reported by line after the records before it", async () => {
  expect(await all('A,B\n1,2\n3,"4\n')).toEqual([
    { line: 1, cells: ["A", "B"] },
    { line: 2, cells: ["1", "2"] },
    { line: 3, unreadable: true },
  ]);
});

test("csvShape counts data rows and keeps three samples", async () => {
  const shape = await csvShape("Date,Amount\n2025-01-01,5\n2025-01-02,6\n2025-01-03,7\n2025-01-04,8\n");
  expect(shape).toEqual({ headers: ["Date", "Amount"], rows: 4, samples: [["2025-01-01", "5"], ["2025-01-02", "6"], ["2025-01-03", "7"]] });
  expect(await csvShape("")).toEqual({ headers: null, rows: 0, samples: [] });
});
