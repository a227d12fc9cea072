/**
 * npm run bench:search [-- --scale N] [--queries 1000] [--files a.csv.gz ...] [--only postgres|pglite]
 *   [--reuse postgres://.../db (an already imported database, left as it is)] [--naive-budget 180]
 *   [--slowest N (also list the N slowest indexed queries, with their kind and time)]
 *
 * Imports the shared IRS directory (by default ../shared/data/irs-eo-bmf/*.csv.gz) into a
 * fresh PostgreSQL database (gb_bench_search_<random> on BENCH_DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/test, dropped at the end) and into PGlite in a temporary
 * folder; with --scale N adds synthetic organizations derived from the imported ones until
 * the table holds N rows. Then runs a fixed, seeded mix of realistic queries (names, typos,
 * city/state, category words, 25-mile radius around a ZIP, combined filters) through
 * searchNonprofits (the code behind /api/search/nonprofit), and the same queries done naively
 * (ILIKE '%q%' on unindexed text, haversine on every row) as the baseline, within a time
 * budget (--naive-budget seconds, default 180: the baseline takes up to seconds per query).
 * Prints p50, p95 and p99 in milliseconds per database and method.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, type DatabaseHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { createScratchDatabase } from "@/lib/db/scratch-database";
import { importIrsFiles } from "@/lib/server/import-irs";
import { zipToCoordinates } from "@/lib/directory/zip";
import { NTEE_MAJOR_GROUPS } from "@/lib/directory/ntee";
import { rowsOf } from "@/lib/db/rows";
import { searchNonprofits, type NonprofitSearchInput } from "@/lib/search/nonprofits";
import { escapeLikeText, normalizeSearchText } from "@/lib/search/text";

type Args = {
  scale: number | null;
  queries: number;
  files: string[];
  only: "postgres" | "pglite" | null;
  seed: number;
  reuse: string | null;
  /** Seconds the naive baseline may run per database (it runs the same queries, in the same order). */
  naiveBudget: number;
  /** How many of the slowest indexed queries to list (0: none). */
  slowest: number;
};

function parseArgs(argv: string[]): Args {
  const args: Args = { scale: null, queries: 1000, files: [], only: null, seed: 20_261_122, reuse: null, naiveBudget: 180, slowest: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--scale") args.scale = Number(next().replace(/[_,]/g, ""));
    else if (a === "--queries") args.queries = Number(next());
    else if (a === "--only") args.only = next() as Args["only"];
    else if (a === "--seed") args.seed = Number(next());
    else if (a === "--reuse") args.reuse = next();
    else if (a === "--naive-budget") args.naiveBudget = Number(next());
    else if (a === "--slowest") args.slowest = Number(next());
    else if (a === "--files") while (argv[i + 1] && !argv[i + 1]!.startsWith("--")) args.files.push(argv[++i]!);
    else if (!a.startsWith("--")) args.files.push(a);
    else throw new Error(`Unknown option ${a}`);
  }
  if (args.scale !== null && !(args.scale > 0)) throw new Error("--scale needs a positive number of rows");
  if (!args.files.length) {
    const dir = path.resolve(process.cwd(), "../shared/data/irs-eo-bmf");
    args.files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.csv(\.gz)?$/.test(f)).sort().map((f) => path.join(dir, f)) : [];
  }
  if (!args.files.length) throw new Error("No IRS files: pass them as arguments or provide ../shared/data/irs-eo-bmf");
  return args;
}

/** Small seeded PRNG (mulberry32) so every run asks the same queries. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Sample = { name: string; city: string | null; state: string | null; zipcode: string | null; major: string | null };
type BenchQuery = { kind: string; input: NonprofitSearchInput };

const CAUSE_WORDS = ["food bank", "animal shelter", "hospital", "library", "youth soccer", "church", "museum", "veterans", "scholarship fund", "fire department", "historical society", "homeless shelter", "arts council", "literacy", "hospice"];

function typo(word: string, rnd: () => number): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  return rnd() < 0.5 ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** The fixed mix: 1,000 queries by default, built from seeded samples of the directory. */
function buildQueries(samples: Sample[], count: number, seed: number): BenchQuery[] {
  const rnd = prng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const out: BenchQuery[] = [];
  const base = { limit: 20, offset: 0 };
  while (out.length < count) {
    const s = pick(samples);
    const words = normalizeSearchText(s.name).split(" ").filter((w) => w.length > 2 && !["inc", "the", "of", "and", "for"].includes(w));
    const r = out.length % 10;
    if (r < 2 || !words.length) out.push({ kind: "name", input: { ...base, query: s.name.toLowerCase() } });
    else if (r === 2) out.push({ kind: "name prefix", input: { ...base, query: words.slice(0, 2).join(" ") } });
    else if (r === 3) out.push({ kind: "typo", input: { ...base, query: words.slice(0, 3).map((w) => (rnd() < 0.6 ? typo(w, rnd) : w)).join(" ") } });
    else if (r === 4 && s.city && s.state) out.push({ kind: "city/state", input: { ...base, query: "", filters: { city: s.city, state: s.state } } });
    else if (r === 5 && s.city) out.push({ kind: "cause + city", input: { ...base, query: `${pick(CAUSE_WORDS)} ${s.city.toLowerCase()}` } });
    else if (r === 6) {
      const g = pick(NTEE_MAJOR_GROUPS.filter((x) => x.letter !== "Z"));
      out.push({ kind: "category word", input: { ...base, query: g.category.split(/[ ,&]+/)[0]!.toLowerCase() } });
    } else if (r === 7 && s.zipcode && zipToCoordinates(s.zipcode)) out.push({ kind: "25-mile radius", input: { ...base, query: "", filters: { zipcode: s.zipcode.slice(0, 5), distance: 25 } } });
    else if (r === 8 && s.zipcode && zipToCoordinates(s.zipcode)) out.push({ kind: "radius + text", input: { ...base, query: pick(CAUSE_WORDS), filters: { zipcode: s.zipcode.slice(0, 5), distance: 25 } } });
    else if (s.state && s.major) {
      out.push({ kind: "combined filters", input: { ...base, query: words[0] ?? "", filters: { state: s.state, category: s.major, active_campaign: false } } });
    } else out.push({ kind: "name", input: { ...base, query: s.name.toLowerCase() } });
  }
  return out;
}

/** The naive baseline: ILIKE '%q%' on unindexed text, haversine on every row, no ranking index. */
async function naiveSearch(h: DatabaseHandle, input: NonprofitSearchInput): Promise<void> {
  const f = input.filters ?? {};
  const q = normalizeSearchText(input.query);
  const conds = [sql`live = true`];
  if (q) conds.push(sql`(coalesce(name, '') || ' ' || coalesce(category, '') || ' ' || coalesce(city, '')) ilike ${`%${escapeLikeText(q)}%`}`);
  if (f.state) conds.push(sql`state = ${f.state}`);
  if (f.city) conds.push(sql`upper(city) = ${f.city.toUpperCase()}`);
  if (f.category) conds.push(sql`ntee_major_group = ${f.category}`);
  const center = f.zipcode ? zipToCoordinates(f.zipcode) : null;
  if (center && f.distance) {
    conds.push(sql`3958.8 * 2 * asin(sqrt(power(sin(radians(latitude - ${center.latitude}::float8) / 2), 2)
      + cos(radians(${center.latitude}::float8)) * cos(radians(latitude)) * power(sin(radians(longitude - ${center.longitude}::float8) / 2), 2))) <= ${f.distance}`);
  }
  await h.db.execute(sql`select id, name, city, state from organizations where ${sql.join(conds, sql` and `)} order by name limit ${input.limit}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/**
 * Time each query (after a warm-up of 30). With a budget in seconds, stops once it is spent
 * (the naive baseline can take seconds per query); `n` says how many ran.
 */
async function timeAll(queries: BenchQuery[], run: (q: BenchQuery) => Promise<void>, budgetSeconds = Infinity) {
  for (const q of queries.slice(0, 30)) await run(q); // warm-up: caches and plans
  const ms: number[] = [];
  const byKind = new Map<string, number[]>();
  const each: { query: BenchQuery; ms: number }[] = [];
  const started = performance.now();
  for (const q of queries) {
    if (performance.now() - started > budgetSeconds * 1000) break;
    const t = performance.now();
    await run(q);
    const d = performance.now() - t;
    ms.push(d);
    each.push({ query: q, ms: d });
    byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), d]);
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    n: ms.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: ms.reduce((a, b) => a + b, 0) / ms.length,
    each,
    byKind: [...byKind.entries()].map(([kind, xs]) => {
      const s = [...xs].sort((a, b) => a - b);
      return { kind, n: xs.length, p50: percentile(s, 50), p95: percentile(s, 95) };
    }),
  };
}

async function scaleUp(h: DatabaseHandle, target: number) {
  const count = async () => Number((rowsOf(await h.db.execute(sql`select count(*)::int as n from organizations`))[0] as { n: number }).n);
  let n = await count();
  let round = 1;
  while (n < target) {
    const add = Math.min(target - n, 200_000);
    // Synthetic rows derived from real ones: same places and categories, varied names, no EIN.
    await h.db.execute(sql`insert into organizations (id, name, sort_name, city, state, zipcode, latitude, longitude, ntee_code, ntee_major_group, category, irs_deductibility)
      select gen_random_uuid()::text, o.name || ' ' || ${["CHAPTER", "BRANCH", "FRIENDS", "FUND", "SOCIETY", "ALLIANCE", "TRUST", "CENTER", "GUILD"][round % 9]!} || ' ' || ${round}::text,
        o.sort_name, o.city, o.state, o.zipcode, o.latitude, o.longitude, o.ntee_code, o.ntee_major_group, o.category, o.irs_deductibility
      from organizations o where o.ein is not null order by o.ein limit ${add}`);
    n = await count();
    round++;
    process.stdout.write(`  scaled to ${n.toLocaleString("en-US")} rows\n`);
  }
  await h.exec("analyze organizations");
}

async function benchDatabase(label: string, h: DatabaseHandle, args: Args) {
  const t0 = performance.now();
  await runMigrations(h);
  if (!(args.reuse && label === "PostgreSQL")) {
    const summary = await importIrsFiles(h.db, args.files);
    console.log(`${label}: imported ${summary.read.toLocaleString("en-US")} records (${summary.inserted.toLocaleString("en-US")} new) in ${summary.seconds.toFixed(1)} s`);
  }
  if (args.scale) await scaleUp(h, args.scale);
  // The state autovacuum leaves a table in after a bulk load: the GIN indexes' pending lists
  // merged (otherwise every full-text search scans them) and fresh planner statistics.
  await h.exec("vacuum analyze organizations");
  await h.exec("vacuum analyze search_words");
  const rows = Number((rowsOf(await h.db.execute(sql`select count(*)::int as n from organizations`))[0] as { n: number }).n);
  const sampleRows = rowsOf(
    await h.db.execute(sql`select name, city, state, zipcode, ntee_major_group as major from organizations where ein is not null order by md5(ein || ${String(args.seed)}) limit 2000`),
  ) as Sample[];
  const queries = buildQueries(sampleRows, args.queries, args.seed);
  const indexed = await timeAll(queries, async (q) => {
    await searchNonprofits(q.input, h.db);
  });
  const naive = await timeAll(queries, (q) => naiveSearch(h, q.input), args.naiveBudget);
  console.log(`${label}: set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { label, rows, indexed, naive };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const results: Awaited<ReturnType<typeof benchDatabase>>[] = [];
  console.log(`Files: ${args.files.length}; queries: ${args.queries}; scale: ${args.scale ?? "none"}`);

  if (args.reuse && args.only !== "pglite") {
    // An already imported PostgreSQL database, kept as it is (for tuning).
    const h = await openPostgres(args.reuse);
    try {
      results.push(await benchDatabase("PostgreSQL", h, args));
    } finally {
      await h.close();
    }
  } else if (args.only !== "pglite") {
    const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test", "gb_bench_search");
    const h = await openPostgres(scratch.url);
    try {
      results.push(await benchDatabase("PostgreSQL", h, args));
    } finally {
      await h.close();
      await scratch.drop();
    }
  }
  if (args.only !== "postgres") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-search-"));
    const h = await openPglite(dir);
    try {
      results.push(await benchDatabase("PGlite", h, args));
    } finally {
      await h.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const f = (x: number) => x.toFixed(1).padStart(8);
  console.log(`\n${args.queries} queries per run (seed ${args.seed}), milliseconds per query:\n`);
  console.log(`| database   |      rows | method                  | queries |      p50 |      p95 |      p99 |     mean |`);
  console.log(`|------------|-----------|-------------------------|---------|----------|----------|----------|----------|`);
  for (const r of results) {
    for (const [method, t] of [["indexed (FTS + pg_trgm)", r.indexed], ["naive ILIKE baseline", r.naive]] as const) {
      console.log(`| ${r.label.padEnd(10)} | ${r.rows.toLocaleString("en-US").padStart(9)} | ${method.padEnd(23)} | ${String(t.n).padStart(7)} | ${f(t.p50)} | ${f(t.p95)} | ${f(t.p99)} | ${f(t.mean)} |`);
    }
  }
  for (const r of results) {
    console.log(`\n${r.label}, indexed search by kind of query (ms):`);
    for (const k of r.indexed.byKind) console.log(`  ${k.kind.padEnd(18)} n=${String(k.n).padStart(4)}  p50 ${k.p50.toFixed(1).padStart(7)}  p95 ${k.p95.toFixed(1).padStart(7)}`);
    if (args.slowest > 0) {
      console.log(`\n${r.label}, the ${args.slowest} slowest indexed queries (ms):`);
      for (const { query, ms } of [...r.indexed.each].sort((a, b) => b.ms - a.ms).slice(0, args.slowest)) {
        console.log(`  ${ms.toFixed(1).padStart(7)}  ${query.kind.padEnd(18)} ${JSON.stringify(query.input.query)}${query.input.filters ? ` ${JSON.stringify(query.input.filters)}` : ""}`);
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
