/**
 * Fresh, migrated databases for tests: PGlite in memory by default (on the test's own thread,
 * or in a worker thread as the served app runs it with TEST_PGLITE_WORKER=1), or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (created per call, dropped by
 * `close`). Each starts as a copy of the migrated template of lib/testing/database-template.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { openPglite, openPostgres, setHandle, type DatabaseHandle } from "./client";
import { runMigrations } from "./migrate";
import { createScratchDatabase } from "./scratch-database";
import { pgliteTemplate, postgresTemplate } from "@/lib/testing/database-template";

import { serverEnv } from "@/lib/env";

/**
 * The PostgreSQL server that tests run on (TEST_DATABASE_URL), or undefined for the embedded
 * database. Every test file that opens a database asks through here (createTestDatabase does),
 * and is then recorded as a database test: when TEST_DATABASE_FILES names a folder, the test
 * file's path is appended to `<folder>/<pid>.txt`. `npm test` (scripts/test.ts) runs only the
 * recorded files again on PostgreSQL; a test file that opens no database runs once.
 */
export function testDatabaseServer(): string | undefined {
  recordDatabaseTest();
  return serverEnv().TEST_DATABASE_URL;
}

const recorded = new Set<string>();

function recordDatabaseTest(): void {
  const folder = serverEnv().TEST_DATABASE_FILES;
  const testPath = typeof expect === "undefined" ? undefined : expect.getState().testPath;
  if (!folder || !testPath || recorded.has(testPath)) return;
  recorded.add(testPath);
  fs.mkdirSync(folder, { recursive: true });
  fs.appendFileSync(path.join(folder, `${process.pid}.txt`), `${testPath}\n`);
}

/** What a test process runs once a test database is open (lib/testing/install-subscribers.ts). */
const openedHooks: (() => Promise<void>)[] = [];

/**
 * Run `hook` whenever createTestDatabase has opened a database, before it returns. The test setup
 * installs the services' event subscribers this way: a test file that opens no database never
 * loads the services' module graph.
 */
export function onTestDatabaseOpened(hook: () => Promise<void>): void {
  openedHooks.push(hook);
}

/**
 * Create a fresh, migrated database and make it the process-wide handle (with the mail queue
 * on it), unless `options.processWide` is false: then it is a second database beside the
 * process-wide one, for a test that needs an untouched database of its own.
 * `close()` closes it and drops it on the server.
 */
export async function createTestDatabase(options: { processWide?: boolean } = {}): Promise<DatabaseHandle> {
  const serverUrl = testDatabaseServer();
  let handle: DatabaseHandle;
  if (!serverUrl) {
    handle = await openPglite("memory://", { thread: serverEnv().TEST_PGLITE_WORKER ? "worker" : "main", loadDataDir: await pgliteTemplate() });
  } else {
    const scratch = await createScratchDatabase(serverUrl, "gb_test", { template: await postgresTemplate(serverUrl) });
    const inner = await openPostgres(scratch.url);
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        await scratch.drop();
      },
    };
  }
  // A copy of the template is migrated already: this only compares it with ./drizzle's journal.
  await runMigrations(handle);
  for (const hook of openedHooks) await hook();
  if (options.processWide === false) return handle;
  setHandle(handle);
  // The mail queue must be started outside any transaction (see lib/mail/queue.ts).
  const { ensureMailQueue, stopMailQueue } = await import("@/lib/mail/queue");
  await ensureMailQueue();
  const close = handle.close;
  return {
    ...handle,
    close: async () => {
      await stopMailQueue();
      await close();
    },
  };
}
