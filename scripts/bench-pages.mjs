/**
 * `npm run bench:pages [-- --url http://localhost:3000] [--runs 3]`
 *
 * Plain JavaScript run by node itself: Lighthouse sends some of its functions into the page
 * as source text, which a TypeScript loader's helpers would break.
 *
 * Lighthouse (mobile form factor, simulated slow 4G and 4x CPU slowdown: Lighthouse's
 * defaults) against the public pages of a running app — home, /search with a query, and a
 * nonprofit profile with fundraisers — in Debian's Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium). For each page it prints the median over the runs of the performance
 * score, LCP, TBT, CLS, and the JavaScript of the first load: the compressed bytes
 * transferred for script requests (issue 3's budget: score >= 90, < 170 KB compressed).
 * Start the app first (`npm start`, a production build); `next dev` figures mean nothing.
 * Exit code: 0 all targets met, 2 a target missed, 1 an error.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const TARGET_SCORE = 90;
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

/** A public organization with an active fundraiser, for the profile page. */
/** @param {string} base @returns {Promise<string>} */
async function profilePath(base) {
  const res = await fetch(`${base}/api/find/campaigns/active?limit=1`);
  /** @type {{ campaigns?: { organization?: { _id?: string } }[] }} */
  const data = await res.json().catch(() => ({}));
  const first = data.campaigns?.[0];
  const id = first?.organization?._id;
  if (!id) throw new Error("No active fundraiser found: start the app with the demo data (npm start).");
  return `/nonprofit/${id}`;
}

/** @param {number} port @param {string} url @returns {Promise<Figures>} */
async function audit(port, url) {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  /** @type {{ resourceType?: string, transferSize?: number }[]} */
  const requests = /** @type {any} */ (lhr.audits["network-requests"]?.details)?.items ?? [];
  const items = requests.filter((r) => r.resourceType === "Script");
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    jsKb: Math.round(items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10,
    requests: items.length,
  };
}

/** @returns {Promise<number>} */
async function main() {
  const base = arg("url", "http://localhost:3000").replace(/\/$/, "");
  const runs = Math.max(1, Number(arg("runs", "3")));
  const pages = [
    { name: "home", path: "/" },
    { name: "search", path: "/search?queryString=hospital&searchCategory=NonProfits" },
    { name: "profile", path: await profilePath(base) },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  /** @type {(Figures & { name: string, path: string })[]} */
  const rows = [];
  try {
    for (const page of pages) {
      await fetch(base + page.path); // warm the server's caches; the audits measure steady state
      /** @type {Figures[]} */
      const all = [];
      for (let i = 0; i < runs; i++) all.push(await audit(chrome.port, base + page.path));
      /** @param {keyof Figures} k */
      const pick = (k) => median(all.map((f) => f[k]));
      rows.push({ name: page.name, path: page.path, score: pick("score"), lcpMs: pick("lcpMs"), tbtMs: pick("tbtMs"), cls: pick("cls"), jsKb: pick("jsKb"), requests: pick("requests") });
    }
  } finally {
    chrome.kill();
  }
  console.log(`Lighthouse ${runs} run(s) per page, mobile, medians (${base})\n`);
  console.log("page    | score | LCP ms | TBT ms | CLS   | JS KB (gz) | scripts | verdict");
  console.log("--------|-------|--------|--------|-------|------------|---------|--------");
  let ok = true;
  for (const r of rows) {
    const met = r.score >= TARGET_SCORE && r.jsKb < TARGET_JS_KB;
    ok &&= met;
    console.log(
      `${r.name.padEnd(7)} | ${String(r.score).padStart(5)} | ${String(r.lcpMs).padStart(6)} | ${String(r.tbtMs).padStart(6)} | ${String(r.cls).padEnd(5)} | ${String(r.jsKb).padStart(10)} | ${String(r.requests).padStart(7)} | ${met ? "met" : `missed (score >= ${TARGET_SCORE}, JS < ${TARGET_JS_KB} KB)`}`,
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
