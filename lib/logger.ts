/**
 * Minimal structured logger: one JSON line per event on stdout/stderr. Callers pass only
 * safe fields (ids, codes), never request bodies, tokens or database error texts.
 */
import { serverEnv } from "@/lib/env";

type Fields = Record<string, string | number | boolean | null | undefined>;

function write(level: "info" | "warn" | "error", msg: string, fields?: Fields) {
  // Tests assert outcomes; expected warnings would only bury real failures.
  if (level !== "error" && serverEnv().NODE_ENV === "test") return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

export const logger = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};

/**
 * The safe facts of a thrown value for a log line: its class name, its code when it is a
 * PostgreSQL SQLSTATE ("57014" statement timeout, "53300" too many connections) or a Node
 * system error code ("ECONNREFUSED"), and whether it is the pg pool's wait for a connection
 * timing out (SERVER_POOL.connectionTimeoutMillis), which has no code. Never its message, which
 * may quote a value.
 */
export function errorFacts(err: unknown): Fields {
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" && /^([0-9A-Z]{5}|E[A-Z_]+)$/.test(e.code) ? e.code : undefined;
  const poolTimeout = typeof e?.message === "string" && e.message.startsWith("timeout exceeded when trying to connect") ? true : undefined;
  return { name: typeof e?.name === "string" ? e.name : typeof err, code, poolTimeout };
}
