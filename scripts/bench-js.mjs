/**
 * `npm run bench:js [-- --url http://localhost:3000]`
 *
 * The first-load JavaScript of each public page and of the donate page, in compressed KB: for
 * each page, the sum of the gzip sizes (zlib's default level, as the app's server compresses)
 * of the same-origin scripts its HTML asks for with `<script src>` (not nomodule ones) or
 * preloads as scripts (the chunks of what it renders through next/dynamic). Routes
 * Next prefetches later for the page's links are the next pages' code and are not counted.
 * Pages: home, /about, /search with a query, a nonprofit profile with an active fundraiser,
 * that fundraiser's page and its donate page, and an upcoming event's page.
 *
 * With `--url` it measures that running app (a production build: `npm start`; `next dev`
 * figures mean nothing). Without it, it starts the app as `npm start` does (scripts/start.ts,
 * building first if the build is missing or stale) on PORT (default 3300) with the demo data
 * in a fresh DATA_DIR (default .data-bench-js), measures it and stops it.
 * Target: every page under 170 KB. Exit code: 0 met, 2 a page above it, 1 an error.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { gzipSync } from "node:zlib";

const TARGET_JS_KB = 170;

/** @param {string} name @param {string} fallback @returns {string} */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** @param {string} url @returns {Promise<Response>} */
async function get(url) {
  // Uncompressed, so the figure is this script's gzip of the file, whatever the server sends.
  const res = await fetch(url, { headers: { "accept-encoding": "identity" }, redirect: "follow" });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res;
}

/**
 * The same-origin scripts a page's HTML asks for: its <script src> tags (not nomodule ones)
 * and the scripts it preloads (<link rel="preload" as="script">: the chunks of components
 * rendered through next/dynamic, which hydration needs).
 * @param {string} html @returns {Set<string>} paths
 */
function firstLoadScripts(html) {
  const paths = new Set();
  /** @param {string | undefined} src */
  const add = (src) => {
    if (src?.startsWith("/") && !src.startsWith("//")) paths.add(src.replace(/&amp;/g, "&"));
  };
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) add(!/\bnomodule\b/i.test(m[1]) ? /\ssrc="([^"]+)"/.exec(m[1])?.[1] : undefined);
  for (const m of html.matchAll(/<link\b([^>]*)>/g)) {
    if (/\brel="(?:preload|modulepreload)"/.test(m[1]) && /\bas="script"/.test(m[1])) add(/\shref="([^"]+)"/.exec(m[1])?.[1]);
  }
  return paths;
}

/** The pages to measure, with ids from the running app's demo data. @param {string} base */
async function pages(base) {
  /** @type {{ campaigns?: { _id?: string, organization?: { _id?: string } }[] }} */
  const active = await (await get(`${base}/api/find/campaigns/active?limit=1`)).json();
  const fundraiser = active.campaigns?.[0];
  const orgId = fundraiser?.organization?._id;
  if (!fundraiser?._id || !orgId) throw new Error("No active fundraiser found: start the app with the demo data (DEMO_DATA=1).");
  /** @type {{ events?: { _id?: string }[] }} */
  const events = await (await get(`${base}/api/find/events?limit=1`)).json().catch(() => ({}));
  const eventId = events.events?.[0]?._id;
  return [
    { name: "home", path: "/" },
    { name: "about", path: "/about" },
    { name: "search", path: "/search?queryString=hospital&searchCategory=NonProfits" },
    { name: "profile", path: `/nonprofit/${orgId}` },
    { name: "fundraiser", path: `/fundraiser/${fundraiser._id}` },
    ...(eventId ? [{ name: "event", path: `/event/${eventId}` }] : []),
    { name: "donate", path: `/donation/${orgId}/${fundraiser._id}` },
  ];
}

/** @param {string} base @returns {Promise<number>} exit code */
async function measure(base) {
  /** @type {Map<string, number>} gzip bytes per script path, fetched once */
  const sizes = new Map();
  const list = await pages(base);
  console.log(`First-load JavaScript (gzip of each <script src> of the page's HTML), ${base}\n`);
  console.log("page       | JS KB (gz) | scripts | verdict    | path");
  console.log("-----------|------------|---------|------------|-----");
  let ok = true;
  for (const page of list) {
    const scripts = firstLoadScripts(await (await get(base + page.path)).text());
    let bytes = 0;
    for (const src of scripts) {
      if (!sizes.has(src)) sizes.set(src, gzipSync(Buffer.from(await (await get(base + src)).arrayBuffer())).length);
      bytes += sizes.get(src) ?? 0;
    }
    const kb = Math.round(bytes / 102.4) / 10;
    const met = kb <= TARGET_JS_KB;
    ok &&= met;
    console.log(`${page.name.padEnd(10)} | ${kb.toFixed(1).padStart(10)} | ${String(scripts.size).padStart(7)} | ${(met ? "ok" : `> ${TARGET_JS_KB} KB`).padEnd(10)} | ${page.path}`);
  }
  return ok ? 0 : 2;
}

/** Starts the app as `npm start` does; resolves with its base URL and a stop function. */
async function startApp() {
  const port = Number(arg("port", process.env.PORT ?? "3300"));
  const dataDir = process.env.DATA_DIR ?? ".data-bench-js";
  const base = `http://localhost:${port}`;
  if (!process.env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NEXTAUTH_URL: base, DEMO_DATA: "1", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  // A first start builds the app (minutes) and loads the demo data.
  const until = Date.now() + 20 * 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it answered.`);
    const up = await fetch(`${base}/api/auth/csrf`).then((r) => r.ok, () => false);
    if (up) return { base, stop };
    await new Promise((r) => setTimeout(r, 1_000));
  }
  await stop();
  throw new Error(`The app did not answer on ${base} within 20 minutes.`);
}

/** @returns {Promise<number>} */
async function main() {
  const url = arg("url", "");
  if (url) return measure(url.replace(/\/$/, ""));
  const app = await startApp();
  try {
    return await measure(app.base);
  } finally {
    await app.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
