import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request as newRequest, type APIRequestContext } from "@playwright/test";
import { createScratchDatabase, type ScratchDatabase } from "../lib/db/scratch-database";
import { serveApp, stopApps, waitForApp, type LocalApp } from "../scripts/local-app";
import { giveAsGuest, uniqueEmail, test } from "./fixtures";

/**
 * The client's address is the socket's peer, over real HTTP against the app's own server (`npm run serve`): the
 * per-IP limits of sign-in and checkout count the socket's address, so a client that sends a
 * new X-Forwarded-For with every attempt is still one client; only behind a configured proxy
 * (TRUSTED_PROXIES) is the forwarded address believed. Two processes on one fresh PostgreSQL
 * database, one without and one with TRUSTED_PROXIES=127.0.0.1; both with small per-IP limits.
 */
const pgServer = process.env.TEST_DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
const LIMIT = 3;

let scratch: ScratchDatabase;
let dataDir: string;
const apps: LocalApp[] = [];
let direct: LocalApp;
let proxied: LocalApp;

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  // Two app processes migrate and load the demo data first: up to waitForApp's 180 s each on a busy machine.
  test.setTimeout(400_000);
  scratch = await createScratchDatabase(pgServer, "gb_e2e_ip");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-e2e-ip-"));
  const base = Number(process.env.E2E_PORT ?? 3100);
  const env = (port: number, trusted: Record<string, string>) => ({
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    DEMO_DATA: "1",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_SECRET: "client-address-e2e-secret-0123456789",
    LOGIN_IP_MAX_FAILURES: String(LIMIT),
    CHECKOUT_CHALLENGE: "off",
    CHECKOUT_IP_MAX_ATTEMPTS: String(LIMIT),
    CHECKOUT_DEVICE_MAX_ATTEMPTS: "1000",
    CHECKOUT_CARD_MAX_ATTEMPTS: "1000",
    TRUSTED_PROXIES: "",
    ...trusted,
  });
  direct = serveApp(base + 3, env(base + 3, {}));
  proxied = serveApp(base + 4, env(base + 4, { TRUSTED_PROXIES: "127.0.0.1" }));
  apps.push(direct, proxied);
  // Migrations and the demo data run once; start the second process after the first is up.
  await waitForApp(direct.url, { child: direct.child, stderr: direct.stderr, ms: 180_000 });
  await waitForApp(proxied.url, { child: proxied.child, stderr: proxied.stderr, ms: 180_000 });
});

test.afterAll(async () => {
  await stopApps(apps);
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A client of `app` over IPv4 loopback, the address TRUSTED_PROXIES names. */
const clientOf = (app: LocalApp): Promise<APIRequestContext> => newRequest.newContext({ baseURL: app.url.replace("localhost", "127.0.0.1") });

/** Wrong sign-ins for new (unknown) accounts, each claiming another forwarded address. */
async function wrongSignIns(api: APIRequestContext, n: number, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api.post("/api/authenticate", {
      headers: { "x-forwarded-for": forwardedFor(i), "x-real-ip": forwardedFor(i) },
      data: { email: uniqueEmail(`ip${i}`), password: "Wrong-password-1" },
    });
    statuses.push(res.status());
  }
  return statuses;
}

test("without a trusted proxy, a new X-Forwarded-For does not reset the per-IP sign-in limit", async () => {
  const api = await clientOf(direct);
  const statuses = await wrongSignIns(api, LIMIT + 2, (i) => `203.0.113.${i + 1}`);
  // Past the address's allowance every sign-in must bring the security check (422).
  expect(statuses).toEqual([...Array(LIMIT).fill(401), 422, 422]);
  await api.dispose();
});

test("without a trusted proxy, a new X-Forwarded-For does not reset the per-IP checkout limit", async () => {
  const api = await clientOf(direct);
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 1; i++) statuses.push((await giveAsGuest(api, uniqueEmail(`ipcheckout${i}`), `198.51.100.${i + 1}`, { method: "us_bank_account" })).status());
  expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  await api.dispose();
});

test("behind TRUSTED_PROXIES=127.0.0.1 the forwarded address is believed and limited as itself", async () => {
  const api = await clientOf(proxied);
  // Each forwarded address is its own client...
  expect(await wrongSignIns(api, LIMIT + 1, (i) => `192.0.2.${i + 1}`)).toEqual(Array(LIMIT + 1).fill(401));
  const checkouts: number[] = [];
  for (let i = 0; i < LIMIT + 1; i++) checkouts.push((await giveAsGuest(api, uniqueEmail(`proxied${i}`), `192.0.2.${50 + i}`, { method: "us_bank_account" })).status());
  expect(checkouts).toEqual(Array(LIMIT + 1).fill(200));
  // ...and one forwarded address is limited like a direct client.
  expect(await wrongSignIns(api, LIMIT + 1, () => "192.0.2.200")).toEqual([...Array(LIMIT).fill(401), 422]);
  await api.dispose();
});
