/**
 * Cursor pagination of the public API's lists. A cursor is opaque to callers: base64url JSON
 * that holds either the sort key of the last item shown (keyset: [sort value, id], for lists
 * in a stable order, so inserts never shift a page) or, for ranked search results whose order
 * has no stable key, the number of items already shown. A cursor we did not make, or of the
 * other kind, is refused with messages.publicApi.cursorInvalid.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";

/** The sort key of the last item of a page: its sort value (text) and id. */
export type Keyset = { after: string; id: string };

/** A page in the list envelope of the API. */
export type Page<T> = { object: "list"; data: T[]; has_more: boolean; next_cursor: string | null };

const MAX_OFFSET = 10_000;

/** The error of a cursor we did not make (also for a keyset whose values are not of the list). */
export function invalidCursor(): AppError {
  return new AppError("bad_request", messages.publicApi.cursorInvalid, { cursor: messages.publicApi.cursorInvalid });
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

function decode(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
}

/** @throws AppError(bad_request) unless `cursor` is a keyset cursor of ours. */
export function decodeKeysetCursor(cursor: string | undefined): Keyset | null {
  if (cursor === undefined) return null;
  const v = decode(cursor) as { k?: unknown };
  if (Array.isArray(v?.k) && v.k.length === 2 && typeof v.k[0] === "string" && typeof v.k[1] === "string" && v.k[0].length <= 100 && v.k[1].length <= 100) {
    return { after: v.k[0], id: v.k[1] };
  }
  throw invalidCursor();
}

/** @throws AppError(bad_request) unless `cursor` is an offset cursor of ours. */
export function decodeOffsetCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const v = decode(cursor) as { o?: unknown };
  if (typeof v?.o === "number" && Number.isInteger(v.o) && v.o > 0 && v.o <= MAX_OFFSET) return v.o;
  throw invalidCursor();
}

/**
 * A keyset page from `rows` read with limit + 1 (the extra row only says there is more).
 * @param keyOf the sort value (as text) and id of a row.
 */
export function keysetPage<R, T>(rows: R[], limit: number, keyOf: (row: R) => [string, string], map: (row: R) => T): Page<T> {
  const shown = rows.slice(0, limit);
  const more = rows.length > limit;
  return { object: "list", data: shown.map(map), has_more: more, next_cursor: more ? encode({ k: keyOf(shown[shown.length - 1]!) }) : null };
}

/**
 * An offset page of ranked results read with limit + 1 from `offset`. Search results stop at
 * 10,000 items (a search that deep is better narrowed).
 */
export function offsetPage<T>(items: T[], offset: number, limit: number): Page<T> {
  const shown = items.slice(0, limit);
  const next = offset + shown.length;
  const more = items.length > limit && next <= MAX_OFFSET;
  return { object: "list", data: shown, has_more: more, next_cursor: more ? encode({ o: next }) : null };
}

/**
 * The keyset condition "after `key`" for a list sorted by (`at` desc, `id` desc): rows strictly
 * before the cursor's timestamp and id. `key.after` is the timestamp as PostgreSQL's text (so
 * microseconds survive the round trip).
 */
export function beforeKeyset(at: AnyColumn, id: AnyColumn, key: Keyset): SQL {
  return sql`(${at}, ${id}) < (${key.after}::timestamptz, ${key.id})`;
}
