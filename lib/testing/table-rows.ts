/**
 * Tests only: every row of every table of a database, compared without naming any column, so
 * a backup test keeps working whatever the models become.
 */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/**
 * Every base table outside PostgreSQL's own schemas (information_schema.tables), keyed
 * "schema.table", with its rows as sorted `to_jsonb` text.
 */
export async function allTableRows(h: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = rowsOf(
    await h.db.execute(sql`select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`),
  ) as { s: string; t: string }[];
  const out: Record<string, string[]> = {};
  for (const { s, t } of tables) {
    const rows = rowsOf(await h.db.execute(sql.raw(`select to_jsonb(x)::text as r from "${s}"."${t}" x`))) as { r: string }[];
    out[`${s}.${t}`] = rows.map((row) => row.r).sort();
  }
  return out;
}
