import { centsToDecimalString, formatCents, progressPercent, truncateCampaignName } from "./money";

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
    expect(truncateCampaignName("a".repeat(25))).toBe("a".repeat(25));
    expect(truncateCampaignName("b".repeat(26))).toBe(`${"b".repeat(24)}…`);
  });
});
