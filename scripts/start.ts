/**
 * `npm start`: build if needed, then serve on PORT (default 3000) with scripts/server.ts. The server itself
 * migrates and loads the demo data on an empty database (lib/server/startup.ts). With the
 * embedded database, a second start on the same DATA_DIR is refused before anything runs.
 */
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";
import { baseUrl, serverEnv } from "../lib/env";

const root = process.cwd();
const env = serverEnv();
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const sources = ["app", "components", "lib", "models", "public"].map((d) => newestMtime(path.join(root, d)));
  const files = ["package.json", "next.config.ts", "tailwind.config.ts", "instrumentation.ts"]
    .filter((f) => fs.existsSync(path.join(root, f)))
    .map((f) => fs.statSync(path.join(root, f)).mtimeMs);
  return Math.max(...sources, ...files) > built;
}

if (!env.DATABASE_URL) {
  const folder = path.resolve(env.DATA_DIR);
  const lockPath = path.join(folder, "givebridge.lock");
  if (fs.existsSync(folder) && lockfile.checkSync(folder, { lockfilePath: lockPath, stale: 15_000, realpath: false })) {
    console.error(
      `\nThe database folder ${folder} is in use by another Givebridge process. ` +
        `Stop that process first, or start this one with another DATA_DIR or a DATABASE_URL.\n`,
    );
    process.exit(1);
  }
}

// The demo start serves on this machine: without PUBLIC_URL (or NEXTAUTH_URL) its public address is http://localhost:PORT.
if (!env.PUBLIC_URL && !env.NEXTAUTH_URL) console.log(`PUBLIC_URL is not set: using ${baseUrl()} (set PUBLIC_URL to the site's public address in production).`);
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PUBLIC_URL: baseUrl(), NEXTAUTH_URL: env.NEXTAUTH_URL ?? baseUrl() };

if (buildIsStale()) {
  console.log("Building Givebridge (first start or changed sources)...");
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: childEnv });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(`Starting Givebridge on ${baseUrl()} ...`);
// The app's own HTTP server (scripts/server.ts): Next's request handlers, with the client's
// address taken from the socket.
const server = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(root, "scripts", "server.ts")], { stdio: "inherit", env: childEnv });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
