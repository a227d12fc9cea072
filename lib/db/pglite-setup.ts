/**
 * What opening PGlite needs, shared by the in-process handle (lib/db/client.ts) and the
 * database thread (lib/db/pglite-worker.ts), plus the messages between that thread and the
 * app. This module is loaded inside the worker by tsx on its own: it imports nothing of the
 * app (no "@/" paths, no environment), only PGlite.
 */
import { readFile } from "node:fs/promises";
import type { PGliteOptions } from "@electric-sql/pglite";

/** Extensions every database needs (registered with PGlite, created by the first migration). */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }, { citext }] = await Promise.all([
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/unaccent"),
    import("@electric-sql/pglite/contrib/citext"),
  ]);
  return { pg_trgm, unaccent, citext };
}

/**
 * Largest pending list of a GIN index on the embedded database (PostgreSQL's
 * gin_pending_list_limit, default 4MB). Every scan of a GIN index reads its pending list
 * through, and on a PostgreSQL server autovacuum empties it; the embedded database has no
 * autovacuum, so the list is merged into the index only when an insert finds it over this
 * size. Kept small, a full-text search reads at most 8 pending pages (4MB is 512, as many as
 * the whole demo directory's search index).
 */
export const PGLITE_GIN_PENDING_LIST_LIMIT = "64kB";

/**
 * PGlite.create's options: our extensions, `shared_buffers` (PostgreSQL size syntax,
 * PGLITE_SHARED_BUFFERS) and PGLITE_GIN_PENDING_LIST_LIMIT added to PGlite's default start
 * parameters; with `loadDataDir` (a tar file's path), the cluster that file holds.
 */
export async function pgliteCreateOptions(sharedBuffers: string, loadDataDir?: string): Promise<PGliteOptions> {
  const { PGlite } = await import("@electric-sql/pglite");
  return {
    extensions: await pgliteExtensions(),
    // A data folder saved by PGlite's dumpDataDir (a tar file): the cluster starts from it
    // instead of running initdb (the migrated template of lib/testing/database-template.ts).
    ...(loadDataDir ? { loadDataDir: new Blob([await readFile(loadDataDir)]) } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      "-c",
      `shared_buffers=${sharedBuffers}`,
      "-c",
      `gin_pending_list_limit=${PGLITE_GIN_PENDING_LIST_LIMIT}`,
    ],
  };
}

/** What the app gives the database thread at start (worker_threads `workerData`). */
export type PgliteWorkerData = {
  /** The cluster folder (already initialised and locked by the app), or "memory://". */
  target: string;
  sharedBuffers: string;
  /** A tar file of a data folder (PGlite dumpDataDir) to start "memory://" from, instead of initdb. */
  loadDataDir?: string;
};

/**
 * A request to the database thread. `tx` names an open transaction (from "begin"): the
 * statement runs inside it; without `tx` it waits, as on PGlite itself, for any open
 * transaction to end. `rawTypes`: type OIDs whose values are returned as PostgreSQL's text
 * (what Drizzle's PGlite driver asks for dates, timestamps, intervals and their arrays).
 */
export type PgliteRequest =
  | { id: number; op: "query"; tx?: number; text: string; params?: unknown[]; rowMode?: "array" | "object"; rawTypes?: number[]; paramTypes?: number[] }
  | { id: number; op: "exec"; tx?: number; text: string }
  | { id: number; op: "begin"; tx: number }
  | { id: number; op: "rollback"; tx: number }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close" };

/** A database error as it crosses threads: message, name and PostgreSQL's fields (code, detail, constraint...). */
export type WireError = { message: string; name: string; fields: Record<string, string | number | boolean> };

/** The thread's answer to request `id`; id 0 with `ready` is its first message, once PGlite is open. */
export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { id: 0; ready: true }
  | { id: 0; ready: false; error: WireError };

/** An error's message, name and primitive own fields (what structured cloning of an Error would drop). */
export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err), name: "Error", fields: {} };
  const fields: WireError["fields"] = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = value;
  }
  return { message: err.message, name: err.name, fields };
}

/** Rebuild an error from the thread: an Error with the same message, name and fields (`code` for unique violations...). */
export function fromWireError(wire: WireError): Error {
  const err = new Error(wire.message);
  Object.assign(err, wire.fields);
  err.name = wire.name;
  return err;
}
