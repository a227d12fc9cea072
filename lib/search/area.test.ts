import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { rowsOf } from "@/lib/db/rows";
import { organizations } from "@/models";
import { zipToCoordinates } from "@/lib/directory/zip";
import { areaCell, areaQueryText, boxCells, MAX_AREA_CELLS } from "./area";
import { searchNonprofits } from "./nonprofits";
import { NAME_KEY_DROPPED } from "./relevance";

let seed = 11;
const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

describe("boxCells", () => {
  it("covers every point of a box, edges included, across the equator and the prime meridian", () => {
    for (let i = 0; i < 300; i++) {
      const south = -60 + rnd() * 120;
      const west = -170 + rnd() * 340;
      const box = { south, north: south + rnd() * 1.5, west, east: west + rnd() * 2 };
      const cells = new Set(boxCells([box]));
      for (const [lat, lng] of [
        [box.south, box.west],
        [box.north, box.east],
        [box.south + (box.north - box.south) * rnd(), box.west + (box.east - box.west) * rnd()],
      ] as const) {
        expect(cells.has(areaCell(lat, lng))).toBe(true);
      }
    }
  });

  it("gives up on a box wider than MAX_AREA_CELLS cells", () => {
    expect(boxCells([{ south: 30, north: 49, west: -120, east: -70 }])).toBeNull();
    expect(boxCells([{ south: 44, north: 44.8, west: -73.5, east: -72.9 }])!.length).toBeLessThanOrEqual(MAX_AREA_CELLS);
  });
});

describe("areaQueryText", () => {
  it("asks for every lexeme and one of the cells", () => {
    expect(areaQueryText(["st_vt", "ntee_p"], ["cell_288_253", "cell_289_253"])).toBe("'st_vt' & 'ntee_p' & ('cell_288_253' | 'cell_289_253')");
    expect(areaQueryText([], [])).toBeNull();
  });
});

describe("search_area (migration 0018) and the search filters it serves", () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await createTestDatabase();
  });
  afterAll(() => h.close());

  it("writes the cell the code computes, for points on and off cell edges", async () => {
    const points = [
      { latitude: 44.5, longitude: -73.5 },
      { latitude: -33.8688, longitude: 151.2093 },
      { latitude: 0, longitude: 0 },
      { latitude: 21.3069, longitude: -157.8583 },
      ...Array.from({ length: 20 }, () => ({ latitude: -80 + rnd() * 160, longitude: -179 + rnd() * 358 })),
    ];
    await h.db.insert(organizations).values(points.map((p, i) => ({ name: `AREA POINT ${i}`, state: "VT", nteeMajorGroup: "P", ...p })));
    const rows = rowsOf(
      await h.db.execute(sql`select latitude, longitude, tsvector_to_array(search_area) as lexemes from organizations where name like 'AREA POINT %'`),
    ) as { latitude: number; longitude: number; lexemes: string[] }[];
    expect(rows).toHaveLength(points.length);
    for (const r of rows) expect([...r.lexemes].sort()).toEqual([areaCell(r.latitude, r.longitude), "ntee_p", "st_vt"].sort());
  });

  it("keeps the name forms the score compares: name_key drops every word of NAME_KEY_DROPPED, name_compact none", async () => {
    const name = `Café ${NAME_KEY_DROPPED.map((w) => w.toUpperCase()).join(" ")} St. Luke's, Inc`;
    await h.db.insert(organizations).values({ name, state: "VT" });
    const [row] = rowsOf(await h.db.execute(sql`select name_key, name_compact from organizations where name = ${name}`)) as { name_key: string; name_compact: string }[];
    expect(row!.name_key).toBe("cafestlukes");
    expect(row!.name_compact).toBe(`cafe${NAME_KEY_DROPPED.join("")}stlukesinc`);
  });

  it("keeps the radius and the filters exact: the same organizations as testing each one by distance", async () => {
    const zip = zipToCoordinates("05401")!;
    const center = { lat: zip.latitude, lng: zip.longitude };
    const near: string[] = [];
    const rows: (typeof organizations.$inferInsert)[] = [];
    while (rows.length < 120) {
      const latitude = center.lat + (rnd() - 0.5) * 1.2;
      const longitude = center.lng + (rnd() - 0.5) * 1.6;
      const rad = (d: number) => (d * Math.PI) / 180;
      const a = Math.sin(rad(latitude - center.lat) / 2) ** 2 + Math.cos(rad(center.lat)) * Math.cos(rad(latitude)) * Math.sin(rad(longitude - center.lng) / 2) ** 2;
      const miles = 2 * 3958.8 * Math.asin(Math.sqrt(a));
      if (Math.abs(miles - 25) < 0.05) continue; // no point left to rounding at the edge
      const name = `LAKESIDE FOOD SHELF ${String(rows.length).padStart(3, "0")}`;
      if (miles <= 25) near.push(name);
      rows.push({ name, city: "SOMEWHERE", state: "VT", nteeMajorGroup: "K", latitude, longitude });
    }
    await h.db.insert(organizations).values(rows);
    const found = await searchNonprofits({ query: "lakeside", limit: 100, offset: 0, filters: { zipcode: "05401", distance: 25 } }, h.db);
    const names = found.results.map((r) => r.name.toUpperCase());
    // Every organization within the radius is found, and nothing farther.
    expect(near.length).toBeGreaterThan(20);
    expect(near.length).toBeLessThan(100);
    expect(names.sort()).toEqual([...near].sort());
    for (const r of found.results) expect(r.distanceMiles ?? Infinity).toBeLessThanOrEqual(25);
    const byState = await searchNonprofits({ query: "lakeside", limit: 5, offset: 0, filters: { state: "NH" } }, h.db);
    expect(byState.total).toBe(0);
  });
});
