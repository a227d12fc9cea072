/**
 * Rows of a raw `db.execute(sql…)` result on either driver. Both `pg` and PGlite answer
 * `{ rows }`; an array is passed through as-is. Returns [] when there are no rows.
 */
export function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return ((result as { rows?: unknown[] }).rows ?? []) as unknown[];
}
