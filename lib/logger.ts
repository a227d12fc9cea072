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
