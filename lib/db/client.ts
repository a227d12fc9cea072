/**
 * The database handle: embedded PGlite in DATA_DIR when DATABASE_URL is unset (for the
 * process-wide handle in a worker thread, so its statements do not hold the server's event
 * loop), otherwise a `pg` pool on that PostgreSQL server. One handle per process, kept on globalThis, because
 * Next evaluates this module more than once per process.
 *
 * PGlite has no lock of its own, so opening a PGlite folder takes an exclusive lock on it
 * (proper-lockfile); a second process gets DatabaseLockedError instead of corrupting data.
 * A new folder is initialised (initdb) in a short-lived child process, so that the long-running
 * process does not keep initdb's memory.
 */
import "server-only";
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import lockfile from "proper-lockfile";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/models";
import { pgliteCreateOptions } from "./pglite-setup";
import { WorkerPglite, type PgliteClient } from "./pglite-thread";
import { serverEnv } from "@/lib/env";
import { logger } from "@/lib/logger";

export type Schema = typeof schema;
/** A Drizzle database on either driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction: what services accept to join a caller's transaction. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Raised when another process holds the PGlite data folder. */
export class DatabaseLockedError extends Error {
  constructor(public readonly dataDir: string) {
    super(
      `The database folder ${dataDir} is in use by another Givebridge process. ` +
        `Stop that process first (only one process may open an embedded database), ` +
        `or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = "DatabaseLockedError";
  }
}

type Handle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Run raw SQL (several statements allowed on PGlite; one on pg). */
  exec: (sql: string) => Promise<void>;
  close: () => Promise<void>;
  /**
   * The underlying client for libraries that need one (pg-boss, migration locks): a `pg` Pool,
   * or a PgliteClient (PGlite itself, or its worker thread's client; lib/db/pglite-thread.ts).
   */
  raw: unknown;
};

const globalForDb = globalThis as unknown as { __givebridgeDb?: Promise<Handle> };

/** Where initdb of a new folder ran: "child" normally, "in-process" when PGlite cannot be located for a child. */
export type PgliteInit = "child" | "in-process" | "none";

/** Node program run by initPgliteFolder: argv = [PGlite's CommonJS entry, data folder]. */
const INITDB_PROGRAM = `const [entry, dir] = process.argv.slice(1);
require(entry).PGlite.create(dir).then((db) => db.close()).then(
  () => process.exit(0),
  (err) => { console.error(err && err.message ? err.message : String(err)); process.exit(1); },
);`;

/**
 * Create the PostgreSQL cluster of a new PGlite folder (`target`, without PG_VERSION) in a child
 * process. PGlite runs initdb in a WebAssembly instance of its own: done in this process it
 * raises the resident memory to about 800 MB and leaves about 150 MB more behind for the life of
 * the process (measured on PGlite 0.5); in a child that memory is returned when it exits.
 * @returns "none" for an existing cluster, "child", or "in-process" when PGlite's package cannot
 *   be resolved from the working folder (PGlite.create then runs initdb itself).
 * @throws Error naming the folder and the child's message when initdb fails.
 */
export async function initPgliteFolder(target: string): Promise<PgliteInit> {
  if (fs.existsSync(path.join(target, "PG_VERSION"))) return "none";
  let entry: string;
  try {
    entry = createRequire(path.join(process.cwd(), "package.json")).resolve("@electric-sql/pglite");
  } catch {
    return "in-process";
  }
  try {
    await promisify(execFile)(process.execPath, ["-e", INITDB_PROGRAM, entry, target], { timeout: 180_000, maxBuffer: 1 << 20 });
  } catch (err) {
    const e = err as Error & { stderr?: string };
    const reason = (e.stderr ?? "").trim().split("\n").pop() || e.message;
    throw new Error(`Could not create the embedded database in ${target}: ${reason}`);
  }
  return "child";
}

/** Where PGlite runs: "worker" (its own thread, the served app) or "main" (this thread: tests, CLI scripts). */
export type PgliteThread = "worker" | "main";

/**
 * Open a PGlite database. `dataDir` is a folder path, or "memory://" for a throw-away one.
 * A folder is locked exclusively for this process; a new folder is first initialised by
 * initPgliteFolder. With `thread: "worker"` PGlite runs in a worker thread
 * (lib/db/pglite-thread.ts) and its statements no longer hold this thread's event loop;
 * `onCrash` is then called if that thread dies. The handle is the same either way.
 * `loadDataDir`: for "memory://", the path of a tar file of a data folder (PGlite
 * dumpDataDir) that the database starts from, instead of an empty cluster.
 * @throws DatabaseLockedError when another process holds the folder; Error when a new folder's
 *   initdb fails or PGlite does not open.
 */
export async function openPglite(dataDir: string, options: { thread?: PgliteThread; onCrash?: (err: Error) => void; loadDataDir?: string } = {}): Promise<Handle> {
  const { drizzle } = await import("drizzle-orm/pglite");
  let release: (() => void) | undefined;
  let target = dataDir;
  if (!dataDir.startsWith("memory://")) {
    target = path.resolve(dataDir, "pgdata");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    release = lockFolder(path.dirname(target));
    try {
      await initPgliteFolder(target);
    } catch (err) {
      release();
      throw err;
    }
  }
  const sharedBuffers = serverEnv().PGLITE_SHARED_BUFFERS;
  let client: PgliteClient;
  try {
    if (options.thread === "worker") {
      client = await WorkerPglite.start({ target, sharedBuffers, loadDataDir: options.loadDataDir }, { onCrash: options.onCrash });
    } else {
      const { PGlite } = await import("@electric-sql/pglite");
      client = await PGlite.create(target, await pgliteCreateOptions(sharedBuffers, options.loadDataDir));
    }
  } catch (err) {
    release?.();
    throw err;
  }
  const db = drizzle({ client: client as import("@electric-sql/pglite").PGlite, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    raw: client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      await client.close();
      release?.();
    },
  };
}

/**
 * Take the exclusive lock of a PGlite data folder (DATA_DIR) for this process; returns its release.
 * @throws DatabaseLockedError when another process holds it.
 */
export function lockFolder(folder: string): () => void {
  try {
    return lockfile.lockSync(folder, {
      lockfilePath: path.join(folder, "givebridge.lock"),
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised: (err: Error) => {
        // Another process took the folder over: stop writing at once rather than corrupt it.
        console.error(`Lost the lock on ${folder}: ${err.message}`);
        process.exit(1);
      },
    } as Parameters<typeof lockfile.lockSync>[1]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") throw new DatabaseLockedError(folder);
    throw err;
  }
}

/**
 * Settings of the served app's PostgreSQL pool (openConfigured), for one Node process on a
 * small machine (2 cores here), and why:
 * - `max` 10 (DATABASE_POOL_MAX): one Node process keeps at most about 2 x cores statements
 *   busy in PostgreSQL; the rest of 10 covers connections held while waiting on a row lock
 *   (donations to one fundraiser), pg-boss's fetches and the locks held while a queue is
 *   created. More connections only queue inside PostgreSQL (each is a process there, with its
 *   own memory), and N app processes x max must stay under the server's max_connections
 *   (100 by default): 10 leaves room for 9 processes.
 * - `idleTimeoutMillis` 30 s: an idle connection is closed after a quiet half-minute, not
 *   after pg's 10 s, so bursts a few seconds apart reuse warm connections instead of starting
 *   PostgreSQL backends again.
 * - `connectionTimeoutMillis` 10 s: when all connections stay busy, a request fails with an
 *   error after 10 s instead of waiting forever (pg's default).
 * - `statement_timeout` 30 s: one runaway statement cannot hold a connection (a tenth of the
 *   pool) for minutes; the slowest statement of a request is a search on the full directory,
 *   well under a second. Migrations run on a pool of their own without it (lib/server/startup.ts).
 * - `idle_in_transaction_session_timeout` 60 s: a transaction left open by a bug releases its
 *   locks and its connection.
 */
export const SERVER_POOL = {
  idleTimeoutMillis: 30_000,
  connectionTimeoutMillis: 10_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
} as const;

/** Options of openPostgres; unset = pg's defaults (no timeouts), `max` 10. */
export type PostgresPoolOptions = {
  max?: number;
  idleTimeoutMillis?: number;
  connectionTimeoutMillis?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
};

/** Open a `pg` pool on a PostgreSQL server (`options`: see SERVER_POOL for the served app's). */
export async function openPostgres(url: string, options: PostgresPoolOptions = {}): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: options.idleTimeoutMillis,
    connectionTimeoutMillis: options.connectionTimeoutMillis,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
    application_name: "givebridge",
    // A capped read of a large table (a LIMIT over a sequential scan, as a broad search's
    // candidates are) starts at the table's first page, not where the last such scan stopped
    // (PostgreSQL's synchronize_seqscans, for tables over a quarter of shared_buffers): the same
    // search then gives the same results every time, and its pages follow one another.
    options: "-c synchronize_seqscans=off",
  });
  // An idle client that loses its connection (server restart, a dropped test database) must
  // not crash the process: the pool replaces it on the next query.
  pool.on("error", (err) => logger.warn("idle PostgreSQL connection lost", { code: (err as { code?: string }).code }));
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    raw: pool,
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

/**
 * The configured database: DATABASE_URL, else PGlite in DATA_DIR. For the served app
 * (`batch` false) a pool with SERVER_POOL's settings, or PGlite in a worker thread unless
 * PGLITE_WORKER=0; the database thread dying then stops the process (exit code 1): nothing
 * could answer any more, and a supervisor can restart it. For a batch job (`batch` true:
 * migrate, seed, import) PGlite on the caller's thread and a pool without timeouts, as its
 * statements may run long and nothing else waits on its thread.
 */
function openConfigured(batch: boolean): Promise<Handle> {
  const env = serverEnv();
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, batch ? {} : { ...SERVER_POOL, max: env.DATABASE_POOL_MAX });
  if (batch || !env.PGLITE_WORKER) return openPglite(env.DATA_DIR);
  return openPglite(env.DATA_DIR, {
    thread: "worker",
    onCrash: (err) => {
      console.error(`${err.message}. Stopping.`);
      process.exit(1);
    },
  });
}

/**
 * The process-wide database handle, opened on first use (`options.batch`: open it for a
 * batch job, see openConfigured; only the first call's options count).
 * @throws DatabaseLockedError (PGlite folder in use by another process).
 */
export function getHandle(options: { batch?: boolean } = {}): Promise<Handle> {
  if (!globalForDb.__givebridgeDb) {
    globalForDb.__givebridgeDb = openConfigured(options.batch ?? false);
    // A failed open must not be cached forever.
    globalForDb.__givebridgeDb.catch(() => {
      globalForDb.__givebridgeDb = undefined;
    });
  }
  return globalForDb.__givebridgeDb;
}

/** The process-wide Drizzle database. */
export async function getDb(): Promise<Database> {
  return (await getHandle()).db;
}

/** Use this handle as the process-wide one (tests, CLI scripts that opened their own). */
export function setHandle(handle: Handle | undefined): void {
  globalForDb.__givebridgeDb = handle ? Promise.resolve(handle) : undefined;
}

export type { Handle as DatabaseHandle };
