import { isBareSearch, readSearchPage, searchHrefWith } from "./search-page-params";

const read = (q: string) => readSearchPage(new URLSearchParams(q));

describe("what a /search address asks for (lib/search/search-page-params.ts)", () => {
  test("text, category, paging and the category's filters become the API call", () => {
    const s = read("queryString=food+bank&searchCategory=NonProfits&state=vt&currentDisplayRecords=20&limit=10&topic=ignored");
    expect(s).toMatchObject({ queryString: "food bank", searchCategory: "NonProfits", limit: 10, pageSize: 10, offset: 20, problem: null, values: { state: "vt" } });
    const api = new URLSearchParams(s.apiQuery);
    expect(Object.fromEntries(api)).toEqual({ searchEngineCategory: "NonProfits", search_query: "food bank", limit: "10", currentDisplayRecords: "20", state: "vt" });
  });

  test("Show all asks for 100 per page; links keep the search", () => {
    const s = read("queryString=&searchCategory=Campaigns&showAll=true&topic=Arts");
    expect(s.pageSize).toBe(100);
    expect(new URLSearchParams(s.apiQuery).get("limit")).toBe("100");
    expect(searchHrefWith(s.linkParams, { currentDisplayRecords: "100" })).toBe("/search?queryString=&searchCategory=Campaigns&topic=Arts&showAll=true&limit=20&currentDisplayRecords=100");
  });

  test("an invalid parameter is reported with the schema's message and left out, and the search still runs", () => {
    const badState = read("queryString=shelter&searchCategory=NonProfits&state=Vermont");
    expect(badState.problem).toBe("Use a two-letter state code, for example VT.");
    expect(new URLSearchParams(badState.apiQuery).has("state")).toBe(false);
    const badCategory = read("queryString=x&searchCategory=Charities");
    expect(badCategory.problem).toBe("Choose NonProfits, Campaigns or Events.");
    expect(badCategory.searchCategory).toBe("NonProfits");
  });

  test("only an address with neither text nor category is bare", () => {
    expect(isBareSearch(new URLSearchParams(""))).toBe(true);
    expect(isBareSearch(new URLSearchParams("limit=5"))).toBe(true);
    expect(isBareSearch(new URLSearchParams("queryString="))).toBe(false);
    expect(isBareSearch(new URLSearchParams("searchCategory=Events"))).toBe(false);
  });
});
