/**
 * `npm test`: the whole suite, stage by stage, stopping at the first failure:
 * lint, typecheck, Jest on embedded PGlite, Jest on the PostgreSQL server (a fresh database
 * per test file on TEST_DATABASE_URL, default postgres://root@127.0.0.1:5432/test), the
 * production build, and the Playwright end-to-end suite in Chromium.
 * Set TEST_STAGES=unit,pg (comma list) to run only some stages.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium";

const stagesWanted = new Set((process.env.TEST_STAGES ?? "lint,typecheck,unit,pg,build,e2e").split(",").map((s) => s.trim()));
const pgUrl = process.env.TEST_DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
const jestEnv = { NODE_OPTIONS: "--experimental-vm-modules", NODE_ENV: "test" };

const totals = { passed: 0, failed: 0 };
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "givebridge-test-"));

/** Add a Jest --json report's counts to the totals. */
function countJest(file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number };
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
}

/** Add a Playwright JSON report's counts to the totals. */
function countPlaywright(file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number } };
  totals.passed += r.stats.expected + r.stats.flaky;
  totals.failed += r.stats.unexpected;
}

function printTotals() {
  console.log(`\nTotals: ${totals.passed} passed, ${totals.failed} failed`);
}

function run(title: string, cmd: string, args: string[], extraEnv: Record<string, string | undefined> = {}, after?: () => void) {
  const started = Date.now();
  console.log(`\n=== ${title} ===`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`\n=== ${title}: FAILED after ${seconds} s ===`);
    after?.();
    printTotals();
    process.exit(res.status ?? 1);
  }
  after?.();
  console.log(`=== ${title}: ok (${seconds} s) ===`);
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
  if (stagesWanted.has("lint")) run("lint (eslint)", npx, ["eslint", "."]);
  if (stagesWanted.has("typecheck")) run("typecheck (tsc)", npx, ["tsc", "--noEmit"]);
  const jest = (name: string) => {
    const out = path.join(reportDir, `${name}.json`);
    return { args: ["jest", "--json", `--outputFile=${out}`], after: () => countJest(out) };
  };
  if (stagesWanted.has("unit")) {
    const j = jest("pglite");
    run("jest on embedded PGlite", npx, j.args, { ...jestEnv, TEST_DATABASE_URL: "" }, j.after);
  }
  if (stagesWanted.has("pg")) {
    if (await reachable(pgUrl)) {
      const j = jest("postgres");
      run(`jest on PostgreSQL (${new URL(pgUrl).host})`, npx, j.args, { ...jestEnv, TEST_DATABASE_URL: pgUrl }, j.after);
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
