import path from "node:path";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { importIrsFiles } from "@/lib/server/import-irs";
import { AppError } from "@/lib/errors";
import { fundraisers, organizations } from "@/models";
import { categoryLetter, searchNonprofits } from "./nonprofits";

const fixture = path.join(__dirname, "__fixtures__", "eo_search_sample.csv");

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
  const summary = await importIrsFiles(h.db, [fixture]);
  expect(summary.inserted).toBe(46);
});
afterAll(() => h.close());

const names = (r: { results: { legalName: string | null }[] }) => r.results.map((x) => x.legalName);

describe("directory search relevance", () => {
  test("a typo still finds the organization, first: 'nort country hospitl'", async () => {
    const r = await searchNonprofits({ query: "nort country hospitl", limit: 5, offset: 0 });
    expect(r.results[0]).toMatchObject({ ein: "030185556", legalName: "NORTH COUNTRY HOSPITAL & HEALTH CENTER,INC", name: "North Country Hospital & Health Center, Inc", city: "Newport", state: "VT" });
  });

  test("category and place words match: 'food bank burlington' finds food organizations around Burlington first", async () => {
    const r = await searchNonprofits({ query: "food bank burlington", limit: 10, offset: 0 });
    const top = r.results.slice(0, 4);
    expect(top.length).toBeGreaterThan(0);
    // "burlington" is a place: the top hits are food organizations (NTEE group K)
    // in Vermont near Burlington, ranked by nearness, not only those with Burlington in the text.
    for (const hit of top) {
      expect(hit.state).toBe("VT");
      expect(hit.category).toBe("Food, Agriculture & Nutrition");
    }
    // An organization that matches none of the words is not returned.
    expect(names(r)).not.toContain("ESTEY ORGAN MUSEUM INC");
  });

  test("exact and prefix name matches rank first", async () => {
    const exact = await searchNonprofits({ query: "north country chorus inc", limit: 3, offset: 0 });
    expect(exact.results[0]!.legalName).toBe("NORTH COUNTRY CHORUS INC");
    const prefix = await searchNonprofits({ query: "brattleboro", limit: 10, offset: 0 });
    const firstThree = prefix.results.slice(0, 3).map((x) => x.legalName);
    for (const n of firstThree) expect(n?.startsWith("BRATTLEBORO")).toBe(true);
  });

  test("a word prefix matches: 'hosp' finds hospitals", async () => {
    const r = await searchNonprofits({ query: "hosp", limit: 20, offset: 0 });
    expect(names(r)).toEqual(expect.arrayContaining(["COPLEY HOSPITAL INC", "RUTLAND HOSPITAL INC"]));
  });
});

describe("directory search filters", () => {
  test("radius: 25 miles around ZIP 05401 returns only organizations within it, nearest first", async () => {
    const r = await searchNonprofits({ query: "", limit: 100, offset: 0, filters: { zipcode: "05401", distance: 25 } });
    expect(r.total).toBeGreaterThan(5);
    const cities = new Set(r.results.map((x) => x.city?.toUpperCase()));
    expect(cities.has("BURLINGTON")).toBe(true);
    expect(cities.has("SOUTH BURLINGTON")).toBe(true);
    for (const far of ["MONTPELIER", "BRATTLEBORO", "NEWPORT", "RUTLAND", "BENNINGTON"]) expect(cities.has(far)).toBe(false);
    const d = r.results.map((x) => x.distanceMiles!);
    for (const miles of d) expect(miles).toBeLessThanOrEqual(25);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
  });

  test("radius from coordinates with text keeps the radius: 'hospital' within 30 miles of Newport", async () => {
    const r = await searchNonprofits({ query: "hospital", limit: 20, offset: 0, filters: { lat: 44.936, lng: -72.205, distance: 30 } });
    expect(names(r)[0]).toBe("NORTH COUNTRY HOSPITAL & HEALTH CENTER,INC");
    expect(names(r)).not.toContain("BRATTLEBORO MEMORIAL HOSPITAL");
  });

  test("state, city and category filters narrow the results", async () => {
    const r = await searchNonprofits({ query: "", limit: 100, offset: 0, filters: { state: "VT", city: "burlington", category: "K" } });
    expect(r.total).toBe(5);
    for (const hit of r.results) expect(hit).toMatchObject({ city: "Burlington", category: "Food, Agriculture & Nutrition" });
    const byName = await searchNonprofits({ query: "hospital", limit: 100, offset: 0, filters: { category: "Health Care" } });
    expect(byName.results.length).toBeGreaterThan(3);
    for (const hit of byName.results) expect(hit.category).toBe("Health Care");
    const none = await searchNonprofits({ query: "", limit: 10, offset: 0, filters: { state: "NH" } });
    expect(none.total).toBe(0);
  });

  test("active_campaign keeps organizations with an active fundraiser; hidden organizations never appear", async () => {
    const [org] = await h.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.ein, "030179423"));
    await h.db.insert(fundraisers).values({ organizationId: org!.id, name: "New wing", goalCents: 100_000 });
    const r = await searchNonprofits({ query: "", limit: 10, offset: 0, filters: { active_campaign: true } });
    expect(names(r)).toEqual(["COPLEY HOSPITAL INC"]);
    await h.db.update(organizations).set({ live: false }).where(eq(organizations.id, org!.id));
    const hidden = await searchNonprofits({ query: "copley hospital", limit: 10, offset: 0 });
    expect(names(hidden)).not.toContain("COPLEY HOSPITAL INC");
    await h.db.update(organizations).set({ live: true }).where(eq(organizations.id, org!.id));
  });

  test("paging by limit and offset", async () => {
    const all = await searchNonprofits({ query: "", limit: 100, offset: 0 });
    const page2 = await searchNonprofits({ query: "", limit: 10, offset: 10 });
    expect(names(page2)).toEqual(names(all).slice(10, 20));
    expect(page2.total).toBe(all.total);
  });

  test("bad filters are 400s with a message", async () => {
    expect(() => categoryLetter("Nothing like it")).toThrow(AppError);
    await expect(searchNonprofits({ query: "", limit: 5, offset: 0, filters: { distance: 10 } })).rejects.toMatchObject({ status: 400 });
    await expect(searchNonprofits({ query: "", limit: 5, offset: 0, filters: { zipcode: "00000", distance: 10 } })).rejects.toMatchObject({
      status: 400,
      message: "We do not know the ZIP code 00000.",
    });
  });
});
