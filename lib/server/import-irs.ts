/**
 * Imports IRS EO BMF extracts (`.csv` or `.csv.gz`) into `organizations`, streaming: a file is
 * never held in memory, only one batch being parsed and one being written.
 *
 * Each batch (1,000 rows, sent as one JSON parameter) is one statement: rows whose stored
 * `irs_row_hash` equals the new one are dropped first, the rest go through
 * `INSERT ... ON CONFLICT (ein) DO UPDATE ... WHERE the hash changed`. So an unchanged record
 * writes nothing (updated_at stays) and a re-import of the same file reports every row
 * unchanged. Batches are grouped in transactions of ~20,000 rows. While one batch is written
 * the next is parsed, which overlaps parsing with a PostgreSQL server's work.
 *
 * A claimed organization owns its name, address and coordinates (and its telephone and
 * email, which the import never sets): only its IRS fields are refreshed.
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { pipeline } from "node:stream";
import zlib from "node:zlib";
import { parse, type CsvError } from "csv-parse";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "@/lib/db/client";
import { organizations } from "@/models";
import { forgetCommonStems } from "@/lib/search/relevance";
import { mergePendingSearchEntries } from "@/lib/search/index-upkeep";
import {
  csvErrorReason,
  missingIrsColumns,
  normalizeIrsRecord,
  type IrsOrganizationRow,
  type IrsRecord,
} from "@/lib/directory/irs-row";

/** Progress of an import, reported after each written batch and at the end of each file. */
export type ImportProgress = {
  /** The file being read, as given. */
  file: string;
  /** Records read so far over all files (written, unchanged or skipped). */
  rows: number;
  /** `rows` per second of wall time since the import started. */
  rowsPerSecond: number;
  /** Bytes of the input files read so far (compressed size for .gz), for a progress bar. */
  bytes: number;
  /** Total size in bytes of all input files. */
  totalBytes: number;
};

/** A record that was skipped, with the 1-based line of the file where it starts. */
export type MalformedRow = { file: string; line: number; reason: string };

export type ImportOptions = {
  onProgress?(progress: ImportProgress): void;
  onMalformed?(row: MalformedRow): void;
  /** Rows per INSERT statement (default 1,000, at most 10,000). */
  batchSize?: number;
};

export type ImportSummary = {
  /** Number of files imported. */
  files: number;
  /** Records read (every data row of every file). */
  read: number;
  /** New organizations. */
  inserted: number;
  /** Existing organizations whose IRS record changed. */
  updated: number;
  /** Existing organizations whose IRS record was the same: nothing written. */
  unchanged: number;
  /** Records not imported; `skippedByReason` gives the count per reason. */
  skipped: number;
  skippedByReason: Record<string, number>;
  /** Wall time in seconds. */
  seconds: number;
};

/** The file is not an EO BMF extract (its header lacks required columns). */
export class IrsFileError extends Error {
  constructor(
    public readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "IrsFileError";
  }
}

/** Reason recorded when a record is replaced by a later one with the same EIN in its batch. */
export const DUPLICATE_EIN_REASON = "duplicate EIN (a later row replaces it)";

const DEFAULT_BATCH_SIZE = 1_000;
const MAX_BATCH_SIZE = 10_000;
const ROWS_PER_TRANSACTION = 20_000;

/** A normalized row and the line where its record starts. */
type Parsed = { line: number; row: IrsOrganizationRow };

const columns = getTableColumns(organizations);

/** Columns a claimed organization owns; the import only fills them while unclaimed. */
const OWNED_WHEN_CLAIMED: ReadonlySet<string> = new Set<keyof IrsOrganizationRow>([
  "name",
  "addressLine1",
  "city",
  "state",
  "zipcode",
  "latitude",
  "longitude",
]);

/** The statement around its two parameters: head $importedAt middle $rowsJson tail. */
type UpsertStatement = { head: SQL; middle: SQL; tail: SQL };
let upsertStatement: UpsertStatement | undefined;

/**
 * The batch upsert, built once from the row keys. Rows travel as ONE json parameter, read
 * back with json_to_recordset: building a 1,000-row, 40,000-parameter statement through the
 * query builder cost more CPU than the database's own work. The parameters are the json
 * array of rows (distinct EINs) and irs_imported_at.
 */
function upsertStatementFor(sample: IrsOrganizationRow): UpsertStatement {
  if (upsertStatement) return upsertStatement;
  const keys = Object.keys(sample) as (keyof IrsOrganizationRow)[];
  const col = (key: keyof IrsOrganizationRow) => `"${columns[key].name}"`;
  const recordType = keys.map((k) => `"${k}" ${columns[k].getSQLType()}`).join(", ");
  const updates = keys
    .filter((k) => k !== "ein")
    .map((k) =>
      OWNED_WHEN_CLAIMED.has(k)
        ? `${col(k)} = case when o."claimed" then o.${col(k)} else excluded.${col(k)} end`
        : `${col(k)} = excluded.${col(k)}`,
    );
  updates.push(`"irs_imported_at" = excluded."irs_imported_at"`, `"updated_at" = now()`);
  upsertStatement = {
    head: sql.raw(`
with input as (
  select ${keys.map((k) => `r."${k}"`).join(", ")}, `),
    middle: sql.raw(`::timestamptz as "importedAt"
  from json_to_recordset(`),
    tail: sql.raw(`::json) as r(${recordType})
),
-- Rows that are new or changed. Filtering the unchanged ones out before the INSERT spares
-- them the speculative insertion and the computing of generated columns that ON CONFLICT
-- would do first: a re-import of an unchanged file only reads the EIN index.
changed as (
  select input.* from input
  left join "organizations" existing on existing."ein" = input."ein"
  where existing."irs_row_hash" is distinct from input."irsRowHash"
),
upserted as (
  insert into "organizations" as o
    ("id", ${keys.map(col).join(", ")}, "irs_imported_at", "claimed", "approval_status", "live")
  select gen_random_uuid()::text, ${keys.map((k) => `c."${k}"`).join(", ")}, c."importedAt", false, 'approved', true
  from changed c
  on conflict ("ein") do update set
    ${updates.join(",\n    ")}
  -- Checked again here: another import may have written the row since "changed" looked.
  where o."irs_row_hash" is distinct from excluded."irs_row_hash"
  -- xmax is 0 only on a freshly inserted tuple: it tells inserts from updates.
  returning (o.xmax = 0) as inserted
)
select
  count(*) filter (where inserted)::int as inserted,
  count(*) filter (where not inserted)::int as updated
from upserted`),
  };
  return upsertStatement;
}

/** Upsert one batch (distinct EINs); returns how many rows were inserted and updated. */
async function writeBatch(tx: Executor, rows: IrsOrganizationRow[], importedAt: Date) {
  const s = upsertStatementFor(rows[0]!);
  const query = sql`${s.head}${importedAt.toISOString()}${s.middle}${JSON.stringify(rows)}${s.tail}`;
  // Both drivers (pg, PGlite) return { rows }.
  const result = (await tx.execute(query)) as unknown as { rows: { inserted: number; updated: number }[] };
  const counts = result.rows[0];
  return { inserted: Number(counts?.inserted ?? 0), updated: Number(counts?.updated ?? 0) };
}

/**
 * Stream one file's records, normalized. Malformed records are reported through `skip` and
 * never yielded. Parsing is lazy: the consumer's pace bounds memory (stream backpressure).
 */
function openRecords(file: string, skip: (line: number, reason: string) => void) {
  const source = fs.createReadStream(file);
  // Where the last record ended and how many empty lines had been seen then: the start
  // line of the next record (multi-line quoted fields make the parser's own count the end).
  let lastEnd = 1;
  let emptyAtLastEnd = 0;
  const startLine = (endLine: number, emptyLines: number) => {
    const start = Math.min(endLine, lastEnd + 1 + (emptyLines - emptyAtLastEnd));
    lastEnd = endLine;
    emptyAtLastEnd = emptyLines;
    return start;
  };
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      const missing = missingIrsColumns(header);
      if (missing.length > 0) {
        const listed = missing.length > 5 ? `${missing.slice(0, 5).join(", ")} and ${missing.length - 5} more` : missing.join(", ");
        throw new IrsFileError(file, `not an IRS EO BMF extract (missing column${missing.length > 1 ? "s" : ""} ${listed})`);
      }
      return header.map((h) => h.trim().toUpperCase());
    },
    relax_column_count: false,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err: CsvError | undefined) => {
      const context = err as (CsvError & { lines?: number; empty_lines?: number }) | undefined;
      skip(startLine(context?.lines ?? lastEnd + 1, context?.empty_lines ?? emptyAtLastEnd), csvErrorReason(err?.code));
      return undefined;
    },
    on_record: (record: IrsRecord, context): Parsed | null => {
      const line = startLine(context.lines, context.empty_lines);
      const result = normalizeIrsRecord(record);
      if (result.ok) return { line, row: result.row };
      skip(line, result.reason);
      return null;
    },
  });
  // pipeline destroys every stream on an error, so a corrupt gzip or a bad header ends the
  // parser's iteration with that error instead of hanging.
  const noop = () => undefined;
  if (file.endsWith(".gz")) pipeline(source, zlib.createGunzip(), parser, noop);
  else pipeline(source, parser, noop);
  return { records: parser[Symbol.asyncIterator]() as AsyncIterator<Parsed>, bytesRead: () => source.bytesRead };
}

/**
 * Import EO BMF extracts into `organizations`, in order, upserting on EIN.
 *
 * New organizations are unclaimed, approved and live. A changed record refreshes the IRS
 * fields (and, while the organization is unclaimed, its name, address and coordinates) and
 * sets updated_at; an unchanged record writes nothing. Within one batch a repeated EIN keeps
 * the later record (the earlier is counted as skipped, DUPLICATE_EIN_REASON).
 * Memory stays bounded whatever the file size (two batches at most). When anything was
 * written, the search indexes' pending entries are merged (lib/search/index-upkeep.ts) and the
 * planner's statistics of organizations and search_words refreshed (ANALYZE).
 *
 * @param db the database (a transaction works too: batches then run in savepoints).
 * @param files paths of `.csv` or `.csv.gz` files with the IRS header row.
 * @returns counts of records read, inserted, updated, unchanged and skipped, and seconds.
 * @throws Error (ENOENT) when a file does not exist, before anything is written;
 *   IrsFileError when a header lacks EO BMF columns; database errors as thrown by the driver
 *   (the current transaction of ~20,000 rows is rolled back, earlier ones stay).
 */
export async function importIrsFiles(db: Database, files: string[], options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const batchSize = Math.max(1, Math.min(MAX_BATCH_SIZE, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE)));
  const sizes = await Promise.all(files.map(async (f) => (await fs.promises.stat(f)).size));
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const summary: ImportSummary = {
    files: 0,
    read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    skippedByReason: {},
    seconds: 0,
  };
  let bytesBefore = 0;

  for (const [fileIndex, file] of files.entries()) {
    const countSkipped = (line: number, reason: string) => {
      summary.skipped++;
      summary.skippedByReason[reason] = (summary.skippedByReason[reason] ?? 0) + 1;
      options.onMalformed?.({ file, line, reason });
    };
    const { records, bytesRead } = openRecords(file, (line, reason) => {
      summary.read++;
      countSkipped(line, reason);
    });
    const progress = () => {
      const seconds = (performance.now() - started) / 1000;
      options.onProgress?.({
        file,
        rows: summary.read,
        rowsPerSecond: seconds > 0 ? Math.round(summary.read / seconds) : 0,
        bytes: bytesBefore + bytesRead(),
        totalBytes,
      });
    };

    let exhausted = false;
    /** The next batch of distinct EINs (later records win); empty once the file is done. */
    const nextBatch = async (): Promise<IrsOrganizationRow[]> => {
      const byEin = new Map<string, Parsed>();
      let count = 0;
      while (!exhausted && count < batchSize) {
        const next = await records.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        summary.read++;
        const previous = byEin.get(next.value.row.ein);
        if (previous) countSkipped(previous.line, DUPLICATE_EIN_REASON);
        else count++;
        byEin.set(next.value.row.ein, next.value);
      }
      return [...byEin.values()].map((p) => p.row);
    };

    const importedAt = new Date();
    /** One transaction per ~20,000 rows; batch N+1 is parsed while batch N is written. */
    const transaction = () =>
      db.transaction(async (tx) => {
        let written = 0;
        let pending: Promise<void> | undefined;
        let batch = await nextBatch();
        while (batch.length > 0) {
          const rows = batch;
          pending = writeBatch(tx, rows, importedAt).then(({ inserted, updated }) => {
            summary.inserted += inserted;
            summary.updated += updated;
            summary.unchanged += rows.length - inserted - updated;
            progress();
          });
          // Awaited below; this only keeps a failure from being "unhandled" while parsing on.
          pending.catch(() => undefined);
          written += rows.length;
          if (written >= ROWS_PER_TRANSACTION) break;
          batch = await nextBatch();
          await pending;
          pending = undefined;
        }
        await pending;
      });
    try {
      while (!exhausted) await transaction();
    } finally {
      // Ends the read stream too when the import stops early (database error, bad header).
      await records.return?.();
    }
    bytesBefore += sizes[fileIndex]!;
    summary.files++;
    progress();
  }
  if (summary.inserted + summary.updated > 0) {
    // The new rows' entries wait in the GIN indexes' pending lists, which every search would
    // read through until a VACUUM (never, on the embedded database): merge them now.
    await mergePendingSearchEntries(db);
    // Search reads the planner's statistics of the search documents (the directory's common
    // words decide compound splits and spelling corrections, lib/search/relevance.ts), and the
    // embedded database has no autovacuum to gather them: gather them now.
    await db.execute(sql`analyze organizations`);
    await db.execute(sql`analyze search_words`);
    forgetCommonStems(db);
  }
  summary.seconds = Math.round(performance.now() - started) / 1000;
  return summary;
}
