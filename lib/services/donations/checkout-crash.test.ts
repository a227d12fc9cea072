/**
 * A checkout retried with the same idempotency key after the server was killed mid-request
 * makes one donation. A real child process (checkout-crash-child.ts) starts the
 * checkout and is SIGKILLed after its donation row is committed and before the provider
 * answers (held there by CHECKOUT_TEST_PAUSE_MS, honoured only with NODE_ENV=test); this
 * process then retries the same key. PostgreSQL when TEST_DATABASE_URL is set; otherwise a
 * PGlite folder database, reopened here once the killed child's folder lock has gone stale.
 */
import { giftsWithKey } from "@/lib/testing/service-fixtures";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { DatabaseLockedError, openPglite, openPostgres, setHandle, type DatabaseHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { createScratchDatabase } from "@/lib/db/scratch-database";
import { testDatabaseServer } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests, childProcessEnv } from "@/lib/env";
import { ensureMailQueue, stopMailQueue } from "@/lib/mail/queue";
import { checkoutSchema } from "@/lib/validations/donation";
import { fundraisers, organizations, paymentEvents } from "@/models";
import { startCheckout } from "./start-checkout";

jest.setTimeout(300_000);

const SECRET = "test-secret-for-checkout-crash-0123456789";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-checkout-crash-"));
const serverUrl = (() => {
  resetServerEnv();
  return testDatabaseServer();
})();
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let h: DatabaseHandle | undefined;
let child: ChildProcess | undefined;

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir });
  setEnvForTests({ NEXTAUTH_SECRET: SECRET });
  resetServerEnv();
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, "gb_test");
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await stopMailQueue();
  await h?.close();
  setHandle(undefined);
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined });
  resetServerEnv();
});

async function open(): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}

/** Open the PGlite folder once the killed process's lock is stale (proper-lockfile: 15 s without an update). */
async function reopen(): Promise<DatabaseHandle> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await open();
    } catch (err) {
      if (!(err instanceof DatabaseLockedError) || Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

/** Run the child checkout and SIGKILL it once it reports the donation recorded. */
function runAndKill(input: unknown): Promise<{ output: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    // The child is a plain Node process: no Jest VM-modules flag. It resolves "server-only" as a
    // server does (the react-server condition), since it runs the server's checkout.
    const inherited = childProcessEnv({ NODE_OPTIONS: undefined });
    child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(__dirname, "checkout-crash-child.ts"), JSON.stringify(input)], {
      cwd: process.cwd(),
      env: {
        ...inherited,
        NODE_ENV: "test",
        CHECKOUT_TEST_PAUSE_MS: "60000",
        NEXTAUTH_SECRET: SECRET,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        PAYMENT_PROVIDER: "sandbox",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const timer = setTimeout(() => {
      child?.kill("SIGKILL");
      reject(new Error(`the child never reached the provider call:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("checkout: donation recorded, calling the provider")) child?.kill("SIGKILL");
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (_code, signal) => {
      clearTimeout(timer);
      resolve({ output, signal });
    });
  });
}

test("a checkout retried with the same idempotency key after the server was killed mid-request makes one donation", async () => {
  // Prepare the database, then let the child have it (a PGlite folder admits one process).
  const setup = await open();
  await runMigrations(setup);
  const [org] = await setup.db
    .insert(organizations)
    .values({ name: "Northeast Kingdom Food Shelf", ein: "030288112", city: "Newport", state: "VT", claimed: true, sandboxConnectedAt: new Date() })
    .returning({ id: organizations.id });
  const [fundraiser] = await setup.db
    .insert(fundraisers)
    .values({ organizationId: org!.id, name: "Full Pantries", goalCents: 1_000_000 })
    .returning({ id: fundraisers.id });
  await setup.close();

  const input = {
    idempotencyKey: randomUUID(),
    organizationId: org!.id,
    campaignId: fundraiser!.id,
    amountCents: 4_321,
    name: "Kit Killed",
    email: "kit@example.org",
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
  };
  const killed = await runAndKill(input);
  expect(killed.signal).toBe("SIGKILL");
  expect(killed.output).not.toContain("checkout: finished");

  h = await reopen();
  setHandle(h);
  await ensureMailQueue();
  const rowsAfterKill = await giftsWithKey(h.db, input.idempotencyKey);
  expect(rowsAfterKill).toHaveLength(1);
  expect(rowsAfterKill[0]!.status).toBe("pending");
  const progress = async () => (await h!.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, fundraiser!.id)))[0]!.p;
  expect(await progress()).toBe(0);

  // The donor's browser retries with the same key: the donation completes, once.
  const parsed = checkoutSchema().parse(input);
  const retried = await startCheckout({ actor: null, input: parsed });
  const again = await startCheckout({ actor: null, input: parsed });
  expect(retried.donationId).toBe(rowsAfterKill[0]!.id);
  expect(again.donationId).toBe(retried.donationId);
  expect(retried.status).toBe("succeeded");
  expect(await giftsWithKey(h.db, input.idempotencyKey)).toHaveLength(1);
  expect(await progress()).toBe(4_321);
  const events = await h.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, retried.donationId));
  expect(events).toHaveLength(1);
});
