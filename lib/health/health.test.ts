/**
 * GET /api/health, GET /api/ready and GET /api/metrics through their route files and route(),
 * on a real test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getHandle, openPostgres, setHandle, type DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { rowsOf } from "@/lib/db/rows";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { startMailWorker, stopMailQueue, ensureMailQueue } from "@/lib/mail/queue";
import { makeNonprofit } from "@/lib/testing/service-fixtures";
import { GET as health } from "@/app/api/(ops)/health/route";
import { GET as ready } from "@/app/api/(ops)/ready/route";
import { GET as metricsGet } from "@/app/api/(ops)/metrics/route";
import { POST as createPaymentIntent } from "@/app/api/(spec)/createPaymentIntent/route";
import { resetMigrationsCheck } from "./database";

const TOKEN = "metrics-token-for-tests-0123456789";
let h: DatabaseHandle;

beforeAll(async () => {
  setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-health-routes-0123456789", CHECKOUT_CHALLENGE: "off", METRICS_TOKEN: undefined });
  h = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await h.close();
  setEnvForTests({ NEXTAUTH_SECRET: undefined, CHECKOUT_CHALLENGE: undefined, METRICS_TOKEN: undefined });
});
beforeEach(() => resetMigrationsCheck());

/** Nothing of the configuration in an answer: no URL, host, port, database name or version. */
function expectNoConfiguration(text: string) {
  expect(text).not.toMatch(/postgres(ql)?:\/\/|127\.0\.0\.1|localhost|:5432|memory:\/\/|gb_test|PGlite|PostgreSQL \d|DATABASE_URL|DATA_DIR/i);
}

describe("GET /api/health", () => {
  test("answers 200 ok without a session, and says nothing else", async () => {
    const res = await call(health, { url: "/api/health" });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /api/ready", () => {
  test("200 when the database answers, migrations are current and the mail worker runs", async () => {
    await startMailWorker({ pollingIntervalSeconds: 30 });
    try {
      const res = await call(ready, { url: "/api/ready" });
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(JSON.parse(text)).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", queue: "ok" } });
      expectNoConfiguration(text);
    } finally {
      // The rest of the file works without a worker polling the one embedded connection.
      await stopMailQueue();
      await ensureMailQueue();
    }
  });

  test("503 naming the queue when the mail worker is not running", async () => {
    const res = await call(ready, { url: "/api/ready" });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", checks: { database: "ok", migrations: "ok", queue: "stopped" } });
  });

  test("503 naming migrations when the newest one is not applied", async () => {
    const [newest] = rowsOf(await h.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as { id: number; hash: string; created_at: string }[];
    await h.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await call(ready, { url: "/api/ready" });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: "unavailable", checks: { database: "ok", migrations: "pending" } });
    } finally {
      await h.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`);
    }
    resetMigrationsCheck();
    expect(await (await call(ready, { url: "/api/ready" })).json()).toMatchObject({ checks: { migrations: "ok" } });
  });

  test("503 naming the database when it cannot be reached, without revealing where it is", async () => {
    const processWide = await getHandle();
    const unreachable = await openPostgres("postgres://root@127.0.0.1:1/givebridge_nowhere", { connectionTimeoutMillis: 500 });
    setHandle(unreachable);
    try {
      const res = await call(ready, { url: "/api/ready" });
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(JSON.parse(text)).toMatchObject({ status: "unavailable", checks: { database: "unreachable" } });
      expectNoConfiguration(text);
    } finally {
      setHandle(processWide);
      await unreachable.close();
    }
  });
});

describe("GET /api/metrics", () => {
  afterEach(() => setEnvForTests({ METRICS_TOKEN: undefined }));

  test("404 while METRICS_TOKEN is unset, even with a bearer token", async () => {
    const res = await call(metricsGet, { url: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  test("401 without a token and with a wrong one", async () => {
    setEnvForTests({ METRICS_TOKEN: TOKEN });
    const none = await call(metricsGet, { url: "/api/metrics" });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      expect((await call(metricsGet, { url: "/api/metrics", headers: { authorization: wrong } })).status).toBe(401);
    }
  });

  test("200 in Prometheus's text format; the checkout counter moves after a sandbox gift", async () => {
    setEnvForTests({ METRICS_TOKEN: TOKEN });
    const scrape = async () => {
      const res = await call(metricsGet, { url: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      return res.text();
    };
    const succeeded = (text: string) => Number(/^givebridge_checkouts_total\{outcome="succeeded"\} (\d+)/m.exec(text)?.[1] ?? 0);
    const queued = (text: string) => Number(/^givebridge_mail_total\{event="queued"\} (\d+)/m.exec(text)?.[1] ?? 0);
    const before = await scrape();
    const { organizationId } = await makeNonprofit(h.db, "Metrics Hill Food Shelf");
    const gift = {
      idempotencyKey: randomUUID(),
      organizationId,
      amountCents: 2_500,
      method: "card",
      name: "Ada Guest",
      email: "ada@example.org",
      card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    };
    const res = await call(createPaymentIntent, { method: "POST", url: "/api/createPaymentIntent", json: gift });
    expect(res.status).toBe(200);
    const after = await scrape();
    expect(succeeded(after)).toBe(succeeded(before) + 1);
    expect(queued(after)).toBeGreaterThan(queued(before));
    // The sandbox confirms the card payment with a signed event, applied once.
    const applied = (text: string) => Number(/^givebridge_payment_events_applied_total\{effect="applied"\} (\d+)/m.exec(text)?.[1] ?? 0);
    expect(applied(after)).toBe(applied(before) + 1);
    expect(after).toMatch(/^givebridge_db_pool_connections\{state="total"\} \d+/m);
    expect(after).toMatch(/^givebridge_mail_oldest_queued_age_seconds \d/m);
    expectNoConfiguration(after.split("\n").filter((l) => !l.startsWith("#")).join("\n"));
  });
});
