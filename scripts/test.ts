/**
 * `npm test`: the whole suite, stopping at the first failure: lint and typecheck (side by side);
 * then two lines side by side, the app's (the production build, then the Playwright end-to-end
 * suite in Chromium against it) and the tests' at niceness TEST_CHECKS_NICE (default 10): Jest on
 * embedded PGlite (every test file), then Jest on the PostgreSQL server (a fresh database per test
 * file on TEST_DATABASE_URL, default postgres://root@127.0.0.1:5432/test) for the test files that
 * opened a database in the PGlite stage (recorded by lib/db/testing.ts) and the server's own
 * (lib/testing/server-only-tests.json). A failure in one line stops the other.
 * Set TEST_STAGES=unit,pg (comma list) to run only some stages; the PostgreSQL stage alone runs
 * every test file. The closing lines are each stage's seconds and
 * `Totals: N passed, N failed, N flaky`; the flaky tests (passed only on a retry) are named above them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium";

const stagesWanted = new Set((process.env.TEST_STAGES ?? "lint,typecheck,unit,pg,build,e2e").split(",").map((s) => s.trim()));
const pgUrl = process.env.TEST_DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
/**
 * Jest's environment. A young generation of 64 MB (V8's --max-semi-space-size, in MB; the
 * default is 16 on 64-bit) keeps the short-lived data of a test file (a database loaded from the
 * template, every module of the services) out of repeated scavenges: paired runs of the same 15
 * database test files took 52.6 CPU-s against 61.8 with the default, and 57.2 at 128.
 */
const jestEnv = { NODE_OPTIONS: "--experimental-vm-modules --max-semi-space-size=64", NODE_ENV: "test" };

/** Test files of the PostgreSQL server alone (also read by jest.config.mjs). */
const serverOnlyTests = JSON.parse(fs.readFileSync(path.join(__dirname, "../lib/testing/server-only-tests.json"), "utf8")) as string[];
const totals = { passed: 0, failed: 0, flaky: 0 };
/** Tests that failed and then passed on a retry: counted apart and named, never as passed. */
const flakyTests: string[] = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "givebridge-test-"));

/** Add a Jest --json report's counts to the totals. */
type JestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
};

/** Failed tests (Jest and Playwright) named at the end of the run, with the first lines of their error (the tail of a CI log is what is read). */
const failedTests: string[] = [];
/** The first `lines` lines of an error message without its colour codes. */
const headOf = (message: string, lines = 6) =>
  message
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim())
    .slice(0, lines)
    .map((line) => `      ${line.trim()}`)
    .join("\n");

/** Add a Jest JSON report's counts to the totals, and its failed tests (or failed files) to failedTests. */
function countJest(file: string, stage: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as JestReport;
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  for (const result of r.testResults ?? []) {
    const where = path.relative(process.cwd(), result.name);
    const failed = (result.assertionResults ?? []).filter((a) => a.status === "failed");
    if (failed.length === 0 && result.message) failedTests.push(`  [${stage}] ${where}\n${headOf(result.message)}`);
    for (const a of failed.slice(0, 3)) failedTests.push(`  [${stage}] ${where} › ${a.fullName}\n${headOf(a.failureMessages?.join("\n") ?? "")}`);
    if (failed.length > 3) failedTests.push(`  [${stage}] ${where}: ${failed.length - 3} more failed`);
  }
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file?: string; tests: { status: string; projectName?: string; results?: { error?: { message?: string }; errors?: { message?: string }[] }[] }[] }[];
};

/** Add a Playwright JSON report's counts to the totals; its flaky tests are counted and named apart. */
function countPlaywright(file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number }; suites?: PlaywrightSuite[] };
  totals.passed += r.stats.expected;
  totals.failed += r.stats.unexpected;
  totals.flaky += r.stats.flaky;
  const stack: { suite: PlaywrightSuite; titles: string[] }[] = (r.suites ?? []).map((suite) => ({ suite, titles: [] }));
  while (stack.length) {
    const { suite, titles } = stack.pop()!;
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === "flaky")) flakyTests.push([...here, spec.title].join(" › "));
      for (const t of spec.tests.filter((test) => test.status === "unexpected")) {
        const error = t.results?.map((result) => result.error?.message ?? result.errors?.[0]?.message).find(Boolean) ?? "";
        failedTests.push(`  [e2e${t.projectName ? ` ${t.projectName}` : ""}] ${[...here, spec.title].join(" › ")}\n${headOf(error)}`);
      }
    }
    for (const child of suite.suites ?? []) stack.push({ suite: child, titles: here });
  }
}

/** Each stage run so far: its title, seconds and whether it passed. */
const stageTimes: { title: string; seconds: number; ok: boolean; stopped?: boolean }[] = [];
const suiteStarted = Date.now();

function printTotals() {
  if (stageTimes.length) {
    console.log(`\nSeconds by stage:`);
    for (const stage of stageTimes) console.log(`  ${stage.seconds.toFixed(1).padStart(7)}  ${stage.title}${stage.ok ? "" : stage.stopped ? " (stopped: another stage failed)" : " (FAILED)"}`);
    console.log(`  ${((Date.now() - suiteStarted) / 1000).toFixed(1).padStart(7)}  in all`);
  }
  if (failedTests.length) {
    console.log(`\nFailed:`);
    for (const entry of failedTests) console.log(entry);
  }
  if (flakyTests.length) {
    console.log(`\nFlaky (failed, then passed on a retry):`);
    for (const name of flakyTests.sort()) console.log(`  ${name}`);
  }
  console.log(`\nTotals: ${totals.passed} passed, ${totals.failed} failed, ${totals.flaky} flaky`);
}

/**
 * Under CI, a focused Jest test (`.only`) fails the run: Jest has no forbidOnly of its own, so
 * the test files are searched for it (Playwright's forbidOnly does the same for e2e/).
 */
function forbidFocusedJestTests() {
  const focused: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.test\.tsx?$/.test(e.name) && /\b(?:test|it|describe)\.only\(/.test(fs.readFileSync(full, "utf8"))) focused.push(path.relative(process.cwd(), full));
    }
  };
  for (const dir of ["lib", "app", "components", "scripts"]) if (fs.existsSync(dir)) walk(dir);
  if (focused.length) {
    console.error(`\n=== .only is not allowed under CI; focused tests in: ${focused.join(", ")} ===`);
    process.exit(1);
  }
}

/** A stage of the suite: a command, its environment, and what to do with its report when it ends. */
type Stage = { title: string; cmd: string; args: string[]; env?: Record<string, string | undefined>; after?: () => void };

/** The stages' processes still running, so that a failure in one line stops the other at once. */
const running = new Set<ChildProcess>();
/** Set once a stage failed and the others were stopped. */
let stopping = false;

/** Stop every stage still running (its whole process group: npx, Jest's workers, the app, Chromium). */
function stopRunning() {
  stopping = true;
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  running.clear();
}

// The stages run in process groups of their own: an interrupted suite stops them too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopRunning();
    process.exit(130);
  });
}

/**
 * Give the session of `pid` (a stage runs in a session of its own: `detached`) the scheduling
 * niceness `nice`. With the kernel's autogroup scheduling on (sched(7), "The autogroup feature";
 * /proc/sys/kernel/sched_autogroup_enabled), the CPU is shared between sessions first, and a
 * process's own niceness counts only against the processes of its session: nice(1) alone would
 * leave the checks an equal share beside the app. Written to /proc/<pid>/autogroup, which holds
 * the niceness of the whole session; a kernel without autogroup has no such file, and nice(1)
 * does the work there.
 */
function niceSession(pid: number, nice: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroup scheduling on this kernel (or not permitted): nice(1) alone applies.
  }
}

/**
 * Run one stage. A `streamed` stage prints as it goes (the end-to-end list reporter); the others
 * print their output whole when they end, so two lines of stages never interleave. `nice` runs
 * it at that scheduling niceness (nice(1)): the checks yield the CPU to the app the end-to-end
 * specs drive, whose tests have timeouts of their own.
 * @returns whether it passed; its seconds are recorded in stageTimes.
 */
function runStage(stage: Stage, options: { streamed?: boolean; nice?: number } = {}): Promise<boolean> {
  // Another stage has failed: the run is over.
  if (stopping) return Promise.resolve(false);
  const started = Date.now();
  if (options.streamed) console.log(`\n=== ${stage.title} ===`);
  const [cmd, args] = options.nice ? ["nice", ["-n", String(options.nice), stage.cmd, ...stage.args]] : [stage.cmd, stage.args];
  const child = spawn(cmd, args, {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...stage.env },
    stdio: options.streamed ? "inherit" : ["ignore", "pipe", "pipe"],
    detached: true,
  });
  if (options.nice && child.pid) niceSession(child.pid, options.nice);
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      const ok = status === 0;
      if (!options.streamed) {
        console.log(`\n=== ${stage.title} ===`);
        if (output) process.stdout.write(output);
      }
      stage.after?.();
      const stopped = !ok && stopping;
      stageTimes.push({ title: stage.title, seconds: Number(seconds.toFixed(1)), ok, stopped });
      console.log(`=== ${stage.title}: ${ok ? "ok" : stopped ? "stopped" : "FAILED"} (${seconds.toFixed(1)} s) ===`);
      resolve(ok);
    });
  });
}

/** Run `steps` one after another (a step of several stages runs them side by side); false at the first failure. */
async function runLine(steps: (() => Promise<boolean>)[]): Promise<boolean> {
  for (const step of steps) if (!(await step())) return false;
  return true;
}

/** The test files recorded as opening a database by the PGlite stage (lib/db/testing.ts), or undefined if none were. */
function recordedDatabaseTests(folder: string): string[] | undefined {
  if (!fs.existsSync(folder)) return undefined;
  const files = new Set<string>();
  for (const name of fs.readdirSync(folder)) {
    for (const line of fs.readFileSync(path.join(folder, name), "utf8").split("\n")) if (line.trim()) files.add(line.trim());
  }
  return files.size ? [...files].sort() : undefined;
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.on("connect", () => (socket.destroy(), resolve(true)));
    socket.on("timeout", () => (socket.destroy(), resolve(false)));
    socket.on("error", () => resolve(false));
  });
}

/** Niceness of the checks that run beside the end-to-end stage (nice(1)); TEST_CHECKS_NICE overrides it. */
const checksNice = Number(process.env.TEST_CHECKS_NICE ?? 10);

async function main() {
  const npx = "npx";
  // Before the slow stages, so a machine without Chromium learns it at once.
  if (stagesWanted.has("e2e")) ensureChromium();
  if (process.env.CI && (stagesWanted.has("unit") || stagesWanted.has("pg"))) forbidFocusedJestTests();
  // Likewise a missing PostgreSQL server, before anything runs.
  const pgReachable = stagesWanted.has("pg") ? await reachable(pgUrl) : false;
  if (stagesWanted.has("pg") && !pgReachable && process.env.CI) {
    console.error(`PostgreSQL server at ${new URL(pgUrl).host} is not reachable; CI needs it.`);
    process.exit(1);
  }

  // First lint and the type check, side by side: the type check reads the types the build
  // writes (.next/types), so it ends before the build starts.
  const firstChecks = [
    ...(stagesWanted.has("lint") ? [{ title: "lint (eslint)", cmd: npx, args: ["eslint", "."] }] : []),
    ...(stagesWanted.has("typecheck") ? [{ title: "typecheck (tsc)", cmd: npx, args: ["tsc", "--noEmit"] }] : []),
  ];
  if (firstChecks.length && !(await Promise.all(firstChecks.map((stage) => runStage(stage)))).every(Boolean)) {
    printTotals();
    process.exit(1);
  }
  // The tree passed the type check above: the build skips its own (next.config.ts).
  const buildEnv = stagesWanted.has("typecheck") ? { GIVEBRIDGE_TYPES_CHECKED: "1" } : {};

  // Then two lines side by side. The app's: the build, then the end-to-end suite against it. The
  // tests': Jest on PGlite, then on PostgreSQL, at a lower priority, so that they take the CPU the
  // app, its database and Chromium leave idle (one app process serves the specs one at a time).
  // They start once the build has ended: the build keeps both cores busy, and Jest's tests have
  // timeouts of their own.
  let buildEnded: (ok: boolean) => void = () => undefined;
  const built = stagesWanted.has("build") ? new Promise<boolean>((resolve) => (buildEnded = resolve)) : Promise.resolve(true);
  const jest = (name: string) => {
    const out = path.join(reportDir, `${name}.json`);
    return { args: ["jest", "--json", `--outputFile=${out}`], after: () => countJest(out, name) };
  };
  const databaseFiles = path.join(reportDir, "database-tests");
  const tests: (() => Promise<boolean>)[] = [() => built];
  if (stagesWanted.has("unit")) {
    const j = jest("pglite");
    tests.push(() =>
      runStage({ title: "jest on embedded PGlite", cmd: npx, args: j.args, env: { ...jestEnv, TEST_DATABASE_URL: "", TEST_DATABASE_FILES: databaseFiles }, after: j.after }, { nice: checksNice }),
    );
  }
  if (stagesWanted.has("pg")) {
    if (pgReachable) {
      tests.push(() => {
        const j = jest("postgres");
        const recorded = recordedDatabaseTests(databaseFiles);
        // The test files that opened no database ran once, in the PGlite stage.
        const files = recorded ? ["--runTestsByPath", ...recorded, ...serverOnlyTests.map((file) => path.resolve(file))] : [];
        const which = recorded ? `${files.length - 1} test files that open a database` : "every test file";
        return runStage({ title: `jest on PostgreSQL (${new URL(pgUrl).host}; ${which})`, cmd: npx, args: [...j.args, ...files], env: { ...jestEnv, TEST_DATABASE_URL: pgUrl }, after: j.after }, { nice: checksNice });
      });
    } else {
      console.warn(`\n=== jest on PostgreSQL: not run, no server at ${new URL(pgUrl).host} (set TEST_DATABASE_URL) ===`);
    }
  }
  const app: (() => Promise<boolean>)[] = [];
  if (stagesWanted.has("build")) app.push(() => runStage({ title: "next build", cmd: npx, args: ["next", "build"], env: buildEnv }, { streamed: true }).then((ok) => (buildEnded(ok), ok)));
  if (stagesWanted.has("e2e")) {
    const out = path.join(reportDir, "playwright.json");
    app.push(() =>
      runStage({ title: "playwright end-to-end (Chromium)", cmd: npx, args: ["playwright", "test", "--reporter=list,json"], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out }, after: () => countPlaywright(out) }, { streamed: true }),
    );
  }
  // A failure in either line stops the other: the run has failed, and its time is spent.
  const passed = await Promise.all(
    [runLine(tests), runLine(app)].map((line) =>
      line.then((ok) => {
        if (!ok) stopRunning();
        return ok;
      }),
    ),
  );
  if (!passed.every(Boolean)) {
    printTotals();
    process.exit(1);
  }
  console.log("\nAll test stages passed.");
  printTotals();
}

main();
