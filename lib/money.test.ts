import { centsToDecimalString, formatCents, parseDollarsToCents, progressPercent, truncateFundraiserName } from "./money";

describe("money in cents", () => {
  test("formats dollars with two decimals", () => {
    expect(formatCents(2500)).toBe("$25.00");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(5)).toBe("$0.05");
  });
  test("CSV decimal strings are exact", () => {
    expect(centsToDecimalString(123456)).toBe("1234.56");
    expect(centsToDecimalString(7)).toBe("0.07");
    expect(centsToDecimalString(-1050)).toBe("-10.50");
  });
  test("progress percent is rounded progress / goal x 100", () => {
    expect(progressPercent(2500, 10000)).toBe(25);
    expect(progressPercent(1, 300)).toBe(0);
    expect(progressPercent(2, 300)).toBe(1);
    expect(progressPercent(15000, 10000)).toBe(150);
    expect(progressPercent(100, 0)).toBe(0);
  });
  test("names over 25 characters show 24 and an ellipsis", () => {
    expect(truncateFundraiserName("a".repeat(25))).toBe("a".repeat(25));
    expect(truncateFundraiserName("b".repeat(26))).toBe(`${"b".repeat(24)}…`);
  });
  describe("typed dollars to cents", () => {
    test("reads the digits exactly, without floating point", () => {
      expect(parseDollarsToCents("0.29")).toBe(29);
      expect(parseDollarsToCents("19.99")).toBe(1999);
      expect(parseDollarsToCents("0.07")).toBe(7);
      expect(parseDollarsToCents("25")).toBe(2500);
      expect(parseDollarsToCents("25.5")).toBe(2550);
      expect(parseDollarsToCents("25.")).toBe(2500);
      expect(parseDollarsToCents("0")).toBe(0);
    });
    test("ignores dollar signs, thousands separators and spaces", () => {
      expect(parseDollarsToCents("$1,025.00")).toBe(102500);
      expect(parseDollarsToCents(" $5,000.5 ")).toBe(500050);
      expect(parseDollarsToCents("1 000")).toBe(100000);
    });
    test("takes a number as its decimal text", () => {
      expect(parseDollarsToCents(12.34)).toBe(1234);
      expect(parseDollarsToCents(0.1 + 0.2)).toBeNull();
      expect(parseDollarsToCents(Number.NaN)).toBeNull();
      expect(parseDollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
    });
    test("refuses a third decimal instead of rounding it", () => {
      expect(parseDollarsToCents("1.005")).toBeNull();
      expect(parseDollarsToCents("12.345")).toBeNull();
    });
    test("keeps every cent of large amounts and refuses amounts too large to keep exact", () => {
      expect(parseDollarsToCents("9,999,999,999,999.99")).toBe(999_999_999_999_999);
      expect(parseDollarsToCents("1234567890123.45")).toBe(123_456_789_012_345);
      expect(parseDollarsToCents("99999999999999.99")).toBeNull();
      expect(parseDollarsToCents("123456789012345678")).toBeNull();
    });
    test("refuses what is not a dollar amount", () => {
      for (const bad of ["", " ", "$", ".5", "-5", "+5", "1e3", "0x10", "Infinity", "NaN", "12.3.4", "ten", "5 dollars", "1,00.0.0"]) {
        expect([bad, parseDollarsToCents(bad)]).toEqual([bad, null]);
      }
    });
  });
});
