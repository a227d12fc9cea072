/**
 * `npm run import:irs -- FILE...`: import IRS EO BMF extracts (.csv or .csv.gz) into the
 * configured database (DATABASE_URL, else the embedded database in DATA_DIR, whose folder
 * lock makes this refuse while the app runs). Migrates first, shows progress, prints each
 * skipped row as `file:line: reason` on stderr and ends with a summary.
 *
 * Exit code: 0 when the import ran (skipped rows included), 1 on a missing file, a file that
 * is not an EO BMF extract, a locked folder or a database error.
 */
import fs from "node:fs";
import cliProgress from "cli-progress";
import { DatabaseLockedError, getHandle, type DatabaseHandle } from "../lib/db/client";
import { runMigrations } from "../lib/db/migrate";
import { IrsFileError, importIrsFiles, type ImportProgress, type ImportSummary } from "../lib/server/import-irs";

const PLAIN_PROGRESS_EVERY_MS = 5_000;

/** Human-readable summary lines of an import. */
function formatSummary(s: ImportSummary): string {
  const lines = [
    `Files:      ${s.files}`,
    `Read:       ${s.read.toLocaleString("en-US")} rows`,
    `Inserted:   ${s.inserted.toLocaleString("en-US")}`,
    `Updated:    ${s.updated.toLocaleString("en-US")}`,
    `Unchanged:  ${s.unchanged.toLocaleString("en-US")}`,
    `Skipped:    ${s.skipped.toLocaleString("en-US")}`,
    ...Object.entries(s.skippedByReason)
      .sort((a, b) => b[1] - a[1])
      .map(([reason, n]) => `  ${n.toLocaleString("en-US").padStart(8)}  ${reason}`),
    `Seconds:    ${s.seconds.toFixed(1)} (${s.seconds > 0 ? Math.round(s.read / s.seconds).toLocaleString("en-US") : "-"} rows/s)`,
  ];
  return lines.join("\n");
}

/** A progress display: a bar on a terminal, a line every few seconds otherwise. */
function progressDisplay() {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stdout,
        format: "{bar} {percentage}% | {rows} rows | {rate} rows/s | {file}",
        hideCursor: true,
        barsize: 30,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(p: ImportProgress) {
        const payload = { rows: p.rows.toLocaleString("en-US"), rate: p.rowsPerSecond.toLocaleString("en-US"), file: p.file };
        if (!started) {
          bar.start(Math.max(1, p.totalBytes), p.bytes, payload);
          started = true;
        } else bar.update(p.bytes, payload);
      },
      /** Print a line above the bar (stderr on the same terminal). */
      log(line: string) {
        process.stderr.write(process.stderr.isTTY && started ? `\r\u001b[K${line}\n` : `${line}\n`);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let last = 0;
  return {
    update(p: ImportProgress) {
      const now = Date.now();
      if (now - last < PLAIN_PROGRESS_EVERY_MS) return;
      last = now;
      const percent = p.totalBytes > 0 ? Math.floor((100 * p.bytes) / p.totalBytes) : 0;
      console.log(`${percent}% ${p.rows} rows, ${p.rowsPerSecond} rows/s (${p.file})`);
    },
    log(line: string) {
      process.stderr.write(`${line}\n`);
    },
    stop() {},
  };
}

async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    console.error("Usage: npm run import:irs -- FILE.csv[.gz] ...");
    return 1;
  }
  const missing = files.filter((f) => !fs.existsSync(f) || !fs.statSync(f).isFile());
  if (missing.length > 0) {
    for (const f of missing) console.error(`File not found: ${f}`);
    return 1;
  }

  let handle: DatabaseHandle | undefined;
  const display = progressDisplay();
  try {
    handle = await getHandle({ batch: true });
    await runMigrations(handle);
    console.log(`Importing ${files.length} file${files.length > 1 ? "s" : ""} into the ${handle.kind === "pglite" ? "embedded database" : "PostgreSQL server"}...`);
    const summary = await importIrsFiles(handle.db, files, {
      onProgress: (p) => display.update(p),
      onMalformed: (m) => display.log(`${m.file}:${m.line}: ${m.reason}`),
    });
    display.stop();
    console.log(formatSummary(summary));
    return 0;
  } catch (err) {
    display.stop();
    if (err instanceof DatabaseLockedError || err instanceof IrsFileError) console.error(err.message);
    else {
      // Drizzle's error text holds the whole statement and its values: show the driver's cause.
      const outer = err as Error & { cause?: unknown };
      const e = (outer.cause instanceof Error ? outer.cause : outer) as Error & { code?: string };
      console.error(`Import failed: ${e.code ? `[${e.code}] ` : ""}${e.message.split("\n")[0]!.slice(0, 300)}`);
    }
    return 1;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
