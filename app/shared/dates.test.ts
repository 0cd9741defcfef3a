import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, isTimeZone, setSiteTimeZone, shortDate, siteTimeZoneName, utcDateTime } from "./dates.ts";

afterEach(() => setSiteTimeZone("UTC"));

describe("dates: one format, in the site's time zone", () => {
  it("shows the date as MM/DD/YYYY, in UTC by default", () => {
    expect(siteTimeZoneName()).toBe("UTC");
    expect(shortDate("2025-09-01T23:30:00.000Z")).toBe("09/01/2025");
    expect(shortDate("2024-12-31T00:00:00.000Z")).toBe("12/31/2024");
    expect(shortDate("nonsense")).toBe("");
  });

  it("adds the time to the minute or the second, naming the zone", () => {
    expect(formatDateTime("2026-11-24T16:05:09.000Z")).toBe("11/24/2026, 16:05 UTC");
    expect(formatDateTime("2026-01-02T00:00:00.000Z")).toBe("01/02/2026, 00:00 UTC");
    expect(utcDateTime("2026-11-24T16:05:09.000Z")).toBe("11/24/2026, 16:05:09 UTC");
    expect(formatDateTime("nonsense")).toBe("");
  });

  it("in another site time zone, the calendar day and the clock are that zone's", () => {
    setSiteTimeZone("America/New_York");
    // 23:30 UTC on Sep 1 is 19:30 on Sep 1 in New York (EDT); 02:00 UTC on Jan 1 is Dec 31 there (EST).
    expect(shortDate("2025-09-01T23:30:00.000Z")).toBe("09/01/2025");
    expect(shortDate("2025-01-01T02:00:00.000Z")).toBe("12/31/2024");
    expect(formatDateTime("2025-01-01T02:00:00.000Z")).toBe("12/31/2024, 21:00 EST");
    expect(formatDateTime("2025-07-01T12:00:00.000Z")).toBe("07/01/2025, 08:00 EDT");
    setSiteTimeZone("Asia/Tokyo");
    expect(shortDate("2025-09-01T23:30:00.000Z")).toBe("09/02/2025");
    expect(formatDate("2025-09-01T23:30:00.000Z", "second")).toBe("09/02/2025, 08:30:00 GMT+9");
  });

  it("a zone can be given for one call, and unknown zones are refused", () => {
    expect(formatDate("2025-09-01T23:30:00.000Z", "minute", "Europe/Berlin")).toBe("09/02/2025, 01:30 GMT+2");
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(() => setSiteTimeZone("Mars/Olympus")).toThrow(/Unknown time zone/);
    expect(siteTimeZoneName()).toBe("UTC");
  });
});
