import { normalizeZip, suggestLocations, zipDataSource, zipToCoordinates } from "./zip";

describe("ZIP lookup", () => {
  test("5-digit, ZIP+4 and 9-digit forms give the same coordinates", () => {
    const montpelier = { latitude: 44.2641, longitude: -72.577 };
    expect(zipToCoordinates("05602")).toEqual(montpelier);
    expect(zipToCoordinates("05602-2957")).toEqual(montpelier);
    expect(zipToCoordinates("056022957")).toEqual(montpelier);
    expect(zipToCoordinates(" 05602 ")).toEqual(montpelier);
    expect(normalizeZip("05089-0000")).toBe("05089");
  });

  test("not a ZIP, a lost leading zero or an unknown ZIP give null", () => {
    for (const zip of ["5602", "ABCDE", "05602-29", "0560229571", "", null, undefined, "00000"]) {
      expect(zipToCoordinates(zip)).toBeNull();
    }
  });

  test("the package data is read the light way (JSON), not by requiring its 4.9 MB module", () => {
    expect(zipDataSource()).toBe("json");
  });
});

describe("suggestLocations", () => {
  test("a digit prefix lists ZIPs in order, up to the limit", () => {
    const found = suggestLocations("0560", 3);
    expect(found.map((s) => s.zip)).toEqual(["05601", "05602", "05603"]);
    expect(found[0]).toEqual({ zip: "05601", city: "Montpelier", state: "VT", latitude: 44.1991, longitude: -72.5596 });
  });

  test("a city prefix matches case-insensitively, one suggestion per city and state", () => {
    const found = suggestLocations("montpel", 20);
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((s) => s.city.toLowerCase().startsWith("montpel"))).toBe(true);
    expect(found.filter((s) => s.city === "Montpelier" && s.state === "VT")).toEqual([
      expect.objectContaining({ zip: "05601" }),
    ]);
  });

  test("a state after a comma narrows the cities", () => {
    const found = suggestLocations("Montpelier, VT");
    expect(found).toEqual([expect.objectContaining({ city: "Montpelier", state: "VT", zip: "05601" })]);
  });

  test("blank or unknown prefixes give nothing; the limit is respected", () => {
    expect(suggestLocations("")).toEqual([]);
    expect(suggestLocations("zzqx")).toEqual([]);
    expect(suggestLocations("s", 5)).toHaveLength(5);
    expect(suggestLocations("0", 1000)).toHaveLength(100);
  });
});
