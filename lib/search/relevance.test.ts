/**
 * Directory search relevance classes on a small fixture: compound words,
 * prominence, acronyms and IRS abbreviations, cause words through the NTEE meaning, place
 * words in the query, and typos.
 */
import { organizations } from "@/models";
import { createTestDatabase } from "@/lib/db/testing";
import type { DatabaseHandle } from "@/lib/db/client";
import { forgetStatesPresent, relevanceUnits } from "./relevance";
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
    // "4h" typed for "4-H"; a large Montana foundation without it.
    org("000000021", "MONTANA 4-H FOUNDATION INC", "BOZEMAN", "MT", "59715", 45.68, -111.04, "O52", 1_282_058),
    org("000000022", "MONTANA FOUNDATION FOR HEALTH", "BOZEMAN", "MT", "59715", 45.68, -111.04, "E11", 90_000_000),
    // Joined words where either pair may be joined: "medical center" and "center foundation".
    org("000000023", "SOUTHEAST ALABAMA MEDICAL CENTERFOUNDATION", "DOTHAN", "AL", "36301", 31.22, -85.39, "E11", 900_000),
    org("000000024", "EAST ALABAMA MEDICAL CENTER FOUNDATION", "OPELIKA", "AL", "36801", 32.65, -85.38, "E11", 2_000_000),
    org("000000025", "RIVERSIDE MEDICALCENTER", "MOBILE", "AL", "36602", 30.69, -88.04, "E22", 5_000_000),
    // The name typed, of an organization filed without amounts; a short name against size.
    org("000000026", "FOOD BANK OF ALASKA INC", "ANCHORAGE", "AK", "99501", 61.22, -149.9, "K31", null),
    org("000000027", "KENAI PENINSULA FOOD BANK INC", "SOLDOTNA", "AK", "99669", 60.49, -151.06, "K31", 2_545_527),
    org("000000028", "ST LUKES", "LIBBY", "MT", "59923", 48.39, -115.55, null, null),
    org("000000029", "ST LUKES REGIONAL MEDICAL CENTER", "BOISE", "ID", "83702", 43.61, -116.2, "E22", 1_451_147_570),
    org("000000030", "UNITED WAY INC", "HARTFORD", "CT", "06103", 41.76, -72.68, "T70", 20_074_645),
    org("000000031", "UNITED WAY OF CENTRAL ALABAMA INC", "BIRMINGHAM", "AL", "35203", 33.52, -86.8, "T70", 90_975_472),
    // A place typed keeps the later stages there.
    org("000000032", "COMEA INC", "CHEYENNE", "WY", "82001", 41.14, -104.82, "L40", 600_913),
    org("000000033", "NEW MILFORD SHELTER CRISIS FUND", "NEW MILFORD", "CT", "06776", 41.58, -73.41, null, 50_000),
    // Acronyms typed for names filed in full, against small organizations filed under the acronym.
    org("000000034", "CHARLESTON AREA MEDICAL CENTER INC", "CHARLESTON", "WV", "25301", 38.35, -81.63, "E22", 1_184_883_415),
    org("000000035", "CAMC FOUNDATION INC", "CHARLESTON", "WV", "25301", 38.35, -81.63, "E11", 40_000),
    org("000000036", "UNIVERSITY OF CONNECTICUT FOUNDATION INCORPORATED", "STORRS", "CT", "06268", 41.81, -72.25, "B11", 68_228_207),
    org("000000037", "UCONN SOCCER FOUNDATION", "STORRS", "CT", "06268", 41.81, -72.25, null, 3_000),
    // A short name typed exactly: the small organization filed so does not pass the large one.
    org("000000038", "SACRED HEART", "JONESBORO", "AR", "72401", 35.84, -90.7, "P99", 76_840),
    org("000000039", "SACRED HEART UNIVERSITY", "FAIRFIELD", "CT", "06825", 41.22, -73.24, "B43", 337_965_803),
  ]);
  await h.exec("analyze organizations");
});
afterAll(async () => h.close());

const top = async (query: string) => (await searchNonprofits({ query, limit: 3, offset: 0 })).results.map((r) => r.ein);

describe("directory search relevance: compounds, prominence, acronyms, causes, places", () => {
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
  test("a number and a letter typed together find the hyphenated name: 'montana 4h foundation'", async () => {
    expect((await top("montana 4h foundation"))[0]).toBe("000000021");
  });
  test("words joined either way: 'southeast alabama medical center foundation'", async () => {
    expect((await top("southeast alabama medical center foundation"))[0]).toBe("000000023");
  });
  test("the name typed, filed without amounts, comes first: 'foodbank of alaska'", async () => {
    expect((await top("foodbank of alaska"))[0]).toBe("000000026");
  });
  test("a short exact name or a namesake of known size does not beat the prominent organization", async () => {
    expect((await top("st lukes"))[0]).toBe("000000029");
    expect((await top("united way"))[0]).toBe("000000031");
  });
  test("an acronym typed matches the initials of a name filed in full, the prominent one first: 'camc', 'uconn foundation'", async () => {
    expect((await top("camc"))[0]).toBe("000000034");
    expect(await top("camc")).toContain("000000035");
    expect((await top("uconn foundation"))[0]).toBe("000000036");
  });
  test("a short name typed exactly gets little of the exact-name bonus: 'sacred heart'", async () => {
    expect((await top("sacred heart"))[0]).toBe("000000039");
  });
  test("a long word splits into an indexed word and a common one: 'foodshare' is food + share", () => {
    const lexicon = { known: new Set(["food", "share"]), common: new Set(["food"]), commonTerms: new Set<string>() };
    expect(relevanceUnits(["helena", "foodshare"], lexicon, false)[1]).toContain("(food & share)");
    expect(relevanceUnits(["foodshare"], { known: new Set(["food", "share"]), common: new Set<string>(), commonTerms: new Set<string>() }, false)[0]).not.toContain("&");
  });
  test("homeless shelters filed as temporary housing (NTEE L40) are homeless shelters", async () => {
    expect((await top("homeless shelter cheyenne"))[0]).toBe("000000032");
  });
  test("when not every word matches, the place typed still holds: nothing from another state first", async () => {
    expect((await top("shelter crisis cheyenne"))[0]).toBe("000000032");
  });
  test("hits carry the display name and the legal name", async () => {
    const r = await searchNonprofits({ query: "ymca wichita", limit: 1, offset: 0 });
    expect(r.results[0]).toMatchObject({ name: "Young Mens Christian Assn of Wichita", legalName: "YOUNG MENS CHRISTIAN ASSN OF WICHITA", city: "Wichita" });
  });
});
