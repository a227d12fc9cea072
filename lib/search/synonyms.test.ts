import { phraseSynonymsOf, stateCodeOf, synonymsOf } from "./synonyms";

describe("synonym table", () => {
  test("an acronym's words typed in full stand for the acronym (stop words dropped)", () => {
    expect(phraseSynonymsOf(["young", "mens", "christian", "association"])).toEqual(["ymca"]);
    expect(phraseSynonymsOf(["veterans", "foreign", "wars"])).toEqual(["vfw"]);
    expect(phraseSynonymsOf(["young", "mens"])).toEqual([]);
  });
  test("a state name typed in full also matches its code, never the reverse, and never an ambiguous code", () => {
    expect(stateCodeOf("mississippi")).toBe("ms");
    expect(phraseSynonymsOf(["west", "virginia"])).toEqual(["wv"]);
    expect(stateCodeOf("ms")).toBeNull();
    expect(synonymsOf("ms")).toEqual([]);
    // "LA CASA", "DE LA", "IN", "OR": codes that are words of names are left out.
    expect(stateCodeOf("louisiana")).toBeNull();
    expect(stateCodeOf("indiana")).toBeNull();
  });
});
