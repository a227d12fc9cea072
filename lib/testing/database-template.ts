/**
 * Migrated template databases for tests: every test database starts as a copy of one database
 * that was migrated once, instead of being migrated from zero per test file.
 *
 * - On the embedded database the template is a tar file of a migrated PGlite data folder
 *   (PGlite `dumpDataDir`), in `<os tmpdir>/givebridge-test-templates/pglite-<fingerprint>.tar`;
 *   a test database is a "memory://" PGlite loaded from it (`loadDataDir`), which also skips
 *   initdb. The tar holds the cluster's `postgres` database alone (the one PGlite connects to):
 *   initdb's `template0` and `template1` are dropped before the dump, since nothing runs
 *   `CREATE DATABASE` on PGlite, and a third less to load made opening a test database take
 *   about 1.5 CPU-s instead of 2.8.
 * - On a PostgreSQL server the template is the database `gb_template_<fingerprint>`; a test
 *   database is `CREATE DATABASE … TEMPLATE` of it (PostgreSQL's own copy of a database).
 *
 * The fingerprint is a SHA-256 of the migration files (./drizzle, SQL and journal) and of the
 * PGlite and pg-boss versions: a new or edited migration, or an upgrade, makes a new template on
 * first use. The template also holds pg-boss's schema and the app's queues (lib/mail/queue.ts),
 * created as the app creates them. Building is done once per machine and fingerprint, under a
 * lock (a file lock for PGlite, an advisory lock on the server), whatever the number of
 * test processes asking at once.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";
import { openPglite, openPostgres, setHandle, type DatabaseHandle } from "@/lib/db/client";
import { migrationsFolder, runMigrations } from "@/lib/db/migrate";

/** Advisory lock held while a template database is built on the server. */
const TEMPLATE_LOCK_KEY = 7_231_950_116;
/** Templates of other fingerprints untouched this long are dropped (ms). */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

let fingerprintMemo: string | undefined;

/** Hex SHA-256 (first 16 digits) of the migration files and the PGlite and pg-boss versions. */
export function templateFingerprint(): string {
  if (fingerprintMemo) return fingerprintMemo;
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        hash.update(path.relative(migrationsFolder, full));
        hash.update(fs.readFileSync(full));
      }
    }
  };
  walk(migrationsFolder);
  // The PGlite template's layout (see pgliteOnlyPostgres): a change here makes a new template.
  hash.update("pglite template: postgres database only");
  for (const pkg of ["@electric-sql/pglite", "pg-boss"]) {
    const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), "node_modules", pkg, "package.json"), "utf8")) as { version: string };
    hash.update(`${pkg}@${manifest.version}`);
  }
  fingerprintMemo = hash.digest("hex").slice(0, 16);
  return fingerprintMemo;
}

/** Migrate `handle` and create the mail and job queues on it, as the app's start does. */
async function prepareTemplate(handle: DatabaseHandle): Promise<void> {
  await runMigrations(handle);
  const { ensureMailQueue, stopMailQueue } = await import("@/lib/mail/queue");
  setHandle(handle);
  try {
    await ensureMailQueue();
  } finally {
    await stopMailQueue();
    setHandle(undefined);
  }
}

/**
 * Drop initdb's template databases from a PGlite cluster, leaving `postgres` (PGlite's default
 * database, the only one its clients open): `template0` first loses the flags that protect it
 * (PostgreSQL refuses to drop a database marked as a template; docs, "Template Databases").
 */
async function pgliteOnlyPostgres(pg: import("@electric-sql/pglite").PGlite): Promise<void> {
  await pg.exec("alter database template1 is_template false");
  await pg.exec("drop database template1");
  await pg.exec("update pg_database set datistemplate = false, datallowconn = true where datname = 'template0'");
  await pg.exec("drop database template0");
  await pg.exec("checkpoint");
}

const pgliteTemplates = path.join(os.tmpdir(), "givebridge-test-templates");
let pgliteTemplateMemo: Promise<string> | undefined;

/**
 * The path of the migrated PGlite template (a tar file), built first if this machine has none
 * for the current fingerprint. Other fingerprints' files older than a day are removed.
 * @throws the migration's or PGlite's error when the template cannot be built.
 */
export function pgliteTemplate(): Promise<string> {
  pgliteTemplateMemo ??= buildPgliteTemplate().catch((err: unknown) => {
    pgliteTemplateMemo = undefined;
    throw err;
  });
  return pgliteTemplateMemo;
}

async function buildPgliteTemplate(): Promise<string> {
  const file = path.join(pgliteTemplates, `pglite-${templateFingerprint()}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(pgliteTemplates, { recursive: true });
  const release = await lockfile.lock(pgliteTemplates, { retries: { retries: 600, factor: 1, minTimeout: 100, maxTimeout: 100 }, stale: 30_000 });
  try {
    if (fs.existsSync(file)) return file;
    const handle = await openPglite("memory://", { thread: "main" });
    try {
      await prepareTemplate(handle);
      const pg = handle.raw as import("@electric-sql/pglite").PGlite;
      await pgliteOnlyPostgres(pg);
      const dump = await pg.dumpDataDir("none");
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await handle.close();
    }
    for (const name of fs.readdirSync(pgliteTemplates)) {
      const other = path.join(pgliteTemplates, name);
      if (other !== file && Date.now() - fs.statSync(other).mtimeMs > STALE_TEMPLATE_MS) fs.rmSync(other, { force: true });
    }
    return file;
  } finally {
    await release();
  }
}

const serverTemplateMemo = new Map<string, Promise<string>>();

/**
 * The name of the migrated template database on the PostgreSQL server of `serverUrl`, built
 * first if the server has none for the current fingerprint. Templates of other fingerprints not
 * built or used within a day are dropped.
 * @throws the driver's error when the server is unreachable or refuses `create database`.
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let memo = serverTemplateMemo.get(serverUrl);
  if (!memo) {
    memo = buildPostgresTemplate(serverUrl).catch((err: unknown) => {
      serverTemplateMemo.delete(serverUrl);
      throw err;
    });
    serverTemplateMemo.set(serverUrl, memo);
  }
  return memo;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const { Client } = await import("pg");
  const name = `gb_template_${templateFingerprint()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) {
      // Built under another name and renamed when complete: a build cut short leaves no template.
      const building = `gb_template_build_${randomBytes(6).toString("hex")}`;
      await admin.query(`create database ${building}`);
      try {
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const handle = await openPostgres(url.toString());
        try {
          await prepareTemplate(handle);
        } finally {
          await handle.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch (err) {
        await admin.query(`drop database if exists ${building} with (force)`).catch(() => undefined);
        throw err;
      }
    }
    // The comment records the last use (ISO 8601, UTC), read to drop other fingerprints' templates.
    await admin.query(`comment on database ${name} is '${new Date().toISOString()}'`);
    const others = await admin.query<{ datname: string; used: string | null }>(
      "select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like 'gb\\_template\\_%' and datname <> $1",
      [name],
    );
    for (const other of others.rows) {
      const used = other.used ? Date.parse(other.used) : NaN;
      if (Number.isNaN(used) || Date.now() - used > STALE_TEMPLATE_MS) {
        await admin.query(`drop database if exists ${other.datname} with (force)`).catch(() => undefined);
      }
    }
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}
