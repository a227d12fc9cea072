/**
 * What GET /api/ready and GET /api/metrics ask of the database, cheaply enough for a probe every
 * few seconds: one `select 1` per readiness check; the migrations check is cached (a current
 * schema stays current for the life of the process; a pending one is looked at again after
 * MIGRATIONS_RECHECK_MS). Answers are words ("ok", "unreachable"...), never a URL, a host, a
 * version or an error text, so a probe learns nothing of the configuration.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { GaugeSample } from "@/lib/metrics";
import { getHandle, type Database } from "@/lib/db/client";
import { migrationsFolder } from "@/lib/db/migrate";
import { rowsOf } from "@/lib/db/rows";

/** A readiness probe gives up on the database after this long, in milliseconds. */
export const DATABASE_PROBE_TIMEOUT_MS = 2_000;
/** A pending or unknown migrations answer is re-checked after this long, in milliseconds. */
export const MIGRATIONS_RECHECK_MS = 30_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** "ok" when `select 1` answers within DATABASE_PROBE_TIMEOUT_MS, else "unreachable". */
export async function databaseCheck(db?: Database): Promise<"ok" | "unreachable"> {
  try {
    const target = db ?? (await withTimeout(getHandle(), DATABASE_PROBE_TIMEOUT_MS)).db;
    await withTimeout(target.execute(sql`select 1`), DATABASE_PROBE_TIMEOUT_MS);
    return "ok";
  } catch {
    return "unreachable";
  }
}

/** The creation time (ms since the epoch, drizzle-kit's `when`) of the newest migration in drizzle/. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

type MigrationsAnswer = "ok" | "pending" | "unknown";
const globalForHealth = globalThis as unknown as { __givebridgeMigrationsCheck?: { db: Database; answer: MigrationsAnswer; at: number } };

/**
 * "ok" when the database has applied the newest migration of drizzle/ (Drizzle records each
 * applied migration's `when` in drizzle.__drizzle_migrations.created_at, and applies in that
 * order), "pending" when it has not, "unknown" when it could not be read. "ok" is cached for
 * the process; other answers for MIGRATIONS_RECHECK_MS.
 */
export async function migrationsCheck(db: Database, now = Date.now()): Promise<MigrationsAnswer> {
  const cached = globalForHealth.__givebridgeMigrationsCheck;
  if (cached && cached.db === db && (cached.answer === "ok" || now - cached.at < MIGRATIONS_RECHECK_MS)) return cached.answer;
  let answer: MigrationsAnswer;
  try {
    const rows = rowsOf(await withTimeout(db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`), DATABASE_PROBE_TIMEOUT_MS)) as { newest: string | number | null }[];
    const applied = Number(rows[0]?.newest ?? 0);
    answer = applied >= newestMigrationMillis() ? "ok" : "pending";
  } catch (err) {
    // No migrations table yet (SQLSTATE 42P01 undefined_table, 3F000 invalid_schema_name): nothing applied.
    const code = (err as { code?: unknown; cause?: { code?: unknown } }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
    answer = code === "42P01" || code === "3F000" ? "pending" : "unknown";
  }
  globalForHealth.__givebridgeMigrationsCheck = { db, answer, at: now };
  return answer;
}

/** Forget the cached migrations answer (tests). */
export function resetMigrationsCheck(): void {
  globalForHealth.__givebridgeMigrationsCheck = undefined;
}

/**
 * The state gauges of GET /api/metrics: the pg pool's totalCount/idleCount/waitingCount (the
 * embedded database has one connection, reported as total 1, idle 1), and the age in seconds of
 * the oldest mail message waiting in pg-boss's queue (states created and retry).
 */
export async function sampleGauges(): Promise<GaugeSample> {
  const handle = await getHandle();
  const pool = handle.kind === "postgres" ? (handle.raw as import("pg").Pool) : null;
  let oldest = 0;
  try {
    const rows = rowsOf(
      await handle.db.execute(
        sql`select coalesce(extract(epoch from now() - min(created_on)), 0) as age from pgboss.job where name = 'mail' and state in ('created', 'retry')`,
      ),
    ) as { age: string | number }[];
    oldest = Math.max(0, Number(rows[0]?.age ?? 0));
  } catch {
    oldest = 0;
  }
  return {
    pool: pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : { total: 1, idle: 1, waiting: 0 },
    oldestQueuedMailSeconds: oldest,
  };
}
