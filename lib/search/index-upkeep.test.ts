import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { PGLITE_GIN_PENDING_LIST_LIMIT } from "@/lib/db/pglite-setup";
import { rowsOf } from "@/lib/db/rows";
import { createTestDatabase } from "@/lib/db/testing";
import { importIrsFiles } from "@/lib/server/import-irs";
import { mergePendingSearchEntries } from "./index-upkeep";

const fixture = path.join(__dirname, "__fixtures__", "eo_search_sample.csv");

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase({ processWide: false });
});
afterAll(() => h.close());

/** Pages each search index still had pending (merging them, as VACUUM would). */
async function pendingPages(): Promise<Record<string, number>> {
  const [row] = rowsOf(
    await h.db.execute(sql`select gin_clean_pending_list('organizations_search_idx'::regclass) as search,
      gin_clean_pending_list('organizations_name_trgm_idx'::regclass) as names,
      gin_clean_pending_list('search_words_trgm_gin_idx'::regclass) as words`),
  ) as Record<string, unknown>[];
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

describe("search index upkeep", () => {
  test("an import leaves nothing pending in the search indexes", async () => {
    const summary = await importIrsFiles(h.db, [fixture]);
    expect(summary.inserted).toBeGreaterThan(0);
    expect(await pendingPages()).toEqual({ search: 0, names: 0, words: 0 });
  });

  test("mergePendingSearchEntries merges the entries of rows written since, once", async () => {
    // A renamed organization's new search document and name go to the pending lists.
    await h.db.execute(sql`update organizations set name = name || ' Renamed Trust' where ein in (select ein from organizations order by ein limit 5)`);
    expect(await mergePendingSearchEntries(h.db)).toBeGreaterThan(0);
    expect(await mergePendingSearchEntries(h.db)).toBe(0);
    expect(await pendingPages()).toEqual({ search: 0, names: 0, words: 0 });
  });

  test("the embedded database bounds a GIN pending list to PGLITE_GIN_PENDING_LIST_LIMIT", async () => {
    const [row] = rowsOf(await h.db.execute(sql`select current_setting('gin_pending_list_limit') as limit`)) as { limit: string }[];
    // A PostgreSQL server keeps its own setting (its autovacuum empties the lists).
    if (h.kind === "pglite") expect(row!.limit).toBe(PGLITE_GIN_PENDING_LIST_LIMIT);
    else expect(row!.limit).toBeTruthy();
  });
});
