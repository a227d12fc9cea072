/**
 * npm run bench:search-profile [-- --pglite [--pglite-dir DIR] | --database postgres://.../db]
 *   [--queries 600] [--from 0] [--query "text" | --random-pairs] [--set name=value ...]
 *   [--dump results.json] [--compare results.json] [--server-times] [--by-cause] [--explain N]
 *
 * Where a directory search spends its time, one search at a time (no HTTP, no concurrency):
 * runs the searches of bench:serve's "each one new" row (scripts/distinct-searches.ts; the
 * n-th from --from; with --random-pairs those of its "random word pairs" row; or --query's
 * text --queries times) through searchNonprofits on the embedded database with the demo data
 * (--pglite: a temporary folder, or DIR kept for the
 * next runs, migrated and loaded as the app does with DEMO_DATA) or on an existing PostgreSQL
 * database (--database: an imported directory, left as it is), and prints per search:
 * milliseconds (p50, p95, mean), statements, the time of each kind of statement (the lexicon
 * lookup, the spelling corrections, the first candidate page, the later stages' pages), this
 * process's CPU per search and the statements' sizes.
 * --set runs `set name = value` on the connection first (a planner setting to try).
 * --dump writes each search's total and result EINs to a file; --compare reads such a file and
 * counts the searches whose total or EINs differ (results before and after a change; compare
 * on the same database: ties are broken by id, which differs between two loads of the demo).
 * --server-times runs every statement again under EXPLAIN ANALYZE and prints the server's
 * planning and execution time per kind beside the time the client saw (the round trip).
 * --by-cause prints the mean time per cause word. --explain N prints EXPLAIN (ANALYZE,
 * BUFFERS) of every statement of the N slowest searches.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { openPglite, openPostgres, type Database, type DatabaseHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { rowsOf } from "@/lib/db/rows";
import { mergePendingSearchEntries } from "@/lib/search/index-upkeep";
import { searchNonprofits } from "@/lib/search/nonprofits";
import { loadDemoDataIfEmpty } from "@/lib/server/demo-data";
import { distinctSearch, randomWordPair } from "./distinct-searches";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

/** One statement a search ran: its kind, milliseconds, and its text and parameters (for EXPLAIN). */
type Statement = { kind: string; ms: number; text: string; params: unknown[]; serverMs?: number };
type Profiled = { query: string; offset: number; ms: number; statements: Statement[]; total: number; ids: string[] };

/** The kind of a search statement, from its text. */
function kindOf(text: string, pageNo: number): string {
  if (text.includes("pg_stats")) return "common stems (cached)";
  if (text.includes("with recursive s(st)")) return "states (cached)";
  if (text.includes("search_words w where w.word = x.lexeme")) return "lexicon";
  if (text.includes("ts_lexize('english_stem', v.indexed)")) return "corrections";
  if (text.includes("% t.term")) return "corrections (trigram)";
  if (text.includes("cand as materialized")) return pageNo === 1 ? "first page" : `later page ${pageNo}`;
  return text.slice(0, 40);
}

/** A Database whose execute() records each statement's time into `sink`. */
function recording(db: Database, sink: { statements: Statement[]; pages: number }): Database {
  const dialect = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "execute") return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        const q = dialect.sqlToQuery(query);
        const t0 = performance.now();
        const result = await target.execute(query);
        const ms = performance.now() - t0;
        if (q.sql.includes("cand as materialized")) sink.pages++;
        sink.statements.push({ kind: kindOf(q.sql, sink.pages), ms, text: q.sql, params: q.params });
        return result;
      };
    },
  });
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

async function explain(handle: DatabaseHandle, s: Statement): Promise<string> {
  const text = `explain (analyze, buffers) ${s.text}`;
  const raw = handle.raw as { query: (t: string, p: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
  const result = await raw.query(text, s.params);
  return rowsOf(result)
    .map((r) => String(Object.values(r as Record<string, unknown>)[0]))
    .join("\n");
}

async function main() {
  const n = Number(arg("queries") ?? 600);
  const from = Number(arg("from") ?? 0);
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const database = arg("database");
  if (database) {
    handle = await openPostgres(database, { max: 1 });
    cleanup = () => handle.close();
  } else if (flag("pglite")) {
    // --pglite-dir keeps the folder (loaded once, reused by the next runs).
    const kept = arg("pglite-dir");
    const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "gb-search-profile-"));
    handle = await openPglite(dir);
    await runMigrations(handle);
    await loadDemoDataIfEmpty(handle.db);
    // As the app's start does (lib/server/startup.ts).
    await mergePendingSearchEntries(handle.db);
    cleanup = async () => {
      await handle.close();
      if (!kept) fs.rmSync(dir, { recursive: true, force: true });
    };
  } else throw new Error("Give --pglite or --database postgres://...");
  try {
    // One search first, so the cached statistics (common stems, states) are read before timing.
    const out: Profiled[] = [];
    const cpu0 = process.cpuUsage();
    // One recording handle for every search: the common stems are cached per handle.
    const sink = { statements: [] as Statement[], pages: 0 };
    const db = recording(handle.db, sink);
    // One search first, so the cached statistics (common stems, states) are read before timing.
    await searchNonprofits({ query: "food bank", limit: 10, offset: 0 }, db);
    for (let i = from; i < from + n; i++) {
      const { query, offset } = arg("query") ? { query: arg("query")!, offset: 0 } : flag("random-pairs") ? randomWordPair(i) : distinctSearch(i);
      sink.statements = [];
      sink.pages = 0;
      const t0 = performance.now();
      const result = await searchNonprofits({ query, limit: 10, offset }, db);
      out.push({ query, offset, ms: performance.now() - t0, statements: sink.statements, total: result.total, ids: result.results.map((r) => r.ein ?? r._id) });
    }
    const cpu = process.cpuUsage(cpu0);
    const times = out.map((p) => p.ms).sort((a, b) => a - b);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    console.log(
      `${handle.kind}: ${out.length} searches one at a time: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, mean ${mean(times).toFixed(1)} ms; ` +
        `${(out.reduce((s, p) => s + p.statements.length, 0) / out.length).toFixed(2)} statements per search (load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`,
    );
    const kinds = new Map<string, number[]>();
    for (const p of out) for (const s of p.statements) kinds.set(s.kind, [...(kinds.get(s.kind) ?? []), s.ms]);
    console.log(`${"statement".padEnd(24)} ${"count".padStart(6)} ${"per search".padStart(10)} ${"mean ms".padStart(8)} ${"p95 ms".padStart(8)} ${"ms/search".padStart(9)}`);
    for (const [kind, ms] of [...kinds].sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0))) {
      const sorted = [...ms].sort((a, b) => a - b);
      console.log(
        `${kind.padEnd(24)} ${String(ms.length).padStart(6)} ${(ms.length / out.length).toFixed(2).padStart(10)} ${mean(ms).toFixed(2).padStart(8)} ${pct(sorted, 95).toFixed(2).padStart(8)} ${(ms.reduce((a, b) => a + b, 0) / out.length).toFixed(2).padStart(9)}`,
      );
    }
    const stmtMs = out.reduce((s, p) => s + p.statements.reduce((a, b) => a + b.ms, 0), 0) / out.length;
    console.log(
      `outside statements (JavaScript between them): ${(mean(out.map((p) => p.ms)) - stmtMs).toFixed(2)} ms per search; ` +
        `this process's CPU (search code, driver): ${((cpu.user + cpu.system) / 1000 / out.length).toFixed(2)} ms per search`,
    );
    const slowest = [...out].sort((a, b) => b.ms - a.ms);
    const chars = (kind: string) => mean(out.flatMap((p) => p.statements.filter((s) => s.kind === kind).map((s) => s.text.length + JSON.stringify(s.params).length)));
    console.log(`statement size (text + parameters), characters: lexicon ${chars("lexicon").toFixed(0)}, first page ${chars("first page").toFixed(0)}, corrections ${chars("corrections").toFixed(0)}`);
    console.log(`slowest: ${slowest.slice(0, 8).map((p) => `"${p.query}"@${p.offset} ${p.ms.toFixed(0)} ms (${p.statements.map((s) => `${s.kind} ${s.ms.toFixed(0)}`).join(", ")})`).join("\n  ")}`);
    if (flag("by-cause")) {
      // Mean milliseconds by the query's first word (the bench's cause), slowest first.
      const byCause = new Map<string, number[]>();
      for (const p of out) {
        const cause = p.query.split(" ")[0]!;
        byCause.set(cause, [...(byCause.get(cause) ?? []), p.ms]);
      }
      console.log([...byCause].map(([c, ms]) => [c, mean(ms)] as const).sort((a, b) => b[1] - a[1]).map(([c, m]) => `${c} ${m.toFixed(1)}`).join(", "));
    }
    const dump = arg("dump");
    if (dump) fs.writeFileSync(dump, JSON.stringify(out.map(({ query, offset, total, ids }) => ({ query, offset, total, ids }))));
    const compare = arg("compare");
    if (compare) {
      const before = new Map((JSON.parse(fs.readFileSync(compare, "utf8")) as { query: string; offset: number; total: number; ids: string[] }[]).map((r) => [`${r.query}@${r.offset}`, r]));
      let same = 0;
      const differ: string[] = [];
      for (const p of out) {
        const b = before.get(`${p.query}@${p.offset}`);
        if (!b) continue;
        if (b.total === p.total && b.ids.join() === p.ids.join()) same++;
        else differ.push(`"${p.query}"@${p.offset}: total ${b.total} -> ${p.total}, ids ${b.ids.length} -> ${p.ids.length}${b.ids.join() === p.ids.join() ? "" : " (ids differ)"}`);
      }
      console.log(`compared with ${compare}: ${same} the same, ${differ.length} different${differ.length ? `:\n  ${differ.slice(0, 20).join("\n  ")}` : ""}`);
    }
    if (flag("server-times")) {
      // Planning and execution time as the server reports them (EXPLAIN ANALYZE, run again: warm).
      const byKind = new Map<string, { plan: number; exec: number; client: number; n: number }>();
      for (const p of out) {
        for (const s of p.statements) {
          const text = await explain(handle, s);
          const plan = Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? NaN);
          const exec = Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? NaN);
          const k = byKind.get(s.kind) ?? { plan: 0, exec: 0, client: 0, n: 0 };
          s.serverMs = plan + exec;
          byKind.set(s.kind, { plan: k.plan + plan, exec: k.exec + exec, client: k.client + s.ms, n: k.n + 1 });
        }
      }
      const firstServer = out.flatMap((p) => p.statements.filter((s) => s.kind === "first page").map((s) => s.serverMs ?? NaN)).sort((a, b) => a - b);
      console.log(`first page, server planning + execution: p50 ${pct(firstServer, 50).toFixed(2)} ms, p90 ${pct(firstServer, 90).toFixed(2)} ms, p95 ${pct(firstServer, 95).toFixed(2)} ms`);
      for (const [kind, k] of byKind) {
        console.log(`${kind.padEnd(24)} server planning ${(k.plan / k.n).toFixed(2)} ms, execution ${(k.exec / k.n).toFixed(2)} ms; as timed by the client ${(k.client / k.n).toFixed(2)} ms`);
      }
    }
    const explainN = Number(arg("explain") ?? 0);
    for (const p of slowest.slice(0, explainN)) {
      console.log(`\n=== "${p.query}" offset ${p.offset}: ${p.ms.toFixed(1)} ms`);
      for (const s of p.statements) {
        if (s.kind.endsWith("(cached)")) continue;
        console.log(`--- ${s.kind} (${s.ms.toFixed(1)} ms)\n${await explain(handle, s)}`);
      }
    }
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
