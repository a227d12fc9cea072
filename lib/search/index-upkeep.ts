/**
 * Upkeep of the GIN indexes directory search reads: the full-text index of the search
 * documents and areas (organizations_search_idx) and the trigram indexes of names and of the
 * dictionary of indexed words (spelling corrections).
 *
 * A GIN index takes new entries into a pending list first (PostgreSQL's `fastupdate`, the
 * default). Every scan of the index reads that list through, and the planner adds its pages to
 * the cost of every plan that uses the index; VACUUM merges it into the index proper
 * (PostgreSQL documentation, "GIN Fast Update Technique"). A PostgreSQL server's autovacuum
 * does so some time after a bulk load; the embedded database has no autovacuum, so it never
 * happened there: after the demo directory's import 279 of the 280 pages of
 * organizations_search_idx were pending, the planner read the whole table for every search,
 * and a trigram lookup in the dictionary went through its 166 pending pages.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/** The tables whose GIN indexes directory search reads. */
const SEARCHED_TABLES = ["organizations", "search_words"] as const;

/**
 * Merge the pending lists of the GIN indexes of organizations and search_words into the
 * indexes (gin_clean_pending_list, which unlike VACUUM also runs inside a transaction). Only
 * indexes the current role may clean (their owner's privileges) are touched; on a PostgreSQL
 * server autovacuum does it for the others.
 * @returns the number of pending-list pages merged (0 when nothing was pending).
 */
export async function mergePendingSearchEntries(db: Executor): Promise<number> {
  const tables = sql.join(
    SEARCHED_TABLES.map((t) => sql`to_regclass(${t})`),
    sql`, `,
  );
  const result = await db.execute(sql`select coalesce(sum(gin_clean_pending_list(i.indexrelid)), 0)::int as pages
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam
    where a.amname = 'gin' and i.indrelid in (${tables}) and pg_has_role(c.relowner, 'USAGE')`);
  return Number((rowsOf(result)[0] as { pages?: number } | undefined)?.pages ?? 0);
}
