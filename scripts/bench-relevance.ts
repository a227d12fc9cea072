/**
 * npm run bench:relevance [-- --pglite] [--reuse postgres://.../db] [--files a.csv.gz ...] [--show-misses]
 *   [--judgments scripts/relevance/judgments-fresh.tsv]
 *
 * Relevance of directory search against the judgment set scripts/relevance/judgments.tsv
 * (or another file in the same format with --judgments: judgments-fresh.tsv and
 * judgments-fresh2.tsv, a second and a third set, tuned on since; judgments-fresh3.tsv, a
 * fourth, held out)
 * (queries typed as donors would, each with the EINs that answer it, in six classes, a third
 * of each class held out). Imports the shared IRS directory (by default
 * ../shared/data/irs-eo-bmf/*.csv.gz) into a fresh PostgreSQL database (gb_bench_relevance_<random>
 * on BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/test, dropped at the end), or
 * into PGlite in a temporary folder with --pglite, or uses an already imported database with
 * --reuse (migrated, left as it is). Each query goes through searchNonprofits (the code behind
 * /api/search/nonprofit), first page of 10.
 *
 * Prints, for the tuning part and the held-out part, overall and by class:
 * success@1 (an answer is the first hit), success@3 (an answer is in the first three) and
 * MRR@10 (mean of 1/rank of the first answer within the first ten, 0 when none).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, type DatabaseHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { createScratchDatabase } from "@/lib/db/scratch-database";
import { importIrsFiles } from "@/lib/server/import-irs";
import { rowsOf } from "@/lib/db/rows";
import { searchNonprofits } from "@/lib/search/nonprofits";

/** One judged query. */
export type Judgment = { kind: string; part: "tune" | "held-out"; query: string; eins: string[] };

const JUDGMENTS = path.join(__dirname, "relevance", "judgments.tsv");

/** The judgment set: tab-separated class, part, query, EINs; "#" lines are comments. */
export function readJudgments(file = JUDGMENTS): Judgment[] {
  const lines = fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  return lines.slice(1).map((line, i) => {
    const [kind, part, query, eins] = line.split("\t");
    if (!kind || (part !== "tune" && part !== "held-out") || !query || !eins) throw new Error(`${file}: bad line ${i + 2}: ${line}`);
    return { kind, part, query, eins: eins.split(",").map((e) => e.trim()) };
  });
}

type Args = { pglite: boolean; reuse: string | null; files: string[]; showMisses: boolean; judgments: string };

function parseArgs(argv: string[]): Args {
  const args: Args = { pglite: false, reuse: null, files: [], showMisses: false, judgments: JUDGMENTS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--pglite") args.pglite = true;
    else if (a === "--show-misses") args.showMisses = true;
    else if (a === "--reuse") args.reuse = argv[++i] ?? null;
    else if (a === "--judgments") args.judgments = path.resolve(argv[++i] ?? "");
    else if (a === "--files") while (argv[i + 1] && !argv[i + 1]!.startsWith("--")) args.files.push(argv[++i]!);
    else if (!a.startsWith("--")) args.files.push(a);
    else throw new Error(`Unknown option ${a}`);
  }
  if (!args.files.length && !args.reuse) {
    const dir = path.resolve(process.cwd(), "../shared/data/irs-eo-bmf");
    args.files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.csv(\.gz)?$/.test(f)).sort().map((f) => path.join(dir, f)) : [];
    if (!args.files.length) throw new Error("No IRS files: pass them as arguments or provide ../shared/data/irs-eo-bmf");
  }
  return args;
}

/** Rank (1-based) of the first answer among the hits' EINs, or null. */
export function firstAnswerRank(hitEins: (string | null)[], answers: string[]): number | null {
  const i = hitEins.findIndex((e) => e !== null && answers.includes(e));
  return i < 0 ? null : i + 1;
}

type Scored = Judgment & { rank: number | null; top: string[] };

function summarize(rows: Scored[]) {
  const n = rows.length;
  const at = (k: number) => rows.filter((r) => r.rank !== null && r.rank <= k).length / n;
  const mrr = rows.reduce((s, r) => s + (r.rank !== null && r.rank <= 10 ? 1 / r.rank : 0), 0) / n;
  return { n, s1: at(1), s3: at(3), mrr };
}

function printTable(title: string, rows: Scored[]) {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  console.log(`\n${title}`);
  console.log(`| class      | queries | success@1 | success@3 | MRR@10 |`);
  console.log(`|------------|---------|-----------|-----------|--------|`);
  const kinds = [...new Set(rows.map((r) => r.kind))];
  for (const [label, part] of [...kinds.map((k) => [k, rows.filter((r) => r.kind === k)] as const), ["all", rows] as const]) {
    const s = summarize(part);
    console.log(`| ${label.padEnd(10)} | ${String(s.n).padStart(7)} |   ${pct(s.s1)} |   ${pct(s.s3)} |  ${s.mrr.toFixed(3)} |`);
  }
}

async function prepare(h: DatabaseHandle, args: Args, label: string) {
  await runMigrations(h);
  if (!args.reuse) {
    const summary = await importIrsFiles(h.db, args.files);
    console.log(`${label}: imported ${summary.read.toLocaleString("en-US")} records in ${summary.seconds.toFixed(1)} s`);
    await h.exec("vacuum analyze organizations");
    await h.exec("vacuum analyze search_words");
  }
  const n = Number((rowsOf(await h.db.execute(sql`select count(*)::int as n from organizations`))[0] as { n: number }).n);
  console.log(`${label}: ${n.toLocaleString("en-US")} organizations`);
}

async function run(h: DatabaseHandle, judgments: Judgment[]): Promise<Scored[]> {
  const out: Scored[] = [];
  for (const j of judgments) {
    const result = await searchNonprofits({ query: j.query, limit: 10, offset: 0 }, h.db);
    out.push({
      ...j,
      rank: firstAnswerRank(result.results.map((r) => r.ein), j.eins),
      top: result.results.slice(0, 3).map((r) => `${r.ein} ${r.name} (${r.city ?? ""})`),
    });
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const judgments = readJudgments(args.judgments);
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let label: string;
  if (args.pglite) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-relevance-"));
    handle = await openPglite(dir);
    label = "PGlite";
    cleanup = async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else if (args.reuse) {
    handle = await openPostgres(args.reuse);
    label = "PostgreSQL";
    cleanup = () => handle.close();
  } else {
    const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test", "gb_bench_relevance");
    handle = await openPostgres(scratch.url);
    label = "PostgreSQL";
    cleanup = async () => {
      await handle.close();
      await scratch.drop();
    };
  }
  try {
    await prepare(handle, args, label);
    const scored = await run(handle, judgments);
    console.log(`\n${label}: ${judgments.length} judged queries (${scored.filter((s) => s.part === "held-out").length} held out)`);
    for (const [title, part] of [["tuning part", "tune"], ["held-out part", "held-out"]] as const) {
      const rows = scored.filter((s) => s.part === part);
      if (rows.length) printTable(`${label}, ${title}:`, rows);
    }
    if (args.showMisses) {
      console.log("\nQueries whose answer is not first:");
      for (const s of scored.filter((x) => x.rank !== 1)) {
        console.log(`  [${s.kind}/${s.part}] "${s.query}" -> rank ${s.rank ?? "-"} (want ${s.eins.join(",")})\n      ${s.top.join("\n      ")}`);
      }
    }
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
