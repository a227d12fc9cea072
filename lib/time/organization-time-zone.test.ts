import { DEFAULT_TIME_ZONE, formatInTimeZone, formatTimeRange, organizationTimeZone } from "./organization-time-zone";

describe("organizationTimeZone", () => {
  it("maps a state to its IANA zone, case-insensitively", () => {
    expect(organizationTimeZone({ state: "VT" })).toBe("America/New_York");
    expect(organizationTimeZone({ state: "ca" })).toBe("America/Los_Angeles");
    expect(organizationTimeZone({ state: "AZ" })).toBe("America/Phoenix");
  });

  it("falls back to the ZIP code's state, then to UTC", () => {
    expect(organizationTimeZone({ state: null, zipcode: "60601" })).toBe("America/Chicago");
    expect(organizationTimeZone({ state: "", zipcode: "05602-2957" })).toBe("America/New_York");
    expect(organizationTimeZone({ state: "ZZ", zipcode: "nonsense" })).toBe(DEFAULT_TIME_ZONE);
    expect(organizationTimeZone({})).toBe("UTC");
  });
});

describe("formatInTimeZone", () => {
  it("shows the zone's short name, standard and daylight time", () => {
    // 19:00 UTC on Jan 15 is 2:00 PM EST; 18:00 UTC on Jul 15 is 2:00 PM EDT.
    expect(formatInTimeZone("2026-01-15T19:00:00Z", "America/New_York")).toBe("Thu, Jan 15, 2026, 2:00 PM EST");
    expect(formatInTimeZone("2026-07-15T18:00:00Z", "America/New_York", { timeOnly: true })).toBe("2:00 PM EDT");
    expect(formatInTimeZone("2026-07-15T18:00:00Z", "America/Phoenix", { timeOnly: true })).toBe("11:00 AM MST");
  });

  it("crosses the date line into the zone's own day", () => {
    expect(formatInTimeZone("2026-03-01T03:30:00Z", "America/Los_Angeles")).toBe("Sat, Feb 28, 2026, 7:30 PM PST");
  });

  it("rejects an invalid instant", () => {
    expect(() => formatInTimeZone("not a date", "UTC")).toThrow(RangeError);
  });
});

describe("formatTimeRange", () => {
  it("names the day and the zone once for a same-day event", () => {
    expect(formatTimeRange("2026-01-15T19:00:00Z", "2026-01-15T21:30:00Z", "America/New_York")).toBe("Thu, Jan 15, 2026, 2:00 PM – 4:30 PM EST");
  });

  it("spells out both ends across days, and the start alone without an end", () => {
    expect(formatTimeRange("2026-01-15T19:00:00Z", "2026-01-16T19:00:00Z", "America/Chicago")).toBe("Thu, Jan 15, 2026, 1:00 PM CST – Fri, Jan 16, 2026, 1:00 PM CST");
    expect(formatTimeRange("2026-01-15T19:00:00Z", null, "UTC")).toBe("Thu, Jan 15, 2026, 7:00 PM UTC");
  });
});

describe("long form", () => {
  it("spells out the weekday and month", () => {
    expect(formatTimeRange("2026-01-15T19:00:00Z", "2026-01-15T21:30:00Z", "America/New_York", { long: true })).toBe("Thursday, January 15, 2026, 2:00 PM – 4:30 PM EST");
  });
});
