import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { organizations } from "@/models";
import { refreshAllPublicPages } from "@/lib/cache/public-pages";
import { cachedSearchNonprofits, forgetSearchResults, searchCacheKey, searchCacheStats } from "./cache";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
  await h.db.insert(organizations).values([
    { id: "cache-1", name: "MAPLE VALLEY FOOD SHELF", city: "BARRE", state: "VT" },
    { id: "cache-2", name: "MAPLE VALLEY ANIMAL RESCUE", city: "BARRE", state: "VT" },
  ]);
});
afterAll(() => h.close());
beforeEach(() => forgetSearchResults());

const search = (query: string) => cachedSearchNonprofits({ query, limit: 10, offset: 0 });

describe("directory search cache (lib/search/cache.ts)", () => {
  test("equal searches share a key: case, accents and spacing of the text, order and empty filters", () => {
    expect(searchCacheKey({ query: "  Maple   VALLEY ", limit: 10, offset: 0 })).toBe(searchCacheKey({ query: "maple valley", limit: 10, offset: 0 }));
    expect(searchCacheKey({ query: "x", limit: 10, offset: 0, filters: { state: "VT", city: "Barre" } })).toBe(
      searchCacheKey({ query: "x", limit: 10, offset: 0, filters: { city: "Barre", state: "VT", zipcode: undefined } }),
    );
    expect(searchCacheKey({ query: "x", limit: 10, offset: 0 })).not.toBe(searchCacheKey({ query: "x", limit: 10, offset: 10 }));
    expect(searchCacheKey({ query: "x", limit: 10, offset: 0, filters: { state: "VT" } })).not.toBe(searchCacheKey({ query: "x", limit: 10, offset: 0, filters: { state: "NH" } }));
  });

  test("a repeated search is answered from memory until the results are forgotten", async () => {
    const first = await search("maple valley food shelf");
    expect(first.results[0]?.name).toBe("Maple Valley Food Shelf");
    await h.db.update(organizations).set({ name: "MAPLE VALLEY COMMUNITY FOOD SHELF" }).where(eq(organizations.id, "cache-1"));
    const again = await search("Maple Valley FOOD SHELF");
    expect(again.results[0]?.name).toBe("Maple Valley Food Shelf");
    expect(searchCacheStats()).toMatchObject({ hits: 1, searches: 1 });
    forgetSearchResults();
    const fresh = await search("maple valley food shelf");
    expect(fresh.results[0]?.name).toBe("Maple Valley Community Food Shelf");
    expect(searchCacheStats()).toMatchObject({ hits: 0, searches: 1 });
  });

  test("searches asked at the same time run once", async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => search("maple valley animal")));
    expect(new Set(all.map((r) => r.results[0]?.name))).toEqual(new Set(["Maple Valley Animal Rescue"]));
    expect(searchCacheStats().searches).toBe(1);
  });

  test("a failed search is not kept, and fails again with the same error", async () => {
    const bad = () => cachedSearchNonprofits({ query: "maple", limit: 10, offset: 0, filters: { zipcode: "00000", distance: 10 } });
    await expect(bad()).rejects.toMatchObject({ status: 400 });
    await expect(bad()).rejects.toMatchObject({ status: 400 });
    expect(searchCacheStats()).toMatchObject({ searches: 2, entries: 0 });
  });

  test("a search running when the results are forgotten answers its caller but is not kept", async () => {
    const running = search("maple valley");
    forgetSearchResults();
    expect((await running).results.length).toBe(2);
    await search("maple valley");
    expect(searchCacheStats()).toMatchObject({ hits: 0, searches: 1 });
  });

  test("a change of public content (refreshAllPublicPages) forgets them", async () => {
    await search("maple valley");
    expect(searchCacheStats().entries).toBe(1);
    refreshAllPublicPages();
    expect(searchCacheStats().entries).toBe(0);
  });
});
