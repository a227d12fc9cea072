import type { SQL } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { organizations } from "@/models";
import { oneEditAway, searchNonprofits } from "./nonprofits";
import { forgetKeptWords } from "./word-cache";

const EARTH_RADIUS_MILES = 3958.8;
const BURLINGTON = { lat: 44.4759, lng: -73.2121 };

function miles(lat: number, lng: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(rad(lat - BURLINGTON.lat) / 2) ** 2 + Math.cos(rad(BURLINGTON.lat)) * Math.cos(rad(lat)) * Math.sin(rad(lng - BURLINGTON.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(a));
}

let h: DatabaseHandle;
const places: { name: string; lat: number; lng: number }[] = [];
beforeAll(async () => {
  h = await createTestDatabase();
  // 500 organizations scattered up to ~30 miles around Burlington, more than the nearest-first
  // candidate set of a first page, so the index-ordered (KNN) path is the one used.
  let seed = 7;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 500; i++) {
    const lat = BURLINGTON.lat + (rnd() - 0.5) * 0.7;
    const lng = BURLINGTON.lng + (rnd() - 0.5) * 1.0;
    places.push({ name: `PLACE ${String(i).padStart(3, "0")} TRUST`, lat, lng });
  }
  await h.db.insert(organizations).values(places.map((p) => ({ name: p.name, city: "SOMEWHERE", state: "VT", latitude: p.lat, longitude: p.lng })));
  // Spelling data: the right spelling is used by many names, a misspelling by one.
  await h.db.insert(organizations).values([
    ...["HARTFORD", "NEW HAVEN", "STAMFORD", "BRISTOL", "MILFORD", "DANBURY"].map((c) => ({ name: `${c} CONNECTICUT GARDEN CLUB`, state: "CT" })),
    { name: "CONNECTICUT EDUCATION ASSOCIATION", state: "CT" },
    { name: "CONNECICUT YOUTH FUND", state: "CT" },
    // A typo filed as a small organization's name, and the far more prominent one it misspells.
    { name: "YALE UNIVERSITY", legalName: "YALE UNIVERSITY", state: "CT", irsRevenueAmount: 5_089_937_007 },
    { name: "YALE UNIVERISTY", legalName: "YALE UNIVERISTY", state: "CT" },
  ]);
});
afterAll(() => h.close());

describe("nearest first", () => {
  test("pages of a radius search are in exact distance order, all within the radius", async () => {
    const center = { lat: BURLINGTON.lat, lng: BURLINGTON.lng, distance: 20 };
    const expected = places
      .map((p) => ({ name: p.name, d: miles(p.lat, p.lng) }))
      .filter((p) => p.d <= 20)
      .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name));
    expect(expected.length).toBeGreaterThan(250);
    const first = await searchNonprofits({ query: "", limit: 10, offset: 0, filters: center });
    expect(first.total).toBe(expected.length);
    expect(first.results.map((r) => r.name.toUpperCase())).toEqual(expected.slice(0, 10).map((p) => p.name));
    const deep = await searchNonprofits({ query: "", limit: 10, offset: 200, filters: center });
    expect(deep.results.map((r) => r.name.toUpperCase())).toEqual(expected.slice(200, 210).map((p) => p.name));
    for (const r of [...first.results, ...deep.results]) expect(r.distanceMiles!).toBeLessThanOrEqual(20);
  });
});

describe("spelling corrections", () => {
  test("spellings one edit away", () => {
    const edits = oneEditAway("hospitl");
    expect(edits).toEqual(expect.arrayContaining(["hospital", "hospit", "hopsitl"]));
    expect(edits).not.toContain("hospitl");
  });

  test("a misspelling that one name uses still gets the common spelling", async () => {
    const r = await searchNonprofits({ query: "connecicut educaion association", limit: 5, offset: 0 });
    expect(r.results[0]?.name.toUpperCase()).toBe("CONNECTICUT EDUCATION ASSOCIATION");
  });

  test("a typo filed as a small organization's name does not hide the prominent organization spelled right", async () => {
    const r = await searchNonprofits({ query: "yale univeristy", limit: 5, offset: 0 });
    expect(r.results.map((x) => x.legalName)).toEqual(["YALE UNIVERSITY", "YALE UNIVERISTY"]);
  });

  test("a word's corrections are kept: the next search with it looks for none and finds the same", async () => {
    const statements: string[] = [];
    const dialect = (h.db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
    const db = new Proxy(h.db, {
      get: (target, prop, receiver) =>
        prop === "execute"
          ? (q: SQL) => {
              statements.push(dialect.sqlToQuery(q).sql);
              return target.execute(q);
            }
          : Reflect.get(target, prop, receiver),
    });
    // The spelling statements: spellings one edit away, and the trigram step.
    const dictionaryReads = () => statements.filter((x) => x.includes("v.indexed") || x.includes("% t.term")).length;
    forgetKeptWords();
    const first = await searchNonprofits({ query: "connecicut educaion association", limit: 5, offset: 0 }, db);
    const readFirst = dictionaryReads();
    expect(readFirst).toBeGreaterThan(0);
    // Another search with the same misspelled words, in another order.
    const second = await searchNonprofits({ query: "educaion connecicut association", limit: 5, offset: 0 }, db);
    expect(dictionaryReads()).toBe(readFirst);
    expect(second.results[0]?.name.toUpperCase()).toBe("CONNECTICUT EDUCATION ASSOCIATION");
    expect(first.results[0]?.name.toUpperCase()).toBe("CONNECTICUT EDUCATION ASSOCIATION");
    forgetKeptWords();
    await searchNonprofits({ query: "educaion connecicut association", limit: 5, offset: 0 }, db);
    expect(dictionaryReads()).toBeGreaterThan(readFirst);
  });

  test("any word: among matches that rank the same, the name closest to the text comes first, wherever it is stored", async () => {
    // Thirty names match one word with the same full-text rank; the one whose name is closest
    // to the text typed was stored last, far past the first page of the table's order.
    await h.db.insert(organizations).values(Array.from({ length: 30 }, (_, i) => ({ name: `QUILLON GROUP ${String(i).padStart(2, "0")}`, state: "VT" })));
    await h.db.insert(organizations).values({ name: "QUILLON VEXJ FUND", state: "VT" });
    const r = await searchNonprofits({ query: "quillon vexjukbdwq", limit: 10, offset: 0 });
    expect(r.total).toBe(31);
    expect(r.results[0]?.name.toUpperCase()).toBe("QUILLON VEXJ FUND");
    // The rest by the shorter name, then by name, as ordering every match would give.
    expect(r.results.slice(1).map((x) => x.name.toUpperCase())).toEqual(Array.from({ length: 9 }, (_, i) => `QUILLON GROUP 0${i}`));
  });

  test("every word but one: a word that matches nothing does not hide the others", async () => {
    const r = await searchNonprofits({ query: "stamford connecticut garden zzzzzz", limit: 5, offset: 0 });
    expect(r.results[0]?.name.toUpperCase()).toBe("STAMFORD CONNECTICUT GARDEN CLUB");
  });
});

describe("broad text", () => {
  test("one common word opens with its most prominent match, wherever it is stored", async () => {
    // More matches than any capped scan of the full-text index would read (5,000), all small,
    // then the one large organization, stored last; ANALYZE makes the word a common one.
    const db = await createTestDatabase({ processWide: false });
    try {
      await db.exec(`insert into organizations (id, name, city, state)
        select 'town-' || g, 'TOWN ' || g || ' COMMUNITY CLUB', 'SOMEWHERE', 'OH' from generate_series(1, 6000) g`);
      await db.db.insert(organizations).values({ name: "GREATER OHIO COMMUNITY TRUST", state: "OH", irsRevenueAmount: 250_000_000 });
      await db.exec("analyze organizations");
      const found = await searchNonprofits({ query: "community", limit: 10, offset: 0 }, db.db);
      expect(found.total).toBeGreaterThanOrEqual(1000);
      expect(found.results[0]?.name).toBe("Greater Ohio Community Trust");
    } finally {
      await db.close();
    }
  });

  test("with fewer prominent matches than the first page takes, the most prominent of the rest still come first", async () => {
    // No match reaches the first prominence tier (0.5, a revenue of $1M) and one the second
    // (0.33, $100,000): the most prominent are then found down the whole prominence order,
    // stored last as they are.
    const db = await createTestDatabase({ processWide: false });
    try {
      await db.exec(`insert into organizations (id, name, city, state)
        select 'town-' || g, 'TOWN ' || g || ' COMMUNITY CLUB', 'SOMEWHERE', 'OH' from generate_series(1, 6000) g`);
      await db.db.insert(organizations).values([
        { name: "GREATER OHIO COMMUNITY TRUST", state: "OH", irsRevenueAmount: 50_000 },
        { name: "LAKE ERIE COMMUNITY FUND", state: "OH", irsRevenueAmount: 400_000 },
      ]);
      await db.exec("analyze organizations");
      const found = await searchNonprofits({ query: "community", limit: 10, offset: 0 }, db.db);
      expect(found.results.slice(0, 2).map((r) => r.name)).toEqual(["Lake Erie Community Fund", "Greater Ohio Community Trust"]);
    } finally {
      await db.close();
    }
  });
});
