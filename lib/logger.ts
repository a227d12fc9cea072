/**
 * Minimal structured logger: one JSON line per event on stdout/stderr. Callers pass only
 * safe fields (ids, codes), never request bodies, tokens or database error texts. A line
 * written while a request is served carries that request's id (`requestId`), the one its
 * response returns in `x-request-id` (set by the app's server, lib/http/request-id.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { serverEnv } from "@/lib/env";

type Fields = Record<string, string | number | boolean | null | undefined>;

/**
 * The id of the request being served. One store per process on globalThis: the server
 * (scripts/server.ts) and Next's bundle of the app load this module separately, and the id
 * the server enters must be the one the app's code reads.
 */
const globalForLog = globalThis as unknown as { __givebridgeRequestIds?: AsyncLocalStorage<string> };
export const requestIds: AsyncLocalStorage<string> = (globalForLog.__givebridgeRequestIds ??= new AsyncLocalStorage<string>());

/** The id of the request being served, or undefined outside one (start-up, queued jobs). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** The JSON line of one event (exported for tests): time, level, message, the request id when there is one, then the fields. */
export function logLine(level: "info" | "warn" | "error", msg: string, fields?: Fields): string {
  return JSON.stringify({ t: new Date().toISOString(), level, msg, requestId: currentRequestId(), ...fields });
}

function write(level: "info" | "warn" | "error", msg: string, fields?: Fields) {
  // Tests assert outcomes; expected warnings would only bury real failures.
  if (level !== "error" && serverEnv().NODE_ENV === "test") return;
  const line = logLine(level, msg, fields);
  if (level === "error") console.error(line);
  else console.log(line);
}

export const logger = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};

/**
 * Messages of errors without a code that carry no value of any request, so a log line may
 * quote them: node-postgres's own connection and pool failures (pg, pg-pool), and our own
 * invariants. Anything else thrown is logged by its name and code only.
 */
const FIXED_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "Query read timeout",
  "search cache: no result",
];

/**
 * The safe facts of a thrown value for a log line: its class name, its code when it is a
 * PostgreSQL SQLSTATE ("57014" statement timeout, "53300" too many connections) or a Node
 * system error code ("ECONNREFUSED"), and its message only when it is one of FIXED_MESSAGES
 * (the pg pool's wait for a connection timing out, SERVER_POOL.connectionTimeoutMillis, a
 * connection lost...). Never any other message, which may quote a value.
 */
export function errorFacts(err: unknown): Fields {
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" && /^([0-9A-Z]{5}|E[A-Z_]+)$/.test(e.code) ? e.code : undefined;
  const message = typeof e?.message === "string" && FIXED_MESSAGES.includes(e.message) ? e.message : undefined;
  return { name: typeof e?.name === "string" ? e.name : typeof err, code, message };
}
