/**
 * Fresh, migrated databases for tests: PGlite in memory by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (created per call, dropped by `close`).
 */
import { randomBytes } from "node:crypto";
import { openPglite, openPostgres, setHandle, type DatabaseHandle } from "./client";
import { runMigrations } from "./migrate";

import { serverEnv } from "@/lib/env";

function testDatabaseUrl(): string | undefined {
  return serverEnv().TEST_DATABASE_URL;
}

/**
 * Create a fresh, migrated database and make it the process-wide handle.
 * `close()` closes it and drops it on the server.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testDatabaseUrl();
  let handle: DatabaseHandle;
  if (!serverUrl) {
    handle = await openPglite("memory://");
  } else {
    const { Client } = await import("pg");
    const name = `gb_test_${randomBytes(6).toString("hex")}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const inner = await openPostgres(url.toString());
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        const dropper = new Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  await runMigrations(handle);
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
