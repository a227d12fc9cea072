import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { rowsOf } from "@/lib/db/rows";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
  await h.db.execute(sql`insert into search_words (word) select 'word' || g from generate_series(1, 2000) g on conflict do nothing`);
  await h.db.execute(sql`analyze search_words`);
});
afterAll(() => h.close());

/** The index names a plan uses (EXPLAIN's JSON, walked). */
async function indexesOf(query: ReturnType<typeof sql>): Promise<string[]> {
  const out: string[] = [];
  await h.db.transaction(async (tx) => {
    // Index choice only: on this small table a sequential scan would otherwise win.
    await tx.execute(sql`set local enable_seqscan = off`);
    const plan = rowsOf(await tx.execute(sql`explain (format json) ${query}`))[0] as Record<string, unknown>;
    const walk = (node: unknown): void => {
      if (!node || typeof node !== "object") return;
      const n = node as Record<string, unknown>;
      if (typeof n["Index Name"] === "string") out.push(n["Index Name"]);
      for (const v of Object.values(n)) {
        if (Array.isArray(v)) v.forEach(walk);
        else walk(v);
      }
    };
    walk(plan["QUERY PLAN"] ?? Object.values(plan)[0]);
  });
  return out;
}

describe("the dictionary of indexed words (migration 0019_search_words_btree)", () => {
  test("a known-word check reads the primary key, not a trigram index (1.2-1.8 ms per word at 199,000 words)", async () => {
    expect(await indexesOf(sql`select 1 from search_words w where w.word = (ts_lexize('english_stem', 'educatino'))[1]`)).toEqual(["search_words_pkey"]);
  });
});
