/**
 * `npm run bench:crowd [-- --pg] [--url http://host:port]`
 *
 * The checkout's card-testing defences (lib/services/payments/checkout-defences.ts) against a
 * crowd and two attacks, over HTTP against the running app with its DEFAULT limits and the
 * proof-of-work challenge on. Each scenario speaks from its own loopback address (node:http's
 * `localAddress`; every 127.x.y.z is this machine), which the app takes as the client's IP:
 *  1. a gala: 150 donors give once each from one address, 10 at a time, half of them signed in
 *     with their own account, half guests on their own device; a browser's form is imitated:
 *     a guest sends a solved challenge, a signed-in donor solves one only when asked.
 *     Target: every gift succeeds.
 *  2. a card tester on one device: 400 attempts with declined test cards and random card
 *     numbers, each with a solved challenge. Target: at most 10 reach the payment provider.
 *  3. a card tester rotating devices and accounts from one address: 400 attempts, each from a
 *     new guest device or a new account, declined cards. Target: at most 20 reach the provider.
 * "Reaches the provider" is an answer that carries a payment outcome (the checkout called the
 * provider); refusals before it (429, a challenge asked for, a card number the sandbox does
 * not know) do not. Prints each target with its figure, the time taken and the machine's load,
 * and exits 1 when a target is missed. Without --url it builds (if needed) and starts the app
 * on a spare port, on the embedded PGlite in a temporary DATA_DIR, or with --pg on a scratch
 * database of the PostgreSQL server at DATABASE_URL (default postgres://root@127.0.0.1:5432/test).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import http from "node:http";
import { createScratchDatabase, type ScratchDatabase } from "@/lib/db/scratch-database";
import { freePort, waitForApp } from "./local-app";

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);
const pgServer = process.env.DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
const loadAverage = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")} on ${os.cpus().length} CPUs`;
const PASSWORD = "crowd-bench-password-1";

/** One browser: its address, its cookies (device cookie, session), and the site's origin on writes. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly url: string,
    private readonly address: string,
  ) {}

  fetch(pathname: string, init: { json?: unknown; form?: Record<string, string> } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { origin: this.url };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.url}${pathname}`, { method: body ? "POST" : "GET", headers, localAddress: this.address, agent: false }, (res) => {
        for (const c of res.headers["set-cookie"] ?? []) {
          const [pair] = c.split(";");
          const eq = pair!.indexOf("=");
          this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
        }
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
          } catch {
            /* not JSON: an empty body */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** A solved checkout challenge, as the form's widget makes it. */
  async solvedChallenge(): Promise<string> {
    const { body: challenge } = await this.fetch("/api/checkout/challenge");
    const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
    if (!solution) throw new Error("the checkout challenge was not solved");
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  }

  /** Sign up as a donor and sign in (the credentials form's post). */
  async signUp(email: string): Promise<void> {
    const reg = await this.fetch("/api/register/individual", { json: { firstName: "Crowd", lastName: "Donor", email, password: PASSWORD, organization_company: "" } });
    if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${String(reg.body.message ?? "")}`);
    const { body } = await this.fetch("/api/auth/csrf");
    const res = await this.fetch("/api/auth/callback/credentials", { form: { csrfToken: String(body.csrfToken), email, password: PASSWORD, json: "true" } });
    if (res.status >= 400 || String(res.body.url ?? "").includes("error=")) throw new Error(`sign-in failed: ${res.status}`);
  }
}

type Target = { organizationId: string; campaignId: string };
type Outcome = { status: number; reachedProvider: boolean; succeeded: boolean; challenged: boolean };

/**
 * One checkout as the site's form sends it (components/payments/checkout-challenge.tsx,
 * sendWithChallenge): a guest with a solved challenge; a signed-in donor without, solving one
 * and sending again when the answer asks for it.
 */
async function give(browser: Browser, target: Target, signedIn: boolean, cardNumber: string): Promise<Outcome> {
  const idempotencyKey = randomUUID();
  const send = (altcha: string | null) =>
    browser.fetch("/api/createPaymentIntent", {
      json: { idempotencyKey, ...target, amountCents: 5_000, name: signedIn ? "" : "Crowd Guest", email: signedIn ? "" : `guest.${idempotencyKey}@example.org`, card: { number: cardNumber, expiry: "12/34", cvc: "123" }, ...(altcha ? { altcha } : {}) },
    });
  let res = await send(signedIn ? null : await browser.solvedChallenge());
  let challenged = false;
  if (signedIn && res.status === 422 && (res.body.fields as Record<string, string> | undefined)?.challenge) {
    challenged = true;
    res = await send(await browser.solvedChallenge());
  }
  const status = typeof res.body.status === "string" ? res.body.status : null;
  return { status: res.status, reachedProvider: res.status === 200 && status !== null, succeeded: status === "succeeded", challenged };
}

/** Run `count` tasks, `concurrency` at a time. */
async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** A card number that is no card: 16 digits the sandbox does not know. */
const randomCard = () => `4${String(Math.floor(Math.random() * 1e15)).padStart(15, "0")}`;
const DECLINED = ["4000000000000002", "4000000000009995"];

let child: ChildProcess | undefined;
let scratch: ScratchDatabase | undefined;

async function main() {
  let url = arg("url");
  console.log(`start: ${loadAverage()}`);
  if (!url) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-bench-crowd-"));
    url = `http://localhost:${port}`;
    if (flag("pg")) scratch = await createScratchDatabase(pgServer, "gb_bench_crowd");
    console.log(`starting the app on ${url} (${scratch ? `PostgreSQL ${scratch.name}` : `PGlite in ${dataDir}`}), default checkout limits...`);
    child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NEXTAUTH_URL: url, DEMO_DATA: "1", DATABASE_URL: scratch?.url ?? "", SMTP_URL: "" },
    });
    await waitForApp(url);
  }
  const appUrl = url;
  const { campaigns: fundraisers } = (await (await fetch(`${appUrl}/api/find/campaigns/active?showAll=true`)).json()) as { campaigns: { _id: string; organization: { _id: string } }[] };
  const first = fundraisers[0];
  if (!first) throw new Error("no active fundraiser to give to");
  const target: Target = { organizationId: first.organization._id, campaignId: first._id };
  const run = `${process.pid}.${Date.now()}`;
  const results: { line: string; ok: boolean }[] = [];

  // 1. The gala.
  let t0 = performance.now();
  const gala = await pool(150, 10, async (i) => {
    const browser = new Browser(appUrl, "127.0.20.1");
    const signedIn = i % 2 === 0;
    if (signedIn) await browser.signUp(`gala.${run}.${i}@example.org`);
    return give(browser, target, signedIn, "4242424242424242");
  });
  const galaOk = gala.filter((o) => o.succeeded).length;
  results.push({
    line: `gala: ${galaOk} of 150 donors from one address gave (target 150); ${gala.filter((o) => o.challenged).length} signed-in donors were asked for the security check; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    ok: galaOk === 150,
  });

  // 2. One device, 400 declined or random cards.
  t0 = performance.now();
  const tester = new Browser(appUrl, "127.0.21.1");
  const oneDevice = await pool(400, 4, (i) => give(tester, target, false, i % 2 ? randomCard() : DECLINED[(i / 2) % 2 | 0]!));
  const oneDeviceReached = oneDevice.filter((o) => o.reachedProvider).length;
  results.push({
    line: `one device, 400 declined or random cards: ${oneDeviceReached} reached the provider (target at most 10); ${oneDevice.filter((o) => o.status === 429).length} refused with 429; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    ok: oneDeviceReached <= 10,
  });

  // 3. One address, 400 attempts rotating devices and accounts.
  t0 = performance.now();
  const rotating = await pool(400, 4, async (i) => {
    const browser = new Browser(appUrl, "127.0.22.1");
    const signedIn = i % 2 === 1;
    if (signedIn) await browser.signUp(`rotating.${run}.${i}@example.org`);
    return give(browser, target, signedIn, DECLINED[i % 2]!);
  });
  const rotatingReached = rotating.filter((o) => o.reachedProvider).length;
  results.push({
    line: `one address, 400 attempts rotating devices and accounts: ${rotatingReached} reached the provider (target at most 20); ${rotating.filter((o) => o.status === 429).length} refused with 429; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    ok: rotatingReached <= 20,
  });

  for (const r of results) console.log(`${r.ok ? "MET " : "MISSED"} ${r.line}`);
  console.log(`end: ${loadAverage()}`);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    child?.kill("SIGTERM");
    await scratch?.drop().catch(() => undefined);
  });
