/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR) with the uploaded files
 * (DATA_DIR/uploads), as one tar archive (`npm run db:backup -- FILE`, `npm run db:restore --
 * FILE`). The archive holds:
 *   givebridge-backup.json   { format: 1, kind: "pglite", createdAt (ISO 8601, UTC) }
 *   database.tar.gz          PGlite's dumpDataDir("gzip"): the whole data folder, loaded back
 *                            with PGlite's `loadDataDir` option into an empty folder
 *   uploads/...              the files under DATA_DIR/uploads, as they are
 *
 * PGlite has no lock of its own; both commands take the app's exclusive lock on DATA_DIR
 * (lockFolder, lib/db/client.ts), so a backup never reads a folder a running app is writing,
 * and a restore never replaces the database under a running app: both refuse with
 * DatabaseLockedError instead. A PostgreSQL server is backed up with pg_dump (README,
 * "Production").
 */
import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { lockFolder, openPglite } from "./client";
import { serverEnv } from "@/lib/env";
import { pgliteCreateOptions } from "./pglite-setup";

/** Name of the archive's description file. */
export const BACKUP_MANIFEST = "givebridge-backup.json";
const DATABASE_ENTRY = "database.tar.gz";
const UPLOADS = "uploads";
const PGDATA = "pgdata";

/** Refusal of a restore that would overwrite data (its message says what to do). */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

/** What a backup wrote. */
export type BackupSummary = { file: string; bytes: number; uploads: number };

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** A scratch folder beside DATA_DIR's contents (same disk, so renames are cheap); removed by the caller. */
function scratchIn(dataDir: string): string {
  const dir = path.join(dataDir, `.backup-${randomUUID()}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Write a backup of the embedded database in `dataDir` and its uploads to `file` (a tar
 * archive; an existing file is replaced only once the new one is complete). Takes the
 * folder's lock for the duration.
 * @throws DatabaseLockedError while a Givebridge process has the folder open (stop it first);
 *   Error when `dataDir` holds no database.
 */
export async function backupEmbedded(options: { dataDir: string; file: string }): Promise<BackupSummary> {
  const dataDir = path.resolve(options.dataDir);
  if (!fs.existsSync(path.join(dataDir, PGDATA, "PG_VERSION"))) throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  // openPglite takes the folder's lock (DatabaseLockedError while the app runs) and releases it on close.
  const handle = await openPglite(dataDir);
  const scratch = scratchIn(dataDir);
  try {
    const pg = handle.raw as import("@electric-sql/pglite").PGlite;
    const dump = await pg.dumpDataDir("gzip");
    fs.writeFileSync(path.join(scratch, DATABASE_ENTRY), Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(path.join(scratch, BACKUP_MANIFEST), JSON.stringify({ format: 1, kind: "pglite", createdAt: new Date().toISOString() }, null, 2));
    const uploads = path.join(dataDir, UPLOADS);
    if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(scratch, UPLOADS), { recursive: true, preserveTimestamps: true });
    const target = path.resolve(options.file);
    const partial = `${target}.partial-${process.pid}`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await tar.create({ file: partial, cwd: scratch, portable: true }, fs.readdirSync(scratch));
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, uploads: countFiles(uploads) };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    await handle.close();
  }
}

/** What a restore put in place. */
export type RestoreSummary = { dataDir: string; uploads: number };

/**
 * Restore `file` (written by backupEmbedded) into `dataDir`. Holds the folder's lock throughout.
 * With `force`, the database and uploads already there are deleted first; without it a
 * folder that holds either is left untouched.
 * @throws DatabaseLockedError while a Givebridge process has the folder open;
 *   RestoreRefusedError for a non-empty folder without `force`, or a file that is not a
 *   Givebridge embedded-database backup.
 */
export async function restoreEmbedded(options: { dataDir: string; file: string; force?: boolean }): Promise<RestoreSummary> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new RestoreRefusedError(`The backup file ${file} does not exist.`);
  fs.mkdirSync(dataDir, { recursive: true });
  const release = lockFolder(dataDir);
  try {
    const pgdata = path.join(dataDir, PGDATA);
    const uploads = path.join(dataDir, UPLOADS);
    const hasDatabase = fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0;
    const hasUploads = countFiles(uploads) > 0;
    if ((hasDatabase || hasUploads) && !options.force) {
      throw new RestoreRefusedError(
        `${dataDir} already holds ${hasDatabase ? "a database" : "uploaded files"}. Nothing was changed. ` +
          `Restore into an empty folder (set DATA_DIR), or add --force to replace what is there.`,
      );
    }
    const scratch = scratchIn(dataDir);
    try {
      await tar.extract({ file, cwd: scratch, strict: true });
      const manifest = readManifest(path.join(scratch, BACKUP_MANIFEST));
      if (manifest?.kind !== "pglite" || !fs.existsSync(path.join(scratch, DATABASE_ENTRY))) {
        throw new RestoreRefusedError(`${file} is not a backup of a Givebridge embedded database. Nothing was changed.`);
      }
      fs.rmSync(pgdata, { recursive: true, force: true });
      fs.rmSync(uploads, { recursive: true, force: true });
      const { PGlite } = await import("@electric-sql/pglite");
      const dump = new Blob([fs.readFileSync(path.join(scratch, DATABASE_ENTRY))]);
      const pg = await PGlite.create(pgdata, { ...(await pgliteCreateOptions(serverEnv().PGLITE_SHARED_BUFFERS)), loadDataDir: dump });
      await pg.query("select 1");
      await pg.close();
      if (fs.existsSync(path.join(scratch, UPLOADS))) fs.renameSync(path.join(scratch, UPLOADS), uploads);
      return { dataDir, uploads: countFiles(uploads) };
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}

function readManifest(file: string): { format?: number; kind?: string } | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as { format?: number; kind?: string };
  } catch {
    return null;
  }
}
