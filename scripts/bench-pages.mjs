/**
 * `npm run bench:pages [-- --url http://localhost:3000] [--runs 3]`
 *
 * Plain JavaScript run by node itself: Lighthouse sends some of its functions into the page
 * as source text, which a TypeScript loader's helpers would break.
 *
 * Lighthouse (mobile form factor, simulated slow 4G and 4x CPU slowdown: Lighthouse's
 * defaults) against the pages of a running app — home, /search with a query, a nonprofit
 * profile with fundraisers and that fundraiser's donate page — in Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). For each page it prints the median over the
 * runs of the performance score, LCP, TBT, CLS, and the JavaScript of the first load: the
 * compressed bytes transferred for the scripts the page's HTML asks for (its script tags), not
 * the routes Next prefetches afterwards for the page's links. Targets: score >= 95 and LCP < 1.5 s
 * and JavaScript < 170 KB compressed. It also prints the machine's load.
 * Start the app first (`npm start`, a production build); `next dev` figures mean nothing.
 * Exit code: 0 all targets met, 2 a target missed, 1 an error.
 */
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const TARGET_SCORE = 95;
const TARGET_LCP_MS = 1_500;
const TARGET_JS_KB = 170;

/** @param {string} name @param {string} fallback @returns {string} */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** @typedef {{ score: number, lcpMs: number, tbtMs: number, cls: number, jsKb: number, requests: number }} Figures */

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** An active fundraiser: its organization's profile and its donate page. */
/** @param {string} base @returns {Promise<{ profile: string, donate: string }>} */
async function fundraiserPaths(base) {
  const res = await fetch(`${base}/api/find/campaigns/active?limit=1`);
  /** @type {{ campaigns?: { organization?: { _id?: string } }[] }} */
  const data = await res.json().catch(() => ({}));
  const first = /** @type {{ _id?: string, organization?: { _id?: string } } | undefined} */ (data.campaigns?.[0]);
  const id = first?.organization?._id;
  if (!id || !first?._id) throw new Error("No active fundraiser found: start the app with the demo data (npm start).");
  return { profile: `/nonprofit/${id}`, donate: `/donation/${id}/${first._id}` };
}

/**
 * The same-origin scripts a page's HTML asks for: its <script src> tags (not nomodule ones).
 * @param {string} html @returns {Set<string>} paths
 */
function firstLoadScripts(html) {
  const paths = new Set();
  for (const m of html.matchAll(/<script\b([^>]*)>/g)) {
    const src = !/\bnomodule\b/i.test(m[1]) ? /\ssrc="([^"]+)"/.exec(m[1])?.[1] : undefined;
    if (src?.startsWith("/")) paths.add(src);
  }
  return paths;
}

/** @param {number} port @param {string} url @param {Set<string>} scripts the first load's script paths @returns {Promise<Figures>} */
async function audit(port, url, scripts) {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  /** @type {{ url: string, resourceType?: string, transferSize?: number }[]} */
  const requests = /** @type {any} */ (lhr.audits["network-requests"]?.details)?.items ?? [];
  // The first load's scripts: those the HTML asks for. Next prefetches the routes that links
  // on the page lead to once the page is idle; those are the next pages' code.
  const items = requests.filter((r) => r.resourceType === "Script" && scripts.has(new URL(r.url).pathname));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    jsKb: Math.round(items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10,
    requests: items.length,
  };
}

/**
 * Lighthouse asks to be run again when its trace lost the navigation start (NO_NAVSTART,
 * a known flake of its tracing): one more try, then the error stands.
 * @param {number} port @param {string} url @param {Set<string>} scripts @returns {Promise<Figures>}
 */
async function auditWithRetry(port, url, scripts) {
  try {
    return await audit(port, url, scripts);
  } catch (err) {
    if (!String(err instanceof Error ? err.message : err).includes("run Lighthouse again")) throw err;
    return audit(port, url, scripts);
  }
}

/** @returns {Promise<number>} */
async function main() {
  const base = arg("url", "http://localhost:3000").replace(/\/$/, "");
  const runs = Math.max(1, Number(arg("runs", "3")));
  const fundraiser = await fundraiserPaths(base);
  const pages = [
    { name: "home", path: "/" },
    { name: "search", path: "/search?queryString=hospital&searchCategory=NonProfits" },
    { name: "profile", path: fundraiser.profile },
    { name: "donate", path: fundraiser.donate },
  ];
  const loadAtStart = os.loadavg();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  /** @type {(Figures & { name: string, path: string })[]} */
  const rows = [];
  try {
    for (const page of pages) {
      // Warms the server's caches (the audits measure steady state) and lists the page's scripts.
      const scripts = firstLoadScripts(await (await fetch(base + page.path)).text());
      /** @type {Figures[]} */
      const all = [];
      for (let i = 0; i < runs; i++) all.push(await auditWithRetry(chrome.port, base + page.path, scripts));
      /** @param {keyof Figures} k */
      const pick = (k) => median(all.map((f) => f[k]));
      rows.push({ name: page.name, path: page.path, score: pick("score"), lcpMs: pick("lcpMs"), tbtMs: pick("tbtMs"), cls: pick("cls"), jsKb: pick("jsKb"), requests: pick("requests") });
    }
  } finally {
    chrome.kill();
  }
  const fmt = (/** @type {number[]} */ l) => l.map((x) => x.toFixed(1)).join(" ");
  console.log(`Lighthouse ${runs} run(s) per page, mobile, medians (${base}); load average ${fmt(loadAtStart)} at the start, ${fmt(os.loadavg())} at the end, ${os.cpus().length} CPUs\n`);
  console.log("page    | score | LCP ms | TBT ms | CLS   | JS KB (gz) | scripts | verdict");
  console.log("--------|-------|--------|--------|-------|------------|---------|--------");
  let ok = true;
  for (const r of rows) {
    const met = r.score >= TARGET_SCORE && r.lcpMs < TARGET_LCP_MS && r.jsKb < TARGET_JS_KB;
    ok &&= met;
    console.log(
      `${r.name.padEnd(7)} | ${String(r.score).padStart(5)} | ${String(r.lcpMs).padStart(6)} | ${String(r.tbtMs).padStart(6)} | ${String(r.cls).padEnd(5)} | ${String(r.jsKb).padStart(10)} | ${String(r.requests).padStart(7)} | ${met ? "met" : `missed (score >= ${TARGET_SCORE}, LCP < ${TARGET_LCP_MS} ms, JS < ${TARGET_JS_KB} KB)`}`,
    );
  }
  return ok ? 0 : 2;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
