/**
 * `npm run bench:import-donors [-- --pg] [--rows 100000] [--url http://host:port --org ID --cookie "next-auth.session-token=..."]`
 *
 * Importing a donor history at scale against the running app, while other people use it.
 * Without --url it builds the app (when there is no build), prepares a fresh database — PGlite
 * in a temporary folder by default, or with --pg a scratch database on the PostgreSQL server of
 * DATABASE_URL (default postgres://root@127.0.0.1:5432/test), dropped at the end — with one
 * organization and one of its members, then serves the build on a spare port (scripts/server.ts,
 * as `npm run serve`) and signs that member's session. It generates a Givebutter-style
 * transactions export of --rows rows (default 100,000) from 5,000 donors over five years, with
 * failed, cancelled, pending, refunded and partly refunded payments and one bad row in every 500,
 * then, over HTTP as the import page does: uploads it, queues the dry run and polls
 * GET /api/donor-imports/{id} every 500 ms until it is done, queues the import and polls until it
 * is completed. All the while a second client, from another address of the machine
 * (127.0.5.9), requests GET /api/health every 200 ms.
 *
 * Prints the upload, dry-run and import seconds, the health answers' p50/p99/max in ms beside
 * the targets, and checks the import created exactly the succeeded, unrefunded gifts of the file.
 * Targets: health p99 <= 200 ms throughout; upload + dry run + import <= 120 s. Exit code 1 when
 * a target or the check fails.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { freePort, serveApp, stopApps, waitForApp, type LocalApp } from "./local-app";

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const ROWS = Number(arg("rows", "100000")!.replace(/[_,]/g, ""));
const PG = process.argv.includes("--pg");
const HEALTH_EVERY_MS = 200;
const POLL_MS = 500;
const TARGET_HEALTH_P99_MS = 200;
const TARGET_IMPORT_S = 120;
const SECRET = process.env.NEXTAUTH_SECRET ?? "bench-import-donors-secret-0123456789abcdef";
const pgServer = process.env.DATABASE_URL || "postgres://root@127.0.0.1:5432/test";

const loadAverage = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")} on ${os.cpus().length} CPUs`;
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/**
 * A Givebutter "Transactions" export of `rows` rows and what it holds, computed from the rows
 * generated: the succeeded gifts net of refunds (count and cents), the bad rows.
 */
function givebutterCsv(rows: number): { csv: string; gifts: number; cents: number; bad: number } {
  const first = ["Ada", "Grace", "Alan", "Katherine", "Dorothy", "Mary", "Edsger", "Barbara", "Radia", "Hedy"];
  const last = ["Lovelace", "Hopper", "Turing", "Johnson", "Vaughan", "Jackson", "Dijkstra", "Liskov", "Perlman", "Lamarr"];
  const methods = ["Card", "Card", "Card", "PayPal", "Check", "Cash", "ACH", "Venmo"];
  const lines = ["Transaction ID,First Name,Last Name,Email,Amount,Transaction Date,Campaign Title,Payment Method,Status,Refunded Amount"];
  let gifts = 0;
  let cents = 0;
  let bad = 0;
  for (let i = 1; i <= rows; i++) {
    const d = i % 5000;
    const day = new Date(Date.UTC(2021, 0, 1) + ((i * 7919) % (5 * 365)) * 86_400_000).toISOString().slice(0, 10);
    const amountCents = (((i * 37) % 500) + 5) * 100 + (i % 100);
    let amount = `"${(amountCents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}"`;
    let status = "Succeeded";
    let refunded = "";
    let counted = amountCents;
    if (i % 500 === 0) {
      amount = "n/a";
      counted = 0;
      bad++;
    } else if (i % 23 === 0) [status, counted] = ["Failed", 0];
    else if (i % 29 === 0) [status, counted] = ["Cancelled", 0];
    else if (i % 31 === 0) [status, counted] = ["Pending", 0];
    else if (i % 37 === 0) [status, refunded, counted] = ["Refunded", (amountCents / 100).toFixed(2), 0];
    else if (i % 41 === 0) [status, refunded, counted] = ["Partially Refunded", "2.50", amountCents - 250];
    if (counted > 0) {
      gifts++;
      cents += counted;
    }
    lines.push(`GB-${i},${first[d % 10]},${last[(d >> 3) % 10]},donor${d}@example.org,${amount},${day} 10:00:00,,${methods[i % methods.length]},${status},${refunded}`);
  }
  return { csv: lines.join("\n") + "\n", gifts, cents, bad };
}

type Prepared = { env: Record<string, string>; organizationId: string; cookie: string; cleanup: () => Promise<void> };

/** A fresh database with one organization and one member, closed again before the app opens it; the member's session cookie. */
async function prepare(): Promise<Prepared> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-import-donors-"));
  // This process's own modules (the session signing) may open the default database of DATA_DIR:
  // a folder of their own, so the app's folder is not left locked by this process.
  const ownDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-import-donors-client-"));
  process.env.DATA_DIR = ownDir;
  process.env.NEXTAUTH_SECRET = SECRET;
  const { openPglite, openPostgres, setHandle } = await import("@/lib/db/client");
  const { sessionCookie } = await import("@/lib/http/testing");
  const { createScratchDatabase } = await import("@/lib/db/scratch-database");
  const { runMigrations } = await import("@/lib/db/migrate");
  const { organizations, users } = await import("@/models");
  const scratch = PG ? await createScratchDatabase(pgServer, "gb_bench_import_donors") : undefined;
  const handle = scratch ? await openPostgres(scratch.url) : await openPglite(dataDir);
  let organizationId = "";
  let userId = "";
  let cookie = "";
  try {
    await runMigrations(handle);
    const [org] = await handle.db.insert(organizations).values({ name: "Bench Import Food Bank", ein: "999000222", claimed: true, state: "NY" }).returning({ id: organizations.id });
    organizationId = org!.id;
    const [user] = await handle.db
      .insert(users)
      .values({ type: "nonprofit", email: "bench-import@example.org", passwordHash: "x", firstName: "Bench", lastName: "User", organizationId })
      .returning({ id: users.id });
    userId = user!.id;
    // The session's token carries the account's session version, read from this database.
    setHandle(handle);
    cookie = await sessionCookie({ id: userId, role: "nonprofit", organizationId, email: "bench-import@example.org", firstName: "Bench", lastName: "User", organizationName: "Bench Import Food Bank", telephone: null });
  } finally {
    await handle.close();
  }
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? "", NEXTAUTH_SECRET: SECRET, DEMO_DATA: "0", SMTP_URL: "" },
    organizationId,
    cookie,
    cleanup: async () => {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/** GET /api/health every HEALTH_EVERY_MS from another address until stopped; the answers' milliseconds (a failure counts as Infinity). */
function healthClient(url: string) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<number>((resolve) => {
      const req = http.get({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port, path: "/api/health", localAddress: "127.0.5.9", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode === 200 ? 0 : Infinity));
      });
      req.on("error", () => resolve(Infinity));
    });
  const latencies: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const failed = await get();
      latencies.push(failed === Infinity ? Infinity : performance.now() - started);
      const wait = HEALTH_EVERY_MS - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    latencies,
    stop: async () => {
      stopped = true;
      await loop;
      agent.destroy();
    },
  };
}

type View = { id: string; mapping: Record<string, string>; status: string; job: { state: string; error: string | null } | null; doneRows: number; goodRows: number; checkedRows: number; progress: { created: number; failed: number }; dryRun: { create: number; createCents: number; failed: number } | null };

async function main() {
  console.log(`start: ${loadAverage()}`);
  let url = arg("url");
  let organizationId = arg("org");
  let cookie = arg("cookie");
  const apps: LocalApp[] = [];
  let prepared: Prepared | undefined;
  try {
    if (!url) {
      if (!fs.existsSync(path.join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
        console.log("no build: building Givebridge...");
        const build = spawnSync(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
        if (build.status !== 0) throw new Error("the build failed");
      }
      prepared = await prepare();
      ({ organizationId, cookie } = prepared);
      const port = await freePort();
      const app = serveApp(port, { ...prepared.env, NEXTAUTH_URL: `http://localhost:${port}` });
      apps.push(app);
      url = app.url;
      console.log(`starting the app on ${url} (${PG ? "PostgreSQL scratch database" : `PGlite in ${prepared.env.DATA_DIR}`})...`);
      await waitForApp(url, { child: app.child, stderr: app.stderr, ms: 300_000 });
    }
    if (!organizationId || !cookie) throw new Error("--url needs --org and --cookie");
    const headers = { cookie, origin: url };
    const file = givebutterCsv(ROWS);
    const bytes = Buffer.from(file.csv);
    console.log(`CSV: ${ROWS.toLocaleString("en-US")} rows, ${(bytes.byteLength / 1024 / 1024).toFixed(2)} MB; ${file.gifts.toLocaleString("en-US")} succeeded, unrefunded gifts`);

    const getView = async (id: string): Promise<View> => {
      const res = await fetch(`${url}/api/donor-imports/${id}`, { headers });
      if (!res.ok) throw new Error(`GET /api/donor-imports/${id} answered ${res.status}`);
      return (await res.json()) as View;
    };
    const untilJobEnds = async (id: string): Promise<View> => {
      for (;;) {
        const view = await getView(id);
        if (view.job?.state === "failed") throw new Error(`the job failed: ${view.job.error}`);
        if (!view.job) return view;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };

    const health = healthClient(url);
    await new Promise((r) => setTimeout(r, 1000));
    const t0 = performance.now();
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "text/csv" }), "bench-transactions.csv");
    const up = await fetch(`${url}/api/organizations/${organizationId}/donor-imports`, { method: "POST", body: form, headers });
    if (up.status !== 201) throw new Error(`the upload answered ${up.status}: ${(await up.text()).slice(0, 300)}`);
    const uploaded = (await up.json()) as View;
    const tUpload = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const dry = await fetch(`${url}/api/donor-imports/${uploaded.id}/dry-run`, { method: "POST", body: JSON.stringify({ mapping: uploaded.mapping }), headers: { ...headers, "content-type": "application/json" } });
    if (dry.status !== 202) throw new Error(`the dry run answered ${dry.status}: ${(await dry.text()).slice(0, 300)}`);
    const checked = await untilJobEnds(uploaded.id);
    const tDry = (performance.now() - t1) / 1000;
    const t2 = performance.now();
    const run = await fetch(`${url}/api/donor-imports/${uploaded.id}/run`, { method: "POST", headers });
    if (run.status !== 202) throw new Error(`the import answered ${run.status}: ${(await run.text()).slice(0, 300)}`);
    const done = await untilJobEnds(uploaded.id);
    const tRun = (performance.now() - t2) / 1000;
    const total = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    await health.stop();

    const sorted = [...health.latencies].sort((a, b) => a - b);
    const p99 = pct(sorted, 99);
    const failedHealth = sorted.filter((l) => l === Infinity).length;
    console.log(`upload   ${tUpload.toFixed(2)} s`);
    console.log(`dry run  ${tDry.toFixed(2)} s  (would create ${checked.dryRun?.create}, ${checked.dryRun?.failed} bad rows)`);
    console.log(`import   ${tRun.toFixed(2)} s  created ${done.progress.created}, status ${done.status}`);
    console.log(`total    ${total.toFixed(2)} s for upload + dry run + import  (target <= ${TARGET_IMPORT_S} s)`);
    console.log(
      `health   ${sorted.length} requests every ${HEALTH_EVERY_MS} ms: p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms, ${failedHealth} failed  (target p99 <= ${TARGET_HEALTH_P99_MS} ms)`,
    );
    const exact = done.status === "completed" && done.progress.created === file.gifts && checked.dryRun?.createCents === file.cents && checked.dryRun?.failed === file.bad;
    console.log(exact ? `PASS: the import created exactly the ${file.gifts} succeeded, unrefunded gifts ($${(file.cents / 100).toFixed(2)})` : `FAIL: created ${done.progress.created} of ${file.gifts} gifts`);
    const ok = exact && p99 <= TARGET_HEALTH_P99_MS && total <= TARGET_IMPORT_S;
    console.log(ok ? "PASS: targets met" : "FAIL: a target was missed");
    if (!ok) process.exitCode = 1;
  } finally {
    await stopApps(apps);
    await prepared?.cleanup();
    console.log(`end: ${loadAverage()}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
