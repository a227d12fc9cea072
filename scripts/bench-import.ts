/**
 * `npm run bench:import [-- DIR]`: time the IRS directory import of every `*.csv.gz` in DIR
 * (default ../shared/data/irs-eo-bmf, the 20-state extract, 247,693 rows) on
 *   (a) a fresh embedded PGlite database in a temporary folder, and
 *   (b) a fresh database `gb_bench_<random>` on the PostgreSQL server of BENCH_DATABASE_URL
 *       (default postgres://root@127.0.0.1:5432/test), dropped afterwards.
 * Each step runs in its own child process (this script in worker mode, started with the same
 * node options as `npm run import:irs`, read from package.json) so that its peak resident
 * memory is its own: the kernel's high-water mark
 * (process.resourceUsage().maxRSS) and RSS sampled every 100 ms, whichever is higher.
 * Creating the PGlite database (initdb + migrations) is a separate step with its own figure:
 * it costs the same whatever the input and is not part of an import.
 * Each database is then imported a second time, which must report 0 inserted / 0 updated.
 *
 * Targets: under 60 s on PostgreSQL, under 180 s on PGlite, peak RSS under 400 MB.
 * PGlite is opened exactly as the app opens it (lib/db/client.ts openPglite), with
 * shared_buffers from PGLITE_SHARED_BUFFERS (default 32MB).
 * Options: --shared-buffers 16MB adds a PGlite run with that shared_buffers, to compare.
 * Exit code: 0 all targets met, 2 a target missed, 1 an error.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ImportSummary } from "../lib/server/import-irs";

const RESULT_PREFIX = "BENCH_RESULT ";
const TARGET_RSS_MB = 400;
const TARGET_SECONDS = { pglite: 180, postgres: 60 } as const;

type Kind = "pglite" | "postgres";
type Step = "create" | "import";
type WorkerResult = { summary: ImportSummary | null; seconds: number; peakRssMb: number; maxRssMb: number; sampledRssMb: number };

// ---------------------------------------------------------------- worker (child process)

async function openForBench(kind: Kind, target: string) {
  const { openPglite, openPostgres } = await import("../lib/db/client");
  return kind === "postgres" ? openPostgres(target) : openPglite(target);
}

async function worker(args: string[]): Promise<void> {
  const [kind, step, target, dataDir] = args as [Kind, Step, string, string];
  let sampled = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
  }, 100);
  const { runMigrations } = await import("../lib/db/migrate");
  const { importIrsFiles } = await import("../lib/server/import-irs");
  const started = performance.now();
  const handle = await openForBench(kind, target);
  let summary: ImportSummary | null = null;
  try {
    await runMigrations(handle);
    if (step === "import") {
      summary = await importIrsFiles(handle.db, csvFiles(dataDir), {
        // PGlite blocks the event loop while it works: sample at every batch as well.
        onProgress: () => {
          sampled = Math.max(sampled, process.memoryUsage().rss);
        },
      });
    }
  } finally {
    await handle.close();
  }
  clearInterval(sampler);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  const maxRssMb = process.resourceUsage().maxRSS / 1024; // maxRSS is in KiB
  const sampledRssMb = sampled / 1024 / 1024;
  const result: WorkerResult = {
    summary,
    seconds: Math.round(performance.now() - started) / 1000,
    peakRssMb: Math.round(Math.max(maxRssMb, sampledRssMb)),
    maxRssMb: Math.round(maxRssMb),
    sampledRssMb: Math.round(sampledRssMb),
  };
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}

// ---------------------------------------------------------------- parent

function csvFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".csv.gz"))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * The node options of the `import:irs` script in package.json (`node OPTIONS... scripts/import-irs.ts`):
 * the import is measured as it is run. The young generation is kept small and the old one
 * capped so that the garbage of parsed batches is collected early instead of raising RSS;
 * the live heap of an import is about 35 MB whatever the input.
 */
function importNodeOptions(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")) as { scripts: Record<string, string> };
  const words = (pkg.scripts["import:irs"] ?? "").split(/\s+/);
  if (words[0] !== "node" || words[words.length - 1] !== "scripts/import-irs.ts") throw new Error('package.json: "import:irs" must read "node OPTIONS... scripts/import-irs.ts"');
  return words.slice(1, -1);
}

/** Run one worker step in a child process and return what it reported. */
function runChild(kind: Kind, step: Step, target: string, dataDir: string, sharedBuffers = ""): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...importNodeOptions(), __filename, "--worker", kind, step, target, dataDir], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...(sharedBuffers ? { PGLITE_SHARED_BUFFERS: sharedBuffers } : {}) },
    });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
      if (code !== 0 || !line) {
        reject(new Error(`${kind} ${step} worker failed (exit ${code})`));
        return;
      }
      resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as WorkerResult);
    });
  });
}

type Row = { database: string; step: string; result: WorkerResult; verdict: string; met: boolean };

function importRows(database: string, kind: Kind, first: WorkerResult, second: WorkerResult): Row[] {
  const limit = TARGET_SECONDS[kind];
  const s1 = first.summary!;
  const s2 = second.summary!;
  const fastEnough = s1.seconds < limit;
  const smallEnough = first.peakRssMb < TARGET_RSS_MB;
  const reimportClean = s2.inserted === 0 && s2.updated === 0 && s2.unchanged === s2.read - s2.skipped;
  return [
    {
      database,
      step: "import",
      result: first,
      verdict: `time < ${limit} s: ${fastEnough ? "yes" : "NO"}; RSS < ${TARGET_RSS_MB} MB: ${smallEnough ? "yes" : "NO"}`,
      met: fastEnough && smallEnough,
    },
    {
      database,
      step: "re-import",
      result: second,
      verdict:
        `${s2.inserted} inserted / ${s2.updated} updated / ${s2.unchanged} unchanged: ${reimportClean ? "yes" : "NO"}; ` +
        `RSS < ${TARGET_RSS_MB} MB: ${second.peakRssMb < TARGET_RSS_MB ? "yes" : "NO"}`,
      met: reimportClean && second.peakRssMb < TARGET_RSS_MB,
    },
  ];
}

function printTable(rows: Row[]): void {
  const header = ["database", "step", "rows", "seconds", "rows/s", "peak RSS MB", "targets met"];
  const body = rows.map((r) => {
    const s = r.result.summary;
    const seconds = s ? s.seconds : r.result.seconds;
    return [
      r.database,
      r.step,
      s ? s.read.toLocaleString("en-US") : "-",
      seconds.toFixed(1),
      s && seconds > 0 ? Math.round(s.read / seconds).toLocaleString("en-US") : "-",
      `${r.result.peakRssMb} (kernel ${r.result.maxRssMb}, sampled ${r.result.sampledRssMb})`,
      r.verdict,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" | ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
  for (const b of body) console.log(line(b));
}

async function benchPglite(dataDir: string, label: string, sharedBuffers = ""): Promise<Row[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-pglite-"));
  try {
    console.log(`${label}: creating a fresh database in ${folder} ...`);
    const created = await runChild("pglite", "create", folder, dataDir, sharedBuffers);
    console.log(`${label}: importing ...`);
    const first = await runChild("pglite", "import", folder, dataDir, sharedBuffers);
    console.log(`${label}: importing again ...`);
    const second = await runChild("pglite", "import", folder, dataDir, sharedBuffers);
    return [
      { database: label, step: "create+migrate", result: created, verdict: "(not an import: initdb, same for any input)", met: true },
      ...importRows(label, "pglite", first, second),
    ];
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function benchPostgres(dataDir: string): Promise<Row[]> {
  const { createScratchDatabase } = await import("../lib/db/scratch-database");
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL || "postgres://root@127.0.0.1:5432/test", "gb_bench");
  try {
    console.log(`PostgreSQL: importing into ${scratch.name} ...`);
    const first = await runChild("postgres", "import", scratch.url, dataDir);
    console.log("PostgreSQL: importing again ...");
    const second = await runChild("postgres", "import", scratch.url, dataDir);
    return importRows("PostgreSQL", "postgres", first, second);
  } finally {
    await scratch.drop();
  }
}

async function main(args: string[]): Promise<number> {
  const positional: string[] = [];
  let sharedBuffers: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--shared-buffers") sharedBuffers = args[++i];
    else positional.push(args[i]!);
  }
  const dataDir = path.resolve(process.cwd(), positional[0] ?? "../shared/data/irs-eo-bmf");
  if (!fs.existsSync(dataDir) || csvFiles(dataDir).length === 0) {
    console.error(`No .csv.gz files in ${dataDir}`);
    return 1;
  }
  console.log(`Benchmark: ${csvFiles(dataDir).length} files from ${dataDir}, ${os.cpus().length} cores\n`);
  const { serverEnv } = await import("../lib/env");
  const rows = [...(await benchPglite(dataDir, `PGlite (shared_buffers ${serverEnv().PGLITE_SHARED_BUFFERS})`)), ...(await benchPostgres(dataDir))];
  if (sharedBuffers) rows.push(...(await benchPglite(dataDir, `PGlite (shared_buffers ${sharedBuffers})`, sharedBuffers)));
  console.log("");
  printTable(rows);
  const allMet = rows.every((r) => r.met);
  console.log(`\n${allMet ? "All targets met." : "Some targets were missed (see the last column)."}`);
  return allMet ? 0 : 2;
}

if (process.argv[2] === "--worker") {
  worker(process.argv.slice(3)).catch((err: unknown) => {
    const e = err as Error & { cause?: unknown };
    console.error(`Worker failed: ${(e.cause instanceof Error ? e.cause : e).message.split("\n")[0]}`);
    process.exitCode = 1;
  });
} else {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(`Benchmark failed: ${(err as Error).message}`);
      process.exitCode = 1;
    },
  );
}
