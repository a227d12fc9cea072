/**
 * `npm run bench:p2p [-- --pg] [--url http://host:port] [--pages 10] [--gifts 200]`
 *
 * Peer-to-peer fundraising under concurrent gifts, over HTTP against the running app. On the
 * demo fundraiser "Winter Pantry Drive" (supporter pages on in the demo data), --pages donors
 * (default 10) each sign up and start a supporter page: the first four in one team, the next
 * three in a second team, the rest on their own. Then --gifts guest sandbox card gifts (default
 * 200) are sent all at once, each on a page chosen at random with a random amount in cents
 * ($1.00 to $250.00); every 10th uses the declined test card. Prints gifts/s and p50/p95
 * latency, then reads the totals the public sees (GET /api/v1/fundraisers/{id}/supporter-pages,
 * /teams and /api/v1/fundraisers/{id}) and prints one PASS or FAIL line for each rule, to the cent:
 *   - each page's total moved by the sum of its succeeded gifts, and the pages' totals together
 *     by the sum of all succeeded gifts;
 *   - each team's total moved by the sum of its pages' succeeded gifts;
 *   - the fundraiser's progress moved by exactly the sum of all succeeded gifts;
 *   - every gift got an answer (succeeded or declined), none an error.
 * Exits 1 when any line is FAIL. Without --url it builds (if needed) and starts the app on a
 * spare port, on the embedded PGlite in a temporary DATA_DIR by default, or with --pg on a
 * scratch database of the PostgreSQL server at DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test), dropped at the end, as bench:donate does; with --url the
 * app must run with CHECKOUT_CHALLENGE=off and high CHECKOUT_*_MAX_ATTEMPTS (every gift comes
 * from this one address with one test card).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/db/scratch-database";
import { freePort, waitForApp } from "./local-app";
import { DonorSession, findFundraiser, fundraiserProgress, giveOnPage, publicTotals, startSupporterPage, type GiftOutcome, type PageTeam, type StartedPage } from "./supporter-pages-http";

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const PAGES = Number(arg("pages", "10"));
const GIFTS = Number(arg("gifts", "200"));
const FUNDRAISER = "Winter Pantry Drive";
const pgServer = process.env.DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
const loadAverage = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")} on ${os.cpus().length} CPUs`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

let child: ChildProcess | undefined;
let scratch: ScratchDatabase | undefined;

/** Page i's team: pages 0-3 form the first team (page 0 creates it), 4-6 the second, the rest none. */
function teamOf(i: number, teams: string[]): PageTeam {
  const run = randomUUID().slice(0, 6);
  if (i === 0) return { mode: "create", name: `Bench Runners ${run}`, goal: "5000" };
  if (i === 4) return { mode: "create", name: `Bench Walkers ${run}`, goal: "3000" };
  if (i < 4) return { mode: "join", teamId: teams[0]! };
  if (i < 7) return { mode: "join", teamId: teams[1]! };
  return null;
}

async function main() {
  let url = arg("url");
  let dataDir: string | undefined;
  const usePg = flag("pg");
  console.log(`start: ${loadAverage()}`);
  if (!url) {
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-p2p-"));
    url = `http://localhost:${port}`;
    if (usePg) scratch = await createScratchDatabase(pgServer, "gb_bench_p2p");
    console.log(`starting the app on ${url} (${scratch ? `PostgreSQL ${scratch.name}` : `PGlite in ${dataDir}`})...`);
    child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NEXTAUTH_URL: url,
        DEMO_DATA: "1",
        DATABASE_URL: scratch?.url ?? "",
        SMTP_URL: "",
        // A load test from one address with one test card: no proof-of-work, no velocity limits.
        CHECKOUT_CHALLENGE: "off",
        CHECKOUT_IP_MAX_ATTEMPTS: "1000000",
        CHECKOUT_DEVICE_MAX_ATTEMPTS: "1000000",
        CHECKOUT_CARD_MAX_ATTEMPTS: "1000000",
      },
    });
    await waitForApp(url);
  }
  const fundraiser = await findFundraiser(url, FUNDRAISER);

  // The supporters' pages and teams, started as the site's form does.
  const pages: StartedPage[] = [];
  const teams: string[] = [];
  const run = randomUUID().slice(0, 8);
  for (let i = 0; i < PAGES; i++) {
    const session = await new DonorSession(url).signUp(`p2p-bench-${run}-${i}@example.org`);
    const page = await startSupporterPage(session, fundraiser._id, { title: `Bench page ${i + 1}`, goal: "1000", team: teamOf(i, teams) });
    if (page.team && !teams.includes(page.team.id)) teams.push(page.team.id);
    pages.push(page);
  }
  console.log(`"${fundraiser.name}": ${pages.length} supporter pages, ${teams.length} teams (${usePg ? "PostgreSQL" : arg("url") ? "app at --url" : "PGlite"})`);

  const totalsOf = async () => ({
    pages: new Map((await publicTotals(url, fundraiser._id, "supporter-pages")).map((p) => [p.id, p.raised_cents])),
    teams: new Map((await publicTotals(url, fundraiser._id, "teams")).map((t) => [t.id, t.raised_cents])),
    progress: await fundraiserProgress(url, fundraiser._id),
  });
  const before = await totalsOf();

  // All gifts at once; amounts and pages at random, every 10th declined.
  const plan = Array.from({ length: GIFTS }, (_, i) => ({ page: pages[Math.floor(Math.random() * pages.length)]!, amountCents: 100 + Math.floor(Math.random() * 24_901), declined: i % 10 === 9 }));
  const latencies: number[] = [];
  const started = performance.now();
  const outcomes: (GiftOutcome & { page: StartedPage })[] = await Promise.all(
    plan.map(async (g) => {
      const t0 = performance.now();
      const r = await giveOnPage(url, fundraiser, g.page.id, g.amountCents, { declined: g.declined });
      latencies.push(performance.now() - t0);
      return { ...r, page: g.page };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const succeeded = outcomes.filter((o) => o.outcome === "succeeded");
  const errors = outcomes.filter((o) => o.outcome === "error");
  console.log(`${GIFTS} concurrent gifts in ${seconds.toFixed(1)} s: ${(GIFTS / seconds).toFixed(1)} gifts/s; ${succeeded.length} succeeded, ${outcomes.filter((o) => o.outcome === "failed").length} declined, ${errors.length} errors`);
  console.log(`latency: p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, max ${latencies[latencies.length - 1]!.toFixed(0)} ms`);
  const errorKinds = new Map<string, number>();
  for (const e of errors) errorKinds.set(e.detail, (errorKinds.get(e.detail) ?? 0) + 1);
  for (const [kind, count] of errorKinds) console.log(`  error x${count}: ${kind}`);

  const after = await totalsOf();
  const expectedByPage = new Map(pages.map((p) => [p.id, 0]));
  const expectedByTeam = new Map(teams.map((t) => [t, 0]));
  for (const o of succeeded) {
    expectedByPage.set(o.page.id, expectedByPage.get(o.page.id)! + o.amountCents);
    if (o.page.team) expectedByTeam.set(o.page.team.id, expectedByTeam.get(o.page.team.id)! + o.amountCents);
  }
  const succeededCents = succeeded.reduce((s, o) => s + o.amountCents, 0);
  const moved = (m: { pages: Map<string, number>; teams: Map<string, number> }, list: "pages" | "teams", id: string) => (after[list].get(id) ?? NaN) - (m[list].get(id) ?? 0);

  let ok = true;
  const check = (pass: boolean, line: string) => {
    ok &&= pass;
    console.log(`${pass ? "PASS" : "FAIL"} ${line}`);
  };
  const pageMoves = pages.map((p) => ({ p, moved: moved(before, "pages", p.id), expected: expectedByPage.get(p.id)! }));
  const wrongPages = pageMoves.filter((x) => x.moved !== x.expected);
  check(wrongPages.length === 0, `each page's total moved by its succeeded gifts (${pages.length} pages${wrongPages.length ? `; wrong: ${wrongPages.map((x) => `${x.p.slug} ${x.moved} != ${x.expected}`).join(", ")}` : ""})`);
  const pagesSum = pageMoves.reduce((s, x) => s + x.moved, 0);
  check(pagesSum === succeededCents, `sum of page totals ${dollars(pagesSum)} (${pagesSum} cents) == sum of succeeded gifts attributed ${dollars(succeededCents)} (${succeededCents} cents)`);
  for (const [i, team] of teams.entries()) {
    const m = moved(before, "teams", team);
    const expected = expectedByTeam.get(team)!;
    check(m === expected, `team ${i + 1} total moved by ${m} cents == sum of its ${pages.filter((p) => p.team?.id === team).length} pages' gifts ${expected} cents`);
  }
  const progressMoved = after.progress - before.progress;
  check(progressMoved === succeededCents, `fundraiser progress moved by ${progressMoved} cents == sum of all succeeded gifts ${succeededCents} cents`);
  check(errors.length === 0, `every gift answered succeeded or declined (${errors.length} errors)`);

  await stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`end: ${loadAverage()}`);
  console.log(ok ? "OK: page, team and fundraiser totals agree with the succeeded gifts to the cent" : "MISMATCH");
  process.exit(ok ? 0 : 1);
}

async function stop() {
  if (child) {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child!.once("exit", r));
    }
    child = undefined;
  }
  if (scratch) {
    await scratch.drop();
    scratch = undefined;
  }
}

main().catch(async (err) => {
  console.error(err);
  await stop().catch(() => undefined);
  process.exit(1);
});
