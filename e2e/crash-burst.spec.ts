import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createScratchDatabase, type ScratchDatabase } from "../lib/db/scratch-database";
import { addFundraiser, checkCrashBurst, crashBurst, CRASH_BURST_APP_ENV, progressCents, startMailCatcher, type MailCatcher } from "../scripts/crash-burst";
import { serveApp, stopApps, waitForApp, type LocalApp } from "../scripts/local-app";

/**
 * A crash mid-burst loses nothing: two app processes (`npm run serve`) on one fresh PostgreSQL
 * database, both delivering mail to a real SMTP server; a burst of sandbox guest gifts over
 * both; process A is SIGKILLed after ~30 % of the requests were sent, the requests lost with it
 * are retried on B with the same idempotency key and body, and A is restarted. Then: every gift
 * succeeded once or is not charged, no key charged twice, progress equals the sum of succeeded
 * gifts to the cent, each succeeded gift has exactly one receipt (a receipt held by the killed
 * worker is sent by another once its job expires: MAIL_JOB_EXPIRE_SECONDS, here 20 s so that
 * the wait is a third of the default's; lib/mail/queue.ts), sent once but for the few sends the kill cut off after the SMTP server
 * accepted them, repeated with the same Message-ID, and no job is stuck in the queue
 * (scripts/crash-burst.ts lists the checks).
 *
 * The burst here is 300 gifts so that the test ends in about two minutes on two busy cores
 * (much of it the wait for the killed worker's mail jobs to expire);
 * `npm run bench:donate -- --pg --crash` runs the same with 1,000. Needs the build of the e2e
 * stage and the PostgreSQL server of TEST_DATABASE_URL.
 */
const pgServer = process.env.TEST_DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
const GIFTS = 300;

let scratch: ScratchDatabase;
let mail: MailCatcher;
let uploadsDir: string;
const apps: LocalApp[] = [];

test.describe.configure({ mode: "serial", timeout: 420_000 });

test.beforeAll(async () => {
  scratch = await createScratchDatabase(pgServer, "gb_e2e_crash");
  mail = await startMailCatcher();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-e2e-crash-"));
});

test.afterAll(async () => {
  await stopApps(apps.filter((a) => a.child.exitCode === null && a.child.signalCode === null));
  await mail?.close();
  await scratch?.drop();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

test("a process killed (SIGKILL) mid-burst and restarted loses no gift, charges none twice and gives each gift one receipt", async () => {
  // Away from the suite's own app (E2E_PORT) and the other specs' processes (E2E_PORT + 1 .. + 4).
  const base = Number(process.env.E2E_PORT ?? 3100);
  const ports = [base + 5, base + 6];
  const publicUrl = `http://localhost:${ports[0]}`;
  const env = {
    ...CRASH_BURST_APP_ENV,
    DATABASE_URL: scratch.url,
    DATA_DIR: uploadsDir,
    NEXTAUTH_URL: publicUrl,
    NEXTAUTH_SECRET: "crash-burst-e2e-secret-0123456789abcdef",
    SMTP_URL: mail.url,
    MAIL_JOB_EXPIRE_SECONDS: "20",
  };
  const start = (port: number) => {
    const app = serveApp(port, env);
    apps.push(app);
    return app;
  };
  const [a, b] = [start(ports[0]!), start(ports[1]!)];
  await Promise.all([a, b].map((app) => waitForApp(app.url, { child: app.child, stderr: app.stderr, ms: 180_000 })));
  const target = await addFundraiser(scratch.url);
  const progressBefore = await progressCents(scratch.url, target.campaignId);

  const burst = await crashBurst({ a, b, restartA: () => start(ports[0]!), target, gifts: GIFTS, connections: 20 });
  expect(a.child.signalCode).toBe("SIGKILL");
  // The kill landed mid-burst: some requests were lost with A and sent again to B.
  expect(burst.sentAtKill).toBeGreaterThanOrEqual(GIFTS * 0.25);
  expect(burst.retried).toBeGreaterThan(0);

  const checks = await checkCrashBurst({ databaseUrl: scratch.url, fundraiserId: target.campaignId, progressBefore, gifts: burst.gifts, mail, drainMs: 240_000 });
  console.log(`${GIFTS} gifts in ${burst.seconds.toFixed(1)} s; A killed after ${burst.sentAtKill} were sent; ${burst.retried} retried on B`);
  for (const c of checks) console.log(`${c.ok ? "PASS" : "FAIL"}: ${c.name} (${c.detail})`);
  for (const c of checks) expect.soft(c.ok, `${c.name}: ${c.detail}`).toBe(true);
  expect(checks.every((c) => c.ok)).toBe(true);
});
