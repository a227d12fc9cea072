/**
 * The database handle: embedded PGlite in DATA_DIR when DATABASE_URL is unset, otherwise a
 * `pg` pool on that PostgreSQL server. One handle per process, kept on globalThis, because
 * Next evaluates this module more than once per process.
 *
 * PGlite has no lock of its own, so opening a PGlite folder takes an exclusive lock on it
 * (proper-lockfile); a second process gets DatabaseLockedError instead of corrupting data.
 * A new folder is initialised (initdb) in a short-lived child process, so that the long-running
 * process does not keep initdb's memory.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import lockfile from "proper-lockfile";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/models";
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
  /** The underlying client for libraries that need one (the rate limiter). */
  raw: unknown;
};

const globalForDb = globalThis as unknown as { __givebridgeDb?: Promise<Handle> };

/** Extensions every database needs (registered with PGlite, created by the first migration). */
async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }, { citext }] = await Promise.all([
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/unaccent"),
    import("@electric-sql/pglite/contrib/citext"),
  ]);
  return { pg_trgm, unaccent, citext };
}

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

/**
 * Open a PGlite database. `dataDir` is a folder path, or "memory://" for a throw-away one.
 * A folder is locked exclusively for this process; a new folder is first initialised by
 * initPgliteFolder.
 * @throws DatabaseLockedError when another process holds the folder; Error when a new folder's
 *   initdb fails.
 */
export async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
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
  const client = await PGlite.create(target, {
    extensions: await pgliteExtensions(),
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${serverEnv().PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzle({ client, schema }) as unknown as Database;
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

function lockFolder(folder: string): () => void {
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

/** Open a `pg` pool on a PostgreSQL server. */
export async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: 10 });
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

/** The configured database: DATABASE_URL, else PGlite in DATA_DIR. */
function openConfigured(): Promise<Handle> {
  const env = serverEnv();
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR);
}

/**
 * The process-wide database handle, opened on first use.
 * @throws DatabaseLockedError (PGlite folder in use by another process).
 */
export function getHandle(): Promise<Handle> {
  if (!globalForDb.__givebridgeDb) {
    globalForDb.__givebridgeDb = openConfigured();
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
