import { installPromptDue, nextInstallCounter } from "./install-counter";

describe("install prompt counter (spec 9: counter modulo 5)", () => {
  test("the prompt is due on visits whose stored counter is a multiple of 5", () => {
    const due = Array.from({ length: 12 }, (_, i) => installPromptDue(i));
    expect(due).toEqual([true, false, false, false, false, true, false, false, false, false, true, false]);
  });

  test("a missing or corrupt counter counts as 0 and restarts", () => {
    for (const bad of [null, undefined, "3", -1, 2.5, NaN]) {
      expect(installPromptDue(bad)).toBe(true);
      expect(nextInstallCounter(bad)).toBe(1);
    }
    expect(nextInstallCounter(4)).toBe(5);
  });
});
