/**
 * Cursor pagination of the public API's lists. A cursor is opaque to callers: base64url JSON
 * that holds either the sort key of the last item shown (keyset: [sort value, id], for lists
 * in a stable order, so inserts never shift a page) or, for ranked search results whose order
 * has no stable key, the number of items already shown. A cursor we did not make, or of the
 * other kind, is refused with messages.publicApi.cursorInvalid.
 *
 * What a caller receives is that position sealed (sealCursor): `<position>.<HMAC-SHA256>` over
 * the list's operation id, its filters and, for organization-scoped lists, the key's
 * organization, with the app's secret (lib/config/signing-secret.ts). So a cursor works only on the list
 * and filters it came from, as /developers promises, and cannot be altered or forged (OWASP
 * ASVS 5.0 V2.2: input that the server made and the client returns is integrity-protected).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { authSecret } from "@/lib/config/signing-secret";
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

/**
 * What a cursor is bound to: the list (its operation id), its filters (every parsed query
 * parameter but `limit` and `cursor`, which may change from page to page) and, for an
 * organization-scoped list, the organization of the key.
 */
export type CursorScope = { list: string; filters: Record<string, unknown>; organizationId?: string | null };

const SEAL_SEPARATOR = ".";

function canonicalFilters(filters: Record<string, unknown>): string {
  const entries = Object.entries(filters)
    .filter(([name, value]) => value !== undefined && name !== "limit" && name !== "cursor")
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return JSON.stringify(entries);
}

function cursorMac(position: string, scope: CursorScope): Buffer {
  return createHmac("sha256", authSecret())
    .update(["api-cursor:v1", scope.list, scope.organizationId ?? "", canonicalFilters(scope.filters), position].join("\n"))
    .digest();
}

/** The cursor handed to the caller for `position` (a base64url cursor of this module) in `scope`. */
export function sealCursor(position: string, scope: CursorScope): string {
  return `${position}${SEAL_SEPARATOR}${cursorMac(position, scope).toString("base64url")}`;
}

/**
 * The position inside a cursor sealed by sealCursor for the same `scope`.
 * @throws AppError(bad_request, messages.publicApi.cursorInvalid) for a cursor of another list,
 *   other filters or another organization, an altered one, or anything that is not a cursor.
 */
export function openCursor(cursor: string, scope: CursorScope): string {
  const at = cursor.lastIndexOf(SEAL_SEPARATOR);
  if (at <= 0) throw invalidCursor();
  const position = cursor.slice(0, at);
  const given = Buffer.from(cursor.slice(at + 1), "base64url");
  const expected = cursorMac(position, scope);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  return position;
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

export type OffsetPageOptions<T> = { items: T[]; offset: number; limit: number };

/**
 * An offset page of ranked results: `items` were read with limit + 1 from `offset` (both
 * counts of items). Search results stop at 10,000 items (a search that deep is better narrowed).
 */
export function offsetPage<T>({ items, offset, limit }: OffsetPageOptions<T>): Page<T> {
  const shown = items.slice(0, limit);
  const next = offset + shown.length;
  const more = items.length > limit && next <= MAX_OFFSET;
  return { object: "list", data: shown, has_more: more, next_cursor: more ? encode({ o: next }) : null };
}

export type BeforeKeysetOptions = { at: AnyColumn; id: AnyColumn; key: Keyset };

/**
 * The keyset condition "after `key`" for a list sorted by (`at` desc, `id` desc): rows strictly
 * before the cursor's timestamp and id. `key.after` is the timestamp as PostgreSQL's text (so
 * microseconds survive the round trip).
 */
export function beforeKeyset({ at, id, key }: BeforeKeysetOptions): SQL {
  return sql`(${at}, ${id}) < (${key.after}::timestamptz, ${key.id})`;
}
