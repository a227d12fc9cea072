import { taxStatusOf } from "./tax-status";

describe("taxStatusOf", () => {
  test("a 501(c)(3) public charity with deductibility code 1: deductible", () => {
    expect(taxStatusOf("03", "1")).toEqual({
      status: "501(c)(3) nonprofit",
      deductible: true,
      sentence: "Your gift is tax-deductible to the extent allowed by law.",
    });
  });

  test("a 501(c)(4) social welfare organization with code 2: not deductible", () => {
    const s = taxStatusOf("04", "2");
    expect(s.status).toBe("501(c)(4) nonprofit");
    expect(s.deductible).toBe(false);
    expect(s.sentence).toBe("Your gift is not tax-deductible as a charitable contribution.");
  });

  test("the deductibility code decides, not the subsection", () => {
    expect(taxStatusOf("04", "1").deductible).toBe(true);
    expect(taxStatusOf("03", null).deductible).toBeNull();
    expect(taxStatusOf("03", "0").sentence).toBe("The IRS file does not say whether gifts to this organization are tax-deductible.");
  });

  test("a foreign organization deductible by treaty says so", () => {
    expect(taxStatusOf("03", "4")).toMatchObject({ deductible: true, sentence: expect.stringContaining("tax treaty") });
  });

  test("subsection forms: one digit, trusts, unknown", () => {
    expect(taxStatusOf("7", "2").status).toBe("501(c)(7) nonprofit");
    expect(taxStatusOf("92", "1").status).toBe("4947(a)(1) charitable trust");
    expect(taxStatusOf(null, "1").status).toBeNull();
    expect(taxStatusOf("00", "1").status).toBeNull();
    expect(taxStatusOf("x3", "1").status).toBeNull();
  });
});
