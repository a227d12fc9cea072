import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, request as newRequest, type APIRequestContext } from "@playwright/test";
import { createClient } from "@redis/client";
import { Client } from "pg";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { createScratchDatabase, type ScratchDatabase } from "../lib/db/scratch-database";
import { serveApp, stopApps, waitForApp, type LocalApp } from "../scripts/local-app";
import { demoFundraiser, giveAsGuest, PASSWORD, uniqueEmail, test } from "./fixtures";

/**
 * The production shape: two app processes (`npm run serve`, behind a load balancer) on one
 * fresh PostgreSQL database, sharing the auth secret, the uploads folder and an SMTP server.
 * Both start at once on the empty database: migrations and the demo data must happen once;
 * a session made on one works on the other; sign-in limits are counted across both; a
 * donation's receipt is sent once although both deliver mail; an uploaded image is served by
 * both; both read and invalidate one page cache on Redis, so a change made through either shows
 * on the other's cached pages. Needs the build of the e2e stage, the PostgreSQL server of
 * TEST_DATABASE_URL and the Redis server of E2E_REDIS_URL (.ci/run starts both).
 */
const pgServer = process.env.TEST_DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
const redisServer = process.env.E2E_REDIS_URL || "redis://127.0.0.1:6379";
/** This run's keys in Redis: parallel or earlier runs on the same Redis never meet. */
const redisKeyPrefix = `givebridge-e2e-${process.pid}-${Date.now()}:`;
/** Checkout attempts allowed per IP address in the window (CHECKOUT_IP_MAX_ATTEMPTS) for both processes. */
const CHECKOUT_IP_LIMIT = 6;

let scratch: ScratchDatabase;
let smtp: SMTPServer;
const received: { to: string; subject: string; raw: string }[] = [];
const apps: LocalApp[] = [];
let uploadsDir: string;
let publicUrl: string;

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  // Both processes start at once on an empty database: up to waitForApp's 180 s on a busy machine.
  test.setTimeout(300_000);
  // Said at once rather than as a wrong page later: the shared page cache needs Redis.
  const redis = createClient({ url: redisServer });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`no Redis at ${redisServer} (set E2E_REDIS_URL): ${(err as Error).message}`);
  } finally {
    await redis.close().catch(() => undefined);
  }
  scratch = await createScratchDatabase(pgServer, "gb_e2e_two");
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
        for (const r of session.envelope.rcptTo) received.push({ to: r.address, subject, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as net.AddressInfo).port;
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-e2e-two-"));
  // Next to the suite's own app (E2E_PORT), so that parallel suites on other ports do not meet.
  const base = Number(process.env.E2E_PORT ?? 3100);
  const ports = [base + 1, base + 2];
  // Behind a load balancer both processes answer for one public address.
  publicUrl = `http://localhost:${ports[0]}`;
  for (const port of ports) {
    apps.push(
      serveApp(port, {
        DATABASE_URL: scratch.url,
        DATA_DIR: uploadsDir,
        DEMO_DATA: "1",
        NEXTAUTH_URL: publicUrl,
        NEXTAUTH_SECRET: "two-process-e2e-secret-0123456789abcdef",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        REDIS_URL: redisServer,
        REDIS_KEY_PREFIX: redisKeyPrefix,
        // The load balancer in front of both processes: its X-Forwarded-For is believed.
        TRUSTED_PROXIES: "127.0.0.1,::1",
        // Scripted guests cannot solve the browser's proof-of-work challenge; the per-IP checkout
        // limit is small so that the test can reach it across both processes.
        CHECKOUT_CHALLENGE: "off",
        CHECKOUT_IP_MAX_ATTEMPTS: String(CHECKOUT_IP_LIMIT),
        CHECKOUT_DEVICE_MAX_ATTEMPTS: "1000",
        CHECKOUT_CARD_MAX_ATTEMPTS: "1000",
      }),
    );
  }
  await Promise.all(apps.map((a) => waitForApp(a.url, { child: a.child, stderr: a.stderr, ms: 180_000 })));
});

test.afterAll(async () => {
  await stopApps(apps);
  await dropRedisKeys();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await scratch?.drop();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

/** Remove this run's page cache from Redis. */
async function dropRedisKeys(): Promise<void> {
  const redis = createClient({ url: redisServer });
  try {
    await redis.connect();
    const keys: string[] = [];
    for await (const batch of redis.scanIterator({ MATCH: `${redisKeyPrefix}*`, COUNT: 500 })) keys.push(...batch);
    if (keys.length) await redis.unlink(keys);
  } finally {
    await redis.close().catch(() => undefined);
  }
}

/** The amount raised a fundraiser page shows ("$1,250.00"), and whether Next served it from its cache. */
async function fundraiserPage(api: APIRequestContext, fundraiserId: string): Promise<{ raised: string | undefined; cached: boolean }> {
  const res = await api.get(`/fundraiser/${fundraiserId}`);
  expect(res.status()).toBe(200);
  const raised = />(\$[\d,]+\.\d\d)<\/span><span class="text-ink-muted">raised of/.exec(await res.text())?.[1];
  return { raised, cached: res.headers()["x-nextjs-cache"] === "HIT" };
}

/** "$1,250.00" -> 125000 (cents). */
function cents(dollars: string | undefined): number {
  return Math.round(Number((dollars ?? "").replace(/[$,]/g, "")) * 100);
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: scratch.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** An API client for one process, sending the public origin as a browser on the site would. */
async function clientFor(url: string, cookiesFrom?: APIRequestContext): Promise<APIRequestContext> {
  return newRequest.newContext({
    baseURL: url,
    extraHTTPHeaders: { origin: publicUrl },
    storageState: cookiesFrom ? await cookiesFrom.storageState() : undefined,
  });
}

/** Sign in with next-auth's credentials callback (what the login form posts). */
async function signIn(api: APIRequestContext, email: string, password = PASSWORD): Promise<boolean> {
  const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await api.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" } });
  const body = (await res.json().catch(() => ({}))) as { url?: string };
  return res.ok() && !!body.url && !body.url.includes("error=");
}

test("two processes starting at once on an empty database migrate it once and load the demo data once", async () => {
  const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };
  const [migrations] = await query<{ n: string }>("select count(*) as n from drizzle.__drizzle_migrations");
  expect(Number(migrations!.n)).toBe(journal.entries.length);
  const duplicates = await query("select organization_id, name from campaigns group by organization_id, name having count(*) > 1");
  expect(duplicates).toEqual([]);
  const [orgs] = await query<{ n: string; eins: string }>("select count(*) as n, count(distinct ein) as eins from organizations");
  expect(Number(orgs!.n)).toBeGreaterThan(6000);
  expect(orgs!.n).toBe(orgs!.eins);
});

test("a session made on one process works on the other", async () => {
  const email = uniqueEmail("two");
  const a = await clientFor(apps[0]!.url);
  expect((await a.post("/api/register/individual", { data: { firstName: "Two", lastName: "Process", email, password: PASSWORD } })).status()).toBe(201);
  expect(await signIn(a, email)).toBe(true);
  const b = await clientFor(apps[1]!.url, a);
  const session = (await (await b.get("/api/auth/session")).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(email);
  await a.dispose();
  await b.dispose();
});

test("a gift on one process shows on the other's cached fundraiser page within 2 s", async () => {
  const a = await clientFor(apps[0]!.url);
  const b = await clientFor(apps[1]!.url);
  const fundraiserId = (await demoFundraiser(a))._id; // the fundraiser giveAsGuest gives to
  // B renders the page once; from then on both processes serve it from the one cache.
  await fundraiserPage(b, fundraiserId);
  const before = await fundraiserPage(b, fundraiserId);
  expect(before.cached).toBe(true);
  expect(before.raised).toBeDefined();
  expect((await fundraiserPage(a, fundraiserId)).cached).toBe(true);

  const res = await giveAsGuest(a, uniqueEmail("cache-gift"), "127.0.0.1");
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { status?: string }).status).toBe("succeeded");
  const given = Date.now();
  await expect
    .poll(async () => cents((await fundraiserPage(b, fundraiserId)).raised), { timeout: 2_000, intervals: [100] })
    .toBe(cents(before.raised) + 2500);
  expect(Date.now() - given).toBeLessThan(2_000);
  await a.dispose();
  await b.dispose();
});

test("a profile edit on one process shows on the other's cached profile page at once", async () => {
  const a = await clientFor(apps[0]!.url);
  const b = await clientFor(apps[1]!.url);
  const email = uniqueEmail("cache-np");
  // TOWN HALL THEATER INC, Middlebury VT, from the demo directory (this run's own database).
  const registered = await b.post("/api/register/nonprofit", { data: { firstName: "Cache", lastName: "Owner", email, password: PASSWORD, ein: "03-0358794" } });
  expect(registered.status()).toBe(201);
  expect(await signIn(b, email)).toBe(true);
  // The claim is verified as the organization does it: a link mailed to an address at its
  // domain (the account's own, at example.org), confirmed with one POST.
  expect((await b.post("/api/claim/email", { data: { website: "https://example.org", email } })).status()).toBe(200);
  let token = "";
  await expect
    .poll(() => (token = /\/confirm\/claim\/([A-Za-z0-9_-]+)/.exec(received.find((m) => m.to === email)?.raw.replace(/=\r?\n/g, "") ?? "")?.[1] ?? ""), { timeout: 30_000 })
    .not.toBe("");
  expect((await a.post("/api/claim/confirm", { data: { token } })).status()).toBe(200);
  const { nonprofit } = (await (await b.get("/api/getNonprofit")).json()) as { nonprofit: { _id: string } };
  const profile = `/nonprofit/${nonprofit._id}`;
  const mission = `Plays for every town, edited ${Date.now()}`;
  // An anonymous visitor of A gets the profile from the cache, without the new mission.
  await a.get(profile);
  const cached = await a.get(profile);
  expect(cached.headers()["x-nextjs-cache"]).toBe("HIT");
  expect(await cached.text()).not.toContain(mission);

  const saved = await b.put("/api/updateNP", { data: { npID: nonprofit._id, mission } });
  expect(saved.status()).toBe(200);
  // The very next visit of A, with no wait and no retry.
  const after = await a.get(profile);
  expect(after.status()).toBe(200);
  expect(await after.text()).toContain(mission);
  await a.dispose();
  await b.dispose();
});

test("failed sign-ins are counted across both processes", async () => {
  const email = uniqueEmail("limits");
  const a = await clientFor(apps[0]!.url);
  const b = await clientFor(apps[1]!.url);
  expect((await a.post("/api/register/individual", { data: { firstName: "Lim", lastName: "Its", email, password: PASSWORD } })).status()).toBe(201);
  // LOGIN_MAX_FAILURES (5) wrong passwords, alternating processes: each saw fewer than 5.
  for (let i = 0; i < 5; i++) {
    const res = await (i % 2 === 0 ? a : b).post("/api/authenticate", { data: { email, password: `Wrong-password-${i}` } });
    expect(res.status()).toBe(401);
  }
  const locked = await b.post("/api/authenticate", { data: { email, password: PASSWORD } });
  expect(locked.status()).toBe(429);
  expect(await signIn(a, email)).toBe(false);
  await a.dispose();
  await b.dispose();
});

test("a donation's receipt and thank-you are each sent once although both processes deliver mail", async () => {
  const a = await clientFor(apps[0]!.url);
  const email = uniqueEmail("receipt");
  const res = await giveAsGuest(a, email, "127.0.0.1");
  const body = (await res.json()) as { status?: string; message?: string };
  expect(res.status(), body.message).toBe(200);
  expect(body.status).toBe("succeeded");
  await expect.poll(() => received.filter((m) => m.to === email).length, { timeout: 30_000 }).toBeGreaterThan(0);
  // Both workers poll the queue: count once no mail job is left to run (created, retrying or
  // running), so a duplicate delivery would already have arrived.
  // The organization's thank-you goes through its own queue first, then the mail queue.
  const pendingMail = async () =>
    (await query<{ n: number }>("select count(*)::int as n from pgboss.job where name in ('mail', 'thank-you') and state in ('created', 'retry', 'active')"))[0]!.n;
  await expect.poll(pendingMail, { timeout: 30_000 }).toBe(0);
  const mine = received.filter((m) => m.to === email);
  expect(mine.filter((m) => /receipt/i.test(m.subject))).toHaveLength(1);
  // Besides the receipt, only the organization's one thank-you.
  expect(mine.filter((m) => !/receipt/i.test(m.subject))).toHaveLength(1);
  await a.dispose();
});

test("an image uploaded through one process is served by the other", async () => {
  const email = uniqueEmail("upload");
  const a = await clientFor(apps[0]!.url);
  expect((await a.post("/api/register/individual", { data: { firstName: "Up", lastName: "Load", email, password: PASSWORD } })).status()).toBe(201);
  expect(await signIn(a, email)).toBe(true);
  const { user } = (await (await a.get("/api/auth/session")).json()) as { user: { _id: string } };
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toBuffer();
  const upload = await a.post("/api/images", {
    multipart: {
      field: "profileImg",
      identifier: user._id,
      croppedImageFileName: "me.jpg",
      croppedImage: { name: "me.jpg", mimeType: "image/png", buffer: png },
    },
  });
  expect(upload.status()).toBe(200);
  const { url } = (await upload.json()) as { url: string };
  const b = await clientFor(apps[1]!.url);
  const served = await b.get(new URL(url, apps[1]!.url).pathname);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^image\//);
  await a.dispose();
  await b.dispose();
});

test("checkout limits are counted across both processes", async () => {
  const a = await clientFor(apps[0]!.url);
  const b = await clientFor(apps[1]!.url);
  // The load balancer's X-Forwarded-For names one client address for every attempt. Bank
  // payments stay processing, so each keeps its point (a card payment that succeeds gives it back).
  const ip = "198.51.100.7";
  const statuses: number[] = [];
  for (let i = 0; i < CHECKOUT_IP_LIMIT + 1; i++) statuses.push((await giveAsGuest(i % 2 === 0 ? a : b, uniqueEmail(`limit${i}`), ip, { method: "us_bank_account" })).status());
  expect(statuses.slice(0, CHECKOUT_IP_LIMIT)).toEqual(Array(CHECKOUT_IP_LIMIT).fill(200));
  expect(statuses[CHECKOUT_IP_LIMIT]).toBe(429);
  await a.dispose();
  await b.dispose();
});

test("a graceful stop (SIGTERM) answers the checkouts in flight; every gift that succeeded gets its receipt once", async () => {
  const b = await clientFor(apps[1]!.url);
  const stopping = apps[1]!;
  const exited = new Promise<number | null>((resolve) => stopping.child.once("exit", (code) => resolve(code)));
  // A burst of guest gifts to the process about to stop, each from its own address (the per-address limit is small).
  const emails = Array.from({ length: 12 }, (_, i) => uniqueEmail(`stop${i}`));
  const burst = emails.map((email, i) => giveAsGuest(b, email, `203.0.113.${10 + i}`));
  // The stop comes while checkouts are in flight: once the first of them has recorded its gift.
  const recorded = async () => (await query<{ n: number }>("select count(*)::int as n from donations where donor_email = any($1)", [emails]))[0]!.n;
  await expect.poll(recorded, { timeout: 20_000, intervals: [20] }).toBeGreaterThan(0);
  const signaled = Date.now();
  stopping.child.kill("SIGTERM");
  const results = await Promise.allSettled(burst);
  expect(await exited).toBe(143);
  // It stopped because its work was done, not because the stop's time limit (25 s) ran out.
  expect(Date.now() - signaled).toBeLessThan(15_000);

  const succeeded: string[] = [];
  for (const [i, r] of results.entries()) {
    if (r.status !== "fulfilled") continue;
    // A request the stopping process accepted is answered in full, never cut off (one it no
    // longer accepted fails to connect and is left out: the donor's browser retries it).
    expect(r.value.status()).toBe(200);
    const body = (await r.value.json()) as { status?: string };
    if (r.value.status() === 200 && body.status === "succeeded") succeeded.push(emails[i]!);
  }
  expect(succeeded.length).toBeGreaterThan(0);
  // Its queued receipts were sent by it before it exited, or are sent by the other process.
  const pendingMail = async () =>
    (await query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')"))[0]!.n;
  await expect.poll(pendingMail, { timeout: 60_000 }).toBe(0);
  for (const email of succeeded) {
    expect(received.filter((m) => m.to === email && /receipt/i.test(m.subject))).toHaveLength(1);
    const gifts = await query<{ n: number }>("select count(*)::int as n from donations where donor_email = $1 and status = 'succeeded'", [email]);
    expect(gifts[0]!.n).toBe(1);
  }
  await b.dispose();
});
