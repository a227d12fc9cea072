/**
 * Applies the drizzle-kit migrations in ./drizzle to a database handle. Idempotent: applied
 * migrations are recorded by Drizzle and skipped. On a PostgreSQL server an advisory lock
 * keeps two starting processes from migrating at once.
 */
import "server-only";
import path from "node:path";
import type { DatabaseHandle } from "./client";

/** Folder of the generated SQL migrations. */
export const migrationsFolder = path.join(process.cwd(), "drizzle");

const MIGRATION_LOCK_KEY = 7_231_950_114;

/** Bring the database's schema up to date. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder });
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = handle.raw as import("pg").Pool;
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(handle.db as never, { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}
