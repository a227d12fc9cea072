/**
 * `npm run bench:donate [-- --pg] [--url http://host:port] [--n 2000] [--c 50] [--warmup 200]`
 *
 * After a warm-up of --warmup donations (default 200; counted in the money check, not in the
 * figures), N concurrent sandbox donations over C connections to one fundraiser through the real
 * checkout route (/api/createPaymentIntent). Every 10th gift uses the declined test card.
 * Prints throughput and p50/p95 latency, then checks that the fundraiser's progress moved by
 * exactly the sum of succeeded gifts, to the cent; requests that neither succeeded nor were
 * declined are counted as errors and listed by kind (HTTP status and message, or the network
 * error and its cause); a request lost on the network is retried with the same idempotency
 * key (at most 3 attempts) and the retries are listed too. Without --url it builds (if needed) and
 * starts the app on a spare port, on the embedded PGlite in a temporary DATA_DIR by default, or
 * with --pg on a scratch database of the PostgreSQL server at DATABASE_URL (default
 * postgres://root@127.0.0.1:5432/test; `--pg-prefix` names it, default gb_bench_donate), dropped
 * at the end, as bench:serve does. After the run it then also opens that database and checks
 * progress = SUM(succeeded, unrefunded donations) of the fundraiser. The machine's load average
 * (what `uptime` shows) is printed at the start and at the end.
 * It also prints the CPU each gift of the measured run cost, in ms (Linux /proc, scripts/process-cpu.ts):
 * the app (the process it started and its children; not with --url), the PostgreSQL server's
 * processes (with --pg) and the whole machine (the benchmark's own client included).
 *
 * `npm run bench:donate -- --pg --crash [--n 1000] [--c 50]`: a crash mid-burst instead. Two app
 * processes (`npm run serve`, on the existing build; built first when there is none) on one
 * scratch PostgreSQL database, both delivering mail to an SMTP server run by the benchmark; N
 * (default 1,000) gifts to a fundraiser of their own over C connections spread over both;
 * process A is SIGKILLed once 30 % of the requests were sent, the requests lost with it are
 * retried on B with the same idempotency key, A is restarted. Prints gifts/s, the number of
 * retried requests and one PASS/FAIL line per check of scripts/crash-burst.ts (each gift
 * succeeded once or is not charged, none charged twice, progress to the cent, each receipt sent
 * once, no job stuck in the queue); exits 1 when a check fails.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, serveApp, stopApps, waitForApp, type LocalApp } from "./local-app";
import { addFundraiser, checkCrashBurst, crashBurst, CRASH_BURST_APP_ENV, progressCents, startMailCatcher, type MailCatcher } from "./crash-burst";
import { parseDollarsToCents } from "@/lib/money";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/db/scratch-database";
import { machineBusyCpuMs, postgresCpuMs, processTreeCpuMs } from "./process-cpu";

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const flag = (name: string) => process.argv.includes(`--${name}`);

const CRASH = flag("crash");
const N = Number(arg("n", CRASH ? "1000" : "2000"));
/**
 * Donations made first and left out of the throughput and latency figures (they still count
 * in the money check): a freshly started app opens its database connections, prepares its
 * named statements and compiles its hot code in its first few hundred requests, and the
 * figures are meant to show the capacity of a running server. `--warmup 0` measures from cold.
 */
const WARMUP = Number(arg("warmup", "200"));
const C = Number(arg("c", "50"));
/** Attempts per donation when the request is lost on the network (same idempotency key). */
const MAX_ATTEMPTS = 3;
const pgServer = process.env.DATABASE_URL || "postgres://root@127.0.0.1:5432/test";

/** The load average over 1, 5 and 15 minutes, as `uptime` prints it. */
const loadAverage = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")} on ${os.cpus().length} CPUs`;

type Hit = { _id: string; name: string; organization: { _id: string } };

async function progressOf(url: string, organizationId: string, fundraiserId: string): Promise<number> {
  const html = await (await fetch(`${url}/donation/${organizationId}/${fundraiserId}`)).text();
  const m = html.match(/data-testid="progress-raised">\$([\d,]+\.\d{2})</);
  if (!m) throw new Error("could not read the fundraiser's progress");
  const cents = parseDollarsToCents(m[1]!);
  if (cents === null) throw new Error(`not a dollar amount: ${m[1]}`);
  return cents;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

type ProgressRow = { progress: string; total: string; unapplied: number };

/**
 * The fundraiser's stored progress, the sum of its succeeded unrefunded gifts, and the number
 * of succeeded gifts whose effect never ran: on the scratch PostgreSQL database when
 * `databaseUrl` is set, else on the PGlite folder `dataDir` (the app has stopped).
 */
async function databaseProgress(dataDir: string, databaseUrl: string | undefined, fundraiserId: string): Promise<ProgressRow> {
  process.env.DATA_DIR = dataDir;
  const { openPglite, openPostgres } = await import("@/lib/db/client");
  const { sql } = await import("drizzle-orm");
  const h = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
  try {
    const r = (await h.db.execute(
      sql`select c.progress_cents::bigint as progress,
                 coalesce((select sum(amount_cents) from donations d where d.campaign_id = c.id and d.status = 'succeeded' and d.refunded_at is null), 0)::bigint as total,
                 (select count(*) from donations d join payments p on p.id = d.payment_id where d.campaign_id = c.id and d.status = 'succeeded' and p.effects_applied_at is null)::int as unapplied
          from campaigns c where c.id = ${fundraiserId}`,
    )) as unknown as { rows: ProgressRow[] };
    return r.rows[0]!;
  } finally {
    await h.close();
  }
}

/** What one phase of the run measured. */
type Phase = {
  latencies: number[];
  succeeded: number;
  succeededCents: number;
  failed: number;
  errors: number;
  errorKinds: Map<string, number>;
  retries: Map<string, number>;
  seconds: number;
};

/**
 * `count` donations over C connections to `target`, numbered from `first` (the amount, the
 * declined card of every 10th and the donor's name follow the number).
 */
async function phase(url: string, target: Hit, count: number, first: number): Promise<Phase> {
  const p: Phase = { latencies: [], succeeded: 0, succeededCents: 0, failed: 0, errors: 0, errorKinds: new Map(), retries: new Map(), seconds: 0 };
  const noteError = (kind: string) => {
    p.errors++;
    p.errorKinds.set(kind, (p.errorKinds.get(kind) ?? 0) + 1);
  };
  let next = first;
  const end = first + count;
  const started = performance.now();
  async function worker() {
    while (next < end) {
      const i = next++;
      const amountCents = 100 + ((i * 137) % 9_900); // $1.00 .. $99.99, deterministic
      const declined = i % 10 === 9;
      const t0 = performance.now();
      const idempotencyKey = randomUUID();
      // A donor's browser retries a request lost on the network with the same key (the checkout
      // form does); the server makes one donation whatever the number of attempts.
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await fetch(`${url}/api/createPaymentIntent`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              idempotencyKey,
              organizationId: target.organization._id,
              campaignId: target._id,
              amountCents,
              name: `Bench Donor ${i}`,
              email: `bench${i}@example.org`,
              card: { number: declined ? "4000000000000002" : "4242424242424242", expiry: "12/34", cvc: "123" },
            }),
          });
          const text = await res.text();
          let body: { status?: string; message?: string };
          try {
            body = JSON.parse(text) as { status?: string; message?: string };
          } catch {
            body = { message: `non-JSON response: ${text.slice(0, 80).replace(/\s+/g, " ")}` };
          }
          p.latencies.push(performance.now() - t0);
          if (res.ok && body.status === "succeeded") {
            p.succeeded++;
            p.succeededCents += amountCents;
          } else if (res.ok && body.status === "failed") p.failed++;
          else noteError(`HTTP ${res.status} ${body.message ?? body.status ?? ""}`.trim());
          break;
        } catch (err) {
          // fetch hides the socket error behind "fetch failed": name its cause (ECONNRESET, UND_ERR_SOCKET, ...).
          const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
          const kind = `network: ${(err as Error).message}${cause ? ` (${cause.code ?? cause.message ?? "unknown cause"})` : ""}`;
          if (attempt < MAX_ATTEMPTS) {
            p.retries.set(kind, (p.retries.get(kind) ?? 0) + 1);
            continue;
          }
          noteError(kind);
          break;
        }
      }
    }
  }
  await Promise.all(Array.from({ length: C }, worker));
  p.seconds = (performance.now() - started) / 1000;
  return p;
}

let child: ChildProcess | undefined;
let scratch: ScratchDatabase | undefined;
const crashApps: LocalApp[] = [];
let crashMail: MailCatcher | undefined;

/** The --crash run (this file's docstring). */
async function crashMain() {
  if (!flag("pg") || arg("url")) throw new Error("--crash needs --pg (two processes on one PostgreSQL database) and no --url");
  console.log(`start: ${loadAverage()}`);
  if (!fs.existsSync(path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    console.log("no build: building Givebridge...");
    const build = spawnSync(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (build.status !== 0) throw new Error("the build failed");
  }
  scratch = await createScratchDatabase(pgServer, arg("pg-prefix", "gb_bench_crash")!);
  crashMail = await startMailCatcher();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-crash-"));
  const ports = [await freePort(), await freePort()];
  const env = {
    ...CRASH_BURST_APP_ENV,
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    NEXTAUTH_URL: `http://localhost:${ports[0]}`,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "bench-crash-secret-0123456789abcdef",
    SMTP_URL: crashMail.url,
  };
  const start = (port: number) => {
    const app = serveApp(port, env);
    crashApps.push(app);
    return app;
  };
  const [a, b] = [start(ports[0]!), start(ports[1]!)];
  console.log(`starting processes A (${a.url}) and B (${b.url}) on PostgreSQL ${scratch.name}...`);
  await Promise.all([a, b].map((app) => waitForApp(app.url, { child: app.child, stderr: app.stderr, ms: 300_000 })));
  const target = await addFundraiser(scratch.url);
  const progressBefore = await progressCents(scratch.url, target.campaignId);
  console.log(`${N} gifts over ${C} connections, A killed (SIGKILL) after 30 % were sent`);
  const burst = await crashBurst({ a, b, restartA: () => start(ports[0]!), target, gifts: N, connections: C, log: (line) => console.log(`  ${line}`) });
  const answered = burst.gifts.slice(0, N);
  console.log(`burst: ${answered.filter((g) => g.answer === "succeeded").length} succeeded, ${answered.filter((g) => g.answer === "failed").length} declined in ${burst.seconds.toFixed(1)} s`);
  console.log(`throughput: ${(N / burst.seconds).toFixed(1)} gifts/s (kill and retries included)`);
  console.log(`retried with the same key on B: ${burst.retried} requests (${burst.sentAtKill} sent when A was killed)`);
  console.log("waiting for the mail queue to drain (a job held by the killed worker expires first)...");
  const drainStarted = Date.now();
  const checks = await checkCrashBurst({ databaseUrl: scratch.url, fundraiserId: target.campaignId, progressBefore, gifts: burst.gifts, mail: crashMail, drainMs: 300_000 });
  console.log(`mail queue checked ${((Date.now() - drainStarted) / 1000).toFixed(0)} s after the burst; ${crashMail.messages.length} messages at the SMTP server`);
  for (const c of checks) console.log(`${c.ok ? "PASS" : "FAIL"}: ${c.name} (${c.detail})`);
  await stopApps(crashApps.filter((app) => app.child.exitCode === null && app.child.signalCode === null));
  await crashMail.close();
  await dropScratch();
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`end: ${loadAverage()}`);
  process.exit(checks.every((c) => c.ok) ? 0 : 1);
}

async function main() {
  let url = arg("url");
  let dataDir: string | undefined;
  const usePg = flag("pg");
  console.log(`start: ${loadAverage()}`);
  if (!url) {
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-donate-"));
    url = `http://localhost:${port}`;
    if (usePg) scratch = await createScratchDatabase(pgServer, arg("pg-prefix", "gb_bench_donate")!);
    console.log(`starting the app on ${url} (${scratch ? `PostgreSQL ${scratch.name}` : `PGlite in ${dataDir}`})...`);
    child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NEXTAUTH_URL: url, DEMO_DATA: "1", DATABASE_URL: scratch?.url ?? "", SMTP_URL: "",
        // A load test from one address: no proof-of-work per gift, and no velocity limits.
        CHECKOUT_CHALLENGE: "off", CHECKOUT_IP_MAX_ATTEMPTS: "1000000", CHECKOUT_DEVICE_MAX_ATTEMPTS: "1000000", CHECKOUT_CARD_MAX_ATTEMPTS: "1000000" },
    });
    await waitForApp(url);
  }
  const { campaigns: fundraisers } = (await (await fetch(`${url}/api/find/campaigns/active?showAll=true`)).json()) as { campaigns: Hit[] };
  const target = fundraisers[0];
  if (!target) throw new Error("no active fundraiser to donate to");
  const before = await progressOf(url, target.organization._id, target._id);
  console.log(`fundraiser "${target.name}": ${N} donations over ${C} connections (${scratch ? "PostgreSQL" : url === arg("url") ? "app at --url" : "PGlite"})`);

  const warmup = await phase(url, target, WARMUP, 0);
  if (WARMUP > 0) console.log(`warm-up: ${WARMUP} donations at ${(WARMUP / warmup.seconds).toFixed(1)}/s (not in the figures below; in the money check)`);
  const cpuBefore = cpuReading();
  const run = await phase(url, target, N, WARMUP);
  const cpuAfter = cpuReading();
  const { latencies, succeeded, failed, errors, errorKinds, retries, seconds } = run;
  const succeededCents = warmup.succeededCents + run.succeededCents;
  latencies.sort((a, b) => a - b);
  const after = await progressOf(url, target.organization._id, target._id);
  console.log(`done: ${succeeded} succeeded, ${failed} declined, ${errors} errors in ${seconds.toFixed(1)} s${warmup.errors ? ` (and ${warmup.errors} errors in the warm-up)` : ""}`);
  for (const [kind, count] of errorKinds) console.log(`  error x${count}: ${kind}`);
  for (const [kind, count] of warmup.errorKinds) console.log(`  warm-up error x${count}: ${kind}`);
  for (const [kind, count] of retries) console.log(`  retried with the same key x${count}: ${kind}`);
  console.log(`throughput: ${(N / seconds).toFixed(1)} donations/s`);
  console.log(`latency: p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, max ${latencies[latencies.length - 1]!.toFixed(0)} ms`);
  console.log(`CPU per gift: ${cpuPerGift(cpuBefore, cpuAfter, N)}`);
  console.log(`progress moved by ${after - before} cents; succeeded gifts sum to ${succeededCents} cents`);
  let ok = after - before === succeededCents && errors + warmup.errors === 0;

  if (child && dataDir) {
    await stopApp();
    const row = await databaseProgress(dataDir, scratch?.url, target._id);
    console.log(`database: progress_cents ${row.progress}, sum of succeeded donations ${row.total}, succeeded without effect ${row.unapplied}`);
    ok = ok && Number(row.progress) === Number(row.total) && Number(row.unapplied) === 0;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await dropScratch();
  console.log(`end: ${loadAverage()}`);
  console.log(ok ? "OK: progress equals the sum of succeeded donations to the cent" : "MISMATCH");
  process.exit(ok ? 0 : 1);
}

type CpuReading = { app: number | null; postgres: number | null; machine: number | null };

/** CPU ms used so far by the app this run started, the PostgreSQL server (with --pg) and the machine. */
function cpuReading(): CpuReading {
  return { app: child?.pid ? processTreeCpuMs(child.pid) : null, postgres: scratch ? postgresCpuMs() : null, machine: machineBusyCpuMs() };
}

/** "app 12.3 ms, PostgreSQL 4.5 ms, machine 20.1 ms": each reading's CPU between two readings, per gift. */
function cpuPerGift(before: CpuReading, after: CpuReading, gifts: number): string {
  const per = (a: number | null, b: number | null) => (a === null || b === null ? null : ((b - a) / gifts).toFixed(1));
  const parts = [
    ["app (Node)", per(before.app, after.app)],
    ["PostgreSQL server", per(before.postgres, after.postgres)],
    ["machine (benchmark client included)", per(before.machine, after.machine)],
  ].filter((p): p is [string, string] => p[1] !== null);
  return parts.length ? parts.map(([name, ms]) => `${name} ${ms} ms`).join(", ") : "not measured (no /proc)";
}

async function stopApp() {
  if (!child) return;
  if (child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child!.once("exit", r));
  }
  child = undefined;
}

async function dropScratch() {
  if (!scratch) return;
  await scratch.drop();
  scratch = undefined;
}

(CRASH ? crashMain() : main()).catch(async (err) => {
  console.error(err);
  await stopApp().catch(() => undefined);
  await stopApps(crashApps.filter((app) => app.child.exitCode === null && app.child.signalCode === null)).catch(() => undefined);
  await crashMail?.close().catch(() => undefined);
  await dropScratch().catch(() => undefined);
  process.exit(1);
});
