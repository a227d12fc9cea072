import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { rowsOf } from "@/lib/db/rows";
import { commonSpellings, correctionsOf, oneEditAway, wordTrigramSimilarity } from "./nonprofits";
import { commonStemFrequencies, forgetCommonStems, lookupLexicon, type WordFacts } from "./relevance";
import { keptWords } from "./word-cache";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase({ processWide: false });
  // "farms" and "word" are common words of this directory: among the most common elements the
  // statistics keep (20 here, with forty other words used 25 times each); "arms", "wards" and
  // "choral" are used by a few organizations each (more than COMMON_WORD), "harms" by two.
  await h.exec("alter table organizations alter column search_document set statistics 2");
  await h.exec(`insert into organizations (id, name, city, state)
    select 'farm-' || g, 'GREEN FARMS ' || g, 'SOMEWHERE', 'VT' from generate_series(1, 300) g`);
  await h.exec(`insert into organizations (id, name, city, state)
    select 'word-' || g, 'WORD ' || g, 'SOMEWHERE', 'VT' from generate_series(1, 200) g`);
  await h.exec(`insert into organizations (id, name, city, state)
    select 'other-' || g, translate(substr(md5((g % 40)::text), 1, 8), '0123456789', 'ghijklmnop'), 'SOMEWHERE', 'VT' from generate_series(1, 1000) g`);
  for (const [word, n] of [["ARMS", 8], ["WARDS", 7], ["CHORAL", 9], ["HARMS", 2]] as const) {
    await h.exec(`insert into organizations (id, name, city, state)
      select '${word.toLowerCase()}-' || g, '${word} SOCIETY ' || g, 'SOMEWHERE', 'VT' from generate_series(1, ${n}) g`);
  }
  await h.exec("analyze organizations");
  forgetCommonStems(h.db);
});
afterAll(() => h.close());

describe("spelling corrections of a word many organizations use", () => {
  test("pg_trgm's similarity, computed in the process, is PostgreSQL's", async () => {
    const pairs: (readonly [string, string])[] = oneEditAway("choral").slice(0, 40).map((v) => [v, "choral"] as const);
    const more: (readonly [string, string])[] = [["farms", "arms"], ["wyings", "wings"], ["aeiou", "xyz"]];
    pairs.push(...more);
    const result = await h.db.execute(sql`select p->>0 as a, p->>1 as b, similarity(p->>0, p->>1) as s from json_array_elements(${JSON.stringify(pairs)}::json) p`);
    for (const r of rowsOf(result) as { a: string; b: string; s: number }[]) {
      expect(wordTrigramSimilarity(r.a, r.b)).toBeCloseTo(Number(r.s), 6);
    }
  });

  test("come out of the common stems in the process as they do from the database", async () => {
    const words = ["arms", "wards", "choral"];
    await lookupLexicon(h.db, words);
    const facts = keptWords<WordFacts>(h.db, "facts");
    const frequencies = await commonStemFrequencies(h.db);
    expect(frequencies.has("farm")).toBe(true);
    expect(frequencies.has("arm")).toBe(false);
    const fromDatabase = await correctionsOf(h.db, words);
    for (const w of words) {
      const f = facts.get(w)!;
      expect(f.known).toBe(true);
      expect(f.uses).toBeGreaterThanOrEqual(5);
      expect(commonSpellings(w, f, frequencies)).toEqual(fromDatabase.get(w) ?? []);
    }
    // Not two empty answers: a common spelling one edit away is found both ways.
    expect(fromDatabase.get("arms")).toContain("farms");
    expect(fromDatabase.get("wards")).toContain("words");
  });
});
