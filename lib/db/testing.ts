/**
 * Fresh, migrated databases for tests: PGlite in memory by default (on the test's own thread,
 * or in a worker thread as the served app runs it with TEST_PGLITE_WORKER=1), or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (created per call, dropped by
 * `close`).
 */
import { openPglite, openPostgres, setHandle, type DatabaseHandle } from "./client";
import { runMigrations } from "./migrate";
import { createScratchDatabase } from "./scratch-database";

import { serverEnv } from "@/lib/env";

function testDatabaseUrl(): string | undefined {
  return serverEnv().TEST_DATABASE_URL;
}

/**
 * Create a fresh, migrated database and make it the process-wide handle (with the mail queue
 * on it), unless `options.processWide` is false: then it is a second database beside the
 * process-wide one, for a test that needs an untouched database of its own.
 * `close()` closes it and drops it on the server.
 */
export async function createTestDatabase(options: { processWide?: boolean } = {}): Promise<DatabaseHandle> {
  const serverUrl = testDatabaseUrl();
  let handle: DatabaseHandle;
  if (!serverUrl) {
    handle = await openPglite("memory://", { thread: serverEnv().TEST_PGLITE_WORKER ? "worker" : "main" });
  } else {
    const scratch = await createScratchDatabase(serverUrl, "gb_test");
    const inner = await openPostgres(scratch.url);
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        await scratch.drop();
      },
    };
  }
  await runMigrations(handle);
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
