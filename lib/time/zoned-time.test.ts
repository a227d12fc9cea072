import { fromZonedInput, nextCalendarDay, timeZoneAbbreviation, timeZoneLabel, toZonedInput, zonedCalendarDay, zonedDayStart } from "./zoned-time";

describe("wall-clock times in a zone", () => {
  it("reads a datetime-local value in the organization's zone, standard and daylight time", () => {
    expect(fromZonedInput("2031-01-15T14:00", "America/New_York")).toBe("2031-01-15T19:00:00.000Z");
    expect(fromZonedInput("2031-07-15T14:00", "America/New_York")).toBe("2031-07-15T18:00:00.000Z");
    expect(fromZonedInput("2031-07-15T14:00", "America/Phoenix")).toBe("2031-07-15T21:00:00.000Z");
    expect(fromZonedInput("2031-07-15T14:00", "UTC")).toBe("2031-07-15T14:00:00.000Z");
  });

  it("keeps an empty value empty and refuses what is not a time", () => {
    expect(fromZonedInput("  ", "America/New_York")).toBe("");
    expect(fromZonedInput("tomorrow", "America/New_York")).toBeNull();
    expect(fromZonedInput("2031-02-30T10:00", "America/New_York")).toBeNull();
    expect(fromZonedInput("2031-02-10T24:00", "America/New_York")).toBeNull();
  });

  it("shows an instant back as the same wall-clock value", () => {
    expect(toZonedInput("2031-01-15T19:00:00.000Z", "America/New_York")).toBe("2031-01-15T14:00");
    expect(toZonedInput("2031-01-16T03:30:00.000Z", "America/Los_Angeles")).toBe("2031-01-15T19:30");
    expect(toZonedInput(null, "America/New_York")).toBe("");
    const typed = "2031-11-02T01:30";
    expect(toZonedInput(fromZonedInput(typed, "America/Chicago"), "America/Chicago")).toBe(typed);
  });
});

describe("calendar days in a zone", () => {
  it("starts a day at local midnight, across daylight saving changes", () => {
    expect(zonedDayStart("2026-01-15", "America/New_York").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(zonedDayStart("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(zonedDayStart("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(zonedDayStart("2026-01-15", "UTC").toISOString()).toBe("2026-01-15T00:00:00.000Z");
  });

  it("names the local day of an instant, and the next day", () => {
    expect(zonedCalendarDay("2026-07-01T03:00:00Z", "America/New_York")).toBe("2026-06-30");
    expect(zonedCalendarDay("2026-07-01T03:00:00Z", "UTC")).toBe("2026-07-01");
    expect(nextCalendarDay("2028-02-28")).toBe("2028-02-29");
    expect(nextCalendarDay("2026-12-31")).toBe("2027-01-01");
  });

  it("labels a zone for people", () => {
    expect(timeZoneLabel("America/New_York")).toBe("Eastern Time");
    expect(timeZoneLabel("UTC")).toBe("UTC");
    expect(timeZoneAbbreviation("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe("EST");
    expect(timeZoneAbbreviation("America/New_York", new Date("2026-07-15T12:00:00Z"))).toBe("EDT");
  });
});
