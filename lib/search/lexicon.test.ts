/**
 * The dictionary facts of typed words (lookupLexicon, lib/search/relevance.ts): which joined
 * or split forms are indexed words, looked up once and kept per database handle, without the
 * forms that span a place typed and the other words.
 */
import type { SQL } from "drizzle-orm";
import type { Database, DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { organizations } from "@/models";
import { forgetSearchResults } from "./cache";
import { forgetCommonStems, lookupLexicon } from "./relevance";
import { forgetKeptWords } from "./word-cache";

let h: DatabaseHandle;
/** h.db, counting the statements it runs (the database is real; only the count is added). */
let db: Database;
let statements: string[] = [];

beforeAll(async () => {
  h = await createTestDatabase({ processWide: false });
  await h.db.insert(organizations).values([
    { id: "lex-1", name: "FOODSHELF OF THE NORTHEAST KINGDOM", city: "NEWPORT", state: "VT" },
    { id: "lex-2", name: "ESSEX FOOD SHELF", city: "ESSEX", state: "VT" },
  ]);
  await h.exec("analyze organizations");
  const dialect = (h.db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string } } }).dialect;
  db = new Proxy(h.db, {
    get(target, prop, receiver) {
      if (prop !== "execute") return Reflect.get(target, prop, receiver);
      return (query: SQL) => {
        statements.push(dialect.sqlToQuery(query).sql);
        return target.execute(query);
      };
    },
  });
});
afterAll(() => h.close());
beforeEach(() => {
  forgetKeptWords();
  forgetCommonStems(db);
});

/** Statements of `run` that look words up in the dictionary (search_words). */
async function lookups<T>(run: () => Promise<T>): Promise<{ value: T; lookups: string[] }> {
  statements = [];
  const value = await run();
  return { value, lookups: statements.filter((s) => s.includes("search_words")) };
}

describe("lookupLexicon", () => {
  test("a joined form that is an indexed word is known: 'food shelf' -> foodshelf", async () => {
    const { value, lookups: made } = await lookups(() => lookupLexicon(db, ["food", "shelf"]));
    expect(value.known.has("foodshelf")).toBe(true);
    expect(made).toHaveLength(1);
  });

  test("words looked up lately are not looked up again, and the answer is the same", async () => {
    const first = await lookupLexicon(db, ["essex", "food", "shelf"]);
    const again = await lookups(() => lookupLexicon(db, ["essex", "food", "shelf"]));
    expect(again.lookups).toHaveLength(0);
    expect([...again.value.known].sort()).toEqual([...first.known].sort());
    expect([...again.value.commonTerms].sort()).toEqual([...first.commonTerms].sort());
  });

  test("forms spanning a place typed and the other words are not looked up", async () => {
    await lookupLexicon(db, ["food", "shelf"]);
    await lookupLexicon(db, ["essex"]);
    // "food shelf essex": the place is "essex", read apart from "food shelf".
    const apart = await lookups(() => lookupLexicon(db, ["food", "shelf", "essex"], [["food", "shelf"], ["essex"]]));
    expect(apart.lookups).toHaveLength(0);
    expect(apart.value.known.has("foodshelf")).toBe(true);
    // As one run of words, "shelfessex" and "foodshelfessex" are new forms to look up.
    const together = await lookups(() => lookupLexicon(db, ["food", "shelf", "essex"]));
    expect(together.lookups).toHaveLength(1);
    expect(together.lookups[0]).toContain("json_array_elements_text");
  });

  test("a change of public content forgets the words: a new organization's name is known at once", async () => {
    expect((await lookupLexicon(db, ["maple", "shelf"])).known.has("mapleshelf")).toBe(false);
    await h.db.insert(organizations).values({ id: "lex-3", name: "MAPLESHELF PANTRY", city: "BARRE", state: "VT" });
    // Kept: still unknown until the search results (and the words' facts) are forgotten.
    expect((await lookupLexicon(db, ["maple", "shelf"])).known.has("mapleshelf")).toBe(false);
    forgetSearchResults();
    expect((await lookupLexicon(db, ["maple", "shelf"])).known.has("mapleshelf")).toBe(true);
  });

  test("an import's forgetCommonStems forgets the words of that database", async () => {
    await lookupLexicon(db, ["food", "shelf"]);
    forgetCommonStems(db);
    expect((await lookups(() => lookupLexicon(db, ["food", "shelf"]))).lookups).toHaveLength(1);
  });
});
