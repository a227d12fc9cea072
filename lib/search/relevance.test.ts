/**
 * Directory search relevance classes of issue 15 on a small fixture: compound words,
 * prominence, acronyms and IRS abbreviations, cause words through the NTEE meaning, place
 * words in the query, and typos.
 */
import { organizations } from "@/models";
import { createTestDatabase } from "@/lib/db/testing";
import type { DatabaseHandle } from "@/lib/db/client";
import { forgetStatesPresent } from "./relevance";
import { searchNonprofits } from "./nonprofits";

let h: DatabaseHandle;
const org = (ein: string, name: string, city: string, state: string, zip: string, lat: number, lng: number, ntee: string | null, revenue: number | null) => ({
  ein, name, legalName: name, city, state, zipcode: zip, latitude: lat, longitude: lng, nteeCode: ntee,
  nteeMajorGroup: ntee?.charAt(0) ?? null, category: null, irsRevenueAmount: revenue,
});

beforeAll(async () => {
  h = await createTestDatabase();
  forgetStatesPresent();
  await h.db.insert(organizations).values([
    org("000000001", "ARKANSAS FOODBANK", "LITTLE ROCK", "AR", "72209", 34.68, -92.34, "K31", 45_000_000),
    org("000000002", "NORTHWEST ARKANSAS FOOD BANK", "BETHEL HTS", "AR", "72714", 36.2, -94.13, "K31", 1_000_000),
    org("000000003", "FATHER FLANAGANS BOYS HOME", "BOYS TOWN", "NE", "68010", 41.26, -96.13, "P73", 352_000_000),
    org("000000004", "BOYS TOWN ALUMNI ASSOCIATION", "BOYS TOWN", "NE", "68010", 41.26, -96.13, null, 20_000),
    org("000000005", "YOUNG MENS CHRISTIAN ASSN OF WICHITA", "WICHITA", "KS", "67202", 37.69, -97.34, "P27", 54_000_000),
    org("000000006", "WICHITA CHESS CLUB", "WICHITA", "KS", "67202", 37.69, -97.34, null, 5_000),
    org("000000007", "NEBRASKA HUMANE SOCIETY", "OMAHA", "NE", "68134", 41.29, -96.05, "D20", 17_000_000),
    org("000000008", "OMAHA ANIMAL LOVERS CLUB", "LINCOLN", "NE", "68508", 40.81, -96.7, null, 1_000),
    org("000000009", "KENTUCKY HUMANE SOCIETY", "LOUISVILLE", "KY", "40222", 38.26, -85.62, "D20", 7_800_000),
    org("000000010", "HUMANE SOCIETY OF CHITTENDEN COUNTY", "S BURLINGTON", "VT", "05403", 44.45, -73.18, "D20", 1_000_000),
    org("000000011", "CONNECTICUT HUMANE SOCIETY", "NEWINGTON", "CT", "06111", 41.69, -72.73, "D20", 17_000_000),
    org("000000012", "HUNTSVILLE REHABILITATION FDN", "HUNTSVILLE", "AL", "35801", 34.73, -86.58, "J33", 41_000_000),
    org("000000013", "YMCA OF GREATER OMAHA", "OMAHA", "NE", "68102", 41.26, -95.93, "P27", 22_000_000),
    org("000000014", "NORTHEAST MS COMMUNITY SVCS INC", "BOONEVILLE", "MS", "38829", 34.66, -88.57, "P20", 3_000_000),
    org("000000015", "NORTHEAST COMMUNITY SERVICE CORP", "MISSION", "KS", "66202", 39.02, -94.66, "P20", 4_000_000),
    // Cause words and a city: the large organization of the kind, a few miles from the city's
    // center, against small ones nearer to it or named after the cause or the city.
    org("000000016", "NO KILL LOUISVILLE", "LOUISVILLE", "KY", "40205", 38.2503, -85.7034, "D20", 43_582),
    org("000000017", "ALLEY CAT ADVOCATES INC", "LOUISVILLE", "KY", "40213", 38.2222, -85.6885, "D20", 889_742),
    org("000000018", "SIENA FRANCIS HOUSE", "OMAHA", "NE", "68108", 41.259, -95.9409, "L41", 29_646_236),
    org("000000019", "OMAHA SHELTER FOR HOMELESS TRUST", "OMAHA", "NE", "68114", 41.2656, -96.0493, "L12", 18_910_874),
    // Words the English stemmer folds together: "humane" is not "human".
    org("000000020", "HUMAN SERVICES COUNCIL OF OMAHA", "OMAHA", "NE", "68102", 41.26, -95.94, "P20", 900_000),
  ]);
  await h.exec("analyze organizations");
});
afterAll(async () => h.close());

const top = async (query: string) => (await searchNonprofits({ query, limit: 3, offset: 0 })).results.map((r) => r.ein);

describe("directory search relevance (issue 15)", () => {
  test("compound words: 'food bank arkansas' finds ARKANSAS FOODBANK first", async () => {
    expect((await top("food bank arkansas"))[0]).toBe("000000001");
  });
  test("prominence: 'boys town' opens with the large organization, not its alumni association", async () => {
    expect((await top("boys town"))[0]).toBe("000000003");
  });
  test("acronyms and IRS abbreviations: 'ymca wichita', 'huntsville rehabilitation foundation'", async () => {
    expect((await top("ymca wichita"))[0]).toBe("000000005");
    expect((await top("huntsville rehabilitation foundation"))[0]).toBe("000000012");
  });
  test("an acronym's words typed in full find the organization filed under the acronym", async () => {
    expect((await top("young mens christian association omaha"))[0]).toBe("000000013");
  });
  test("a state name typed in full finds the state's code in a name", async () => {
    expect((await top("northeast mississippi community services"))[0]).toBe("000000014");
  });
  test("cause words through the NTEE meaning: 'animal shelter omaha' finds the humane society", async () => {
    expect((await top("animal shelter omaha"))[0]).toBe("000000007");
  });
  test("place words: a city, a nearby city, a ZIP", async () => {
    expect((await top("humane society louisville"))[0]).toBe("000000009");
    expect((await top("humane society burlington"))[0]).toBe("000000010");
    expect((await top("humane society 68134"))[0]).toBe("000000007");
  });
  test("typos keep working: 'nebraska humane socity'", async () => {
    expect((await top("nebraska humane socity"))[0]).toBe("000000007");
  });
  test("cause words and a city: the prominent organization of the kind in the city first", async () => {
    expect((await top("animal shelter louisville"))[0]).toBe("000000009");
    expect((await top("homeless shelter omaha"))[0]).toBe("000000018");
  });
  test("stemming exceptions: 'humane' does not find 'human'", async () => {
    const all = async (query: string) => (await searchNonprofits({ query, limit: 50, offset: 0 })).results.map((r) => r.ein);
    expect(await all("humane")).not.toContain("000000020");
    expect(await all("humane society omaha")).not.toContain("000000020");
    expect(await all("human services")).toContain("000000020");
  });
  test("hits carry the display name and the legal name", async () => {
    const r = await searchNonprofits({ query: "ymca wichita", limit: 1, offset: 0 });
    expect(r.results[0]).toMatchObject({ name: "Young Mens Christian Assn of Wichita", legalName: "YOUNG MENS CHRISTIAN ASSN OF WICHITA", city: "Wichita" });
  });
});
