/**
 * `npm test`: the whole suite, stage by stage, stopping at the first failure:
 * lint and typecheck (side by side), Jest on embedded PGlite (every test file), Jest on the
 * PostgreSQL server (a fresh database per test file on TEST_DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/test) for the test files that opened a database in the PGlite
 * stage (recorded by lib/db/testing.ts) and the server's own (lib/testing/server-only-tests.json),
 * the production build, and the Playwright end-to-end suite in Chromium.
 * Set TEST_STAGES=unit,pg (comma list) to run only some stages; the PostgreSQL stage alone runs
 * every test file. The closing lines are each stage's seconds and
 * `Totals: N passed, N failed, N flaky`; the flaky tests (passed only on a retry) are named above them.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium";

const stagesWanted = new Set((process.env.TEST_STAGES ?? "lint,typecheck,unit,pg,build,e2e").split(",").map((s) => s.trim()));
const pgUrl = process.env.TEST_DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
const jestEnv = { NODE_OPTIONS: "--experimental-vm-modules", NODE_ENV: "test" };

/** Test files of the PostgreSQL server alone (also read by jest.config.mjs). */
const serverOnlyTests = JSON.parse(fs.readFileSync(path.join(__dirname, "../lib/testing/server-only-tests.json"), "utf8")) as string[];
const totals = { passed: 0, failed: 0, flaky: 0 };
/** Tests that failed and then passed on a retry: counted apart and named, never as passed. */
const flakyTests: string[] = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "givebridge-test-"));

/** Add a Jest --json report's counts to the totals. */
function countJest(file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number };
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
}

type PlaywrightSuite = { title: string; file?: string; suites?: PlaywrightSuite[]; specs?: { title: string; file?: string; tests: { status: string; projectName?: string }[] }[] };

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
    }
    for (const child of suite.suites ?? []) stack.push({ suite: child, titles: here });
  }
}

/** Each stage run so far: its title, seconds and whether it passed. */
const stageTimes: { title: string; seconds: number; ok: boolean }[] = [];
const suiteStarted = Date.now();

function printTotals() {
  if (stageTimes.length) {
    console.log(`\nSeconds by stage:`);
    for (const stage of stageTimes) console.log(`  ${stage.seconds.toFixed(1).padStart(7)}  ${stage.title}${stage.ok ? "" : " (FAILED)"}`);
    console.log(`  ${((Date.now() - suiteStarted) / 1000).toFixed(1).padStart(7)}  in all`);
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

function run(title: string, cmd: string, args: string[], extraEnv: Record<string, string | undefined> = {}, after?: () => void) {
  const started = Date.now();
  console.log(`\n=== ${title} ===`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  stageTimes.push({ title, seconds: Number(seconds), ok: res.status === 0 });
  if (res.status !== 0) {
    console.error(`\n=== ${title}: FAILED after ${seconds} s ===`);
    after?.();
    printTotals();
    process.exit(res.status ?? 1);
  }
  after?.();
  console.log(`=== ${title}: ok (${seconds} s) ===`);
}

/**
 * Run quiet stages side by side (lint and typecheck: each prints only its findings), each
 * one's output printed whole when it ends; exits after printing them all if any failed.
 */
async function runSideBySide(stages: { title: string; cmd: string; args: string[] }[]) {
  const results = await Promise.all(
    stages.map(
      ({ title, cmd, args }) =>
        new Promise<{ title: string; status: number | null; output: string; seconds: number }>((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.on("close", (status) => resolve({ title, status, output, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n=== ${r.title} ===`);
    if (r.output) process.stdout.write(r.output);
    console.log(`=== ${r.title}: ${r.status === 0 ? "ok" : "FAILED"} (${r.seconds.toFixed(1)} s) ===`);
    stageTimes.push({ title: r.title, seconds: Number(r.seconds.toFixed(1)), ok: r.status === 0 });
  }
  if (results.some((r) => r.status !== 0)) {
    printTotals();
    process.exit(1);
  }
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

async function main() {
  const npx = "npx";
  // Before the slow stages, so a machine without Chromium learns it at once.
  if (stagesWanted.has("e2e")) ensureChromium();
  await runSideBySide([
    ...(stagesWanted.has("lint") ? [{ title: "lint (eslint)", cmd: npx, args: ["eslint", "."] }] : []),
    ...(stagesWanted.has("typecheck") ? [{ title: "typecheck (tsc)", cmd: npx, args: ["tsc", "--noEmit"] }] : []),
  ]);
  const jest = (name: string) => {
    const out = path.join(reportDir, `${name}.json`);
    return { args: ["jest", "--json", `--outputFile=${out}`], after: () => countJest(out) };
  };
  if (process.env.CI && (stagesWanted.has("unit") || stagesWanted.has("pg"))) forbidFocusedJestTests();
  const databaseFiles = path.join(reportDir, "database-tests");
  if (stagesWanted.has("unit")) {
    const j = jest("pglite");
    run("jest on embedded PGlite", npx, j.args, { ...jestEnv, TEST_DATABASE_URL: "", TEST_DATABASE_FILES: databaseFiles }, j.after);
  }
  if (stagesWanted.has("pg")) {
    if (await reachable(pgUrl)) {
      const j = jest("postgres");
      const recorded = recordedDatabaseTests(databaseFiles);
      // The test files that opened no database ran once, in the PGlite stage.
      const files = recorded ? ["--runTestsByPath", ...recorded, ...serverOnlyTests.map((file) => path.resolve(file))] : [];
      const which = recorded ? `${files.length - 1} test files that open a database` : "every test file";
      run(`jest on PostgreSQL (${new URL(pgUrl).host}; ${which})`, npx, [...j.args, ...files], { ...jestEnv, TEST_DATABASE_URL: pgUrl }, j.after);
    } else if (process.env.CI) {
      console.error(`PostgreSQL server at ${new URL(pgUrl).host} is not reachable; CI needs it.`);
      process.exit(1);
    } else {
      console.warn(`\n=== jest on PostgreSQL: not run, no server at ${new URL(pgUrl).host} (set TEST_DATABASE_URL) ===`);
    }
  }
  if (stagesWanted.has("build")) run("next build", npx, ["next", "build"]);
  if (stagesWanted.has("e2e")) {
    const out = path.join(reportDir, "playwright.json");
    run("playwright end-to-end (Chromium)", npx, ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out }, () =>
      countPlaywright(out),
    );
  }
  console.log("\nAll test stages passed.");
  printTotals();
}

main();
