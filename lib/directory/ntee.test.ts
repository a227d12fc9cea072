import { NTEE_MAJOR_GROUPS, nteeCategory, nteeMajorGroup } from "./ntee";

describe("NTEE major groups", () => {
  test("the list holds the 26 groups A..Z in order, with the standard names", () => {
    expect(NTEE_MAJOR_GROUPS.map((g) => g.letter).join("")).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    expect(NTEE_MAJOR_GROUPS[0]).toEqual({ letter: "A", category: "Arts, Culture & Humanities", international: false });
    expect(NTEE_MAJOR_GROUPS.find((g) => g.letter === "T")?.category).toBe("Philanthropy, Voluntarism & Grantmaking Foundations");
    expect(NTEE_MAJOR_GROUPS[25]!.category).toBe("Unknown");
  });

  test("a code's first letter gives its category, whatever the case and spaces", () => {
    expect(nteeCategory("B20")).toBe("Education");
    expect(nteeCategory(" e22i ")).toBe("Health Care");
    expect(nteeCategory("K31Z")).toBe("Food, Agriculture & Nutrition");
    expect(nteeCategory("X")).toBe("Religion-Related");
    expect(nteeMajorGroup("C340")).toEqual({ letter: "C", category: "Environment", international: false });
  });

  test("only Q (international) organizations are flagged international", () => {
    expect(nteeMajorGroup("Q30")).toEqual({
      letter: "Q",
      category: "International, Foreign Affairs & National Security",
      international: true,
    });
    expect(NTEE_MAJOR_GROUPS.filter((g) => g.international).map((g) => g.letter)).toEqual(["Q"]);
  });

  test("codes that name no group give null", () => {
    for (const code of ["050", "0000", "", "   ", null, undefined, "-"]) {
      expect(nteeMajorGroup(code)).toBeNull();
      expect(nteeCategory(code)).toBeNull();
    }
  });
});
