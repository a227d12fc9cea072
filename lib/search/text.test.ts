import fs from "node:fs";
import path from "node:path";
import { indexedWord, STEM_GUARDED_WORDS, tsQueryText } from "./text";
import { isCauseUnit } from "./relevance";
import { cityCoreMiles, detectPlace } from "./places";

describe("stemming exceptions", () => {
  test("a guarded word reaches the query with the spelling the search document indexes", () => {
    expect(indexedWord("humane")).toBe("humanee");
    expect(indexedWord("human")).toBe("human");
    expect(tsQueryText(["humane", "society"], "&", "last")).toBe("humanee & society:*");
  });
  test("the query's list is the migration's list (gb_stem_guard)", () => {
    const migration = fs.readFileSync(path.join(process.cwd(), "drizzle", "0015_search_stem_guard.sql"), "utf8");
    const inSql = /\\m\(([a-z|]+)\)\\M/.exec(migration)?.[1]?.split("|") ?? [];
    expect(new Set(inSql)).toEqual(new Set(STEM_GUARDED_WORDS));
  });
});

describe("cause words", () => {
  test("words of an NTEE meaning are a cause; form words and names are not", () => {
    expect(isCauseUnit(["hospital"])).toBe(true);
    expect(isCauseUnit(["animal", "shelter"])).toBe(true);
    expect(isCauseUnit(["foundation"])).toBe(false);
    expect(isCauseUnit(["yale"])).toBe(false);
    expect(isCauseUnit(["hospital", "yale"])).toBe(false);
  });
});

describe("places", () => {
  test("a city's core radius grows with its number of ZIP codes, up to a cap", () => {
    expect(cityCoreMiles(4)).toBeCloseTo(1.6);
    expect(cityCoreMiles(66)).toBeGreaterThan(6);
    expect(cityCoreMiles(10_000)).toBe(8);
  });
  test("a two-word city at the end is the place, with its core radius", () => {
    const p = detectPlace(["hospital", "new", "orleans"]);
    expect(p?.words).toEqual(["new", "orleans"]);
    expect(p?.centers?.[0]?.coreMiles).toBeGreaterThan(5);
  });
});
