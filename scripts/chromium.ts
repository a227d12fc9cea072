/**
 * Finding (or installing) the Chromium the end-to-end stage drives. Playwright's own browser
 * download cannot work on these machines, so the suite uses Debian's headless Chromium, the
 * `chromium-headless-shell` package at /usr/bin/chromium-headless-shell (or CHROMIUM_PATH), and
 * installs the `chromium` package beside it (the page benchmarks drive the full browser). When it
 * is missing and the command runs as root with apt-get available, the test command installs
 * both itself, as CI does; otherwise it explains what to install and the caller exits non-zero.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

/** The browser the end-to-end stage drives when CHROMIUM_PATH is unset. */
export const DEFAULT_CHROMIUM = "/usr/bin/chromium-headless-shell";
/** Debian's packages installed for it: the headless shell and the full browser. */
const PACKAGES = ["chromium", "chromium-headless-shell"];

/** What to do about Chromium: use it, install Debian's package, or explain and stop. */
export type ChromiumPlan =
  | { action: "use"; path: string }
  | { action: "install"; path: string }
  | { action: "explain"; path: string; message: string };

/**
 * Decide from the facts alone (pure, so it is testable without touching the machine).
 * An explicitly configured CHROMIUM_PATH is never replaced by an install: the person chose it.
 */
export function planChromium(facts: {
  path: string;
  configured: boolean;
  exists: boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}): ChromiumPlan {
  const { path, configured, exists, isRoot, hasAptGet } = facts;
  if (exists) return { action: "use", path };
  if (configured) {
    return { action: "explain", path, message: `Chromium not found at CHROMIUM_PATH=${path}. Point CHROMIUM_PATH at an installed Chromium, or unset it to use Debian's ${DEFAULT_CHROMIUM}.` };
  }
  if (isRoot && hasAptGet) return { action: "install", path };
  return {
    action: "explain",
    path,
    message:
      `Chromium not found at ${path}. The end-to-end stage needs Debian's headless Chromium: install it with ` +
      `"sudo apt-get install -y ${PACKAGES.join(" ")}" (or run the tests as root, and they install it), ` +
      `or set CHROMIUM_PATH to an installed Chromium.`,
  };
}

/**
 * Make sure Chromium is there for the e2e stage.
 * @returns the browser's path; on failure prints why and exits the process with status 1.
 */
export function ensureChromium(env: NodeJS.ProcessEnv = process.env): string {
  const path = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  const plan = planChromium({
    path,
    configured: Boolean(env.CHROMIUM_PATH),
    exists: fs.existsSync(path),
    isRoot: process.getuid?.() === 0,
    hasAptGet: spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0,
  });
  if (plan.action === "use") return plan.path;
  if (plan.action === "explain") {
    console.error(`\n${plan.message}\n`);
    process.exit(1);
  }
  console.log(`\nChromium is missing at ${path}: installing Debian's packages (apt-get install -y ${PACKAGES.join(" ")})...`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
  const install = update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", ...PACKAGES], { stdio: "inherit", env: aptEnv }) : update;
  if (install.status !== 0 || !fs.existsSync(path)) {
    console.error(`\nInstalling Chromium with apt-get failed (exit ${install.status}). Install it by hand: apt-get install -y ${PACKAGES.join(" ")}\n`);
    process.exit(1);
  }
  console.log(`Chromium installed at ${path}.`);
  return path;
}
