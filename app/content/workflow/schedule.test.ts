import { describe, expect, it } from "vitest";
import { schedulePublishSchema } from "./schedule.ts";

const now = new Date("2025-06-01T12:00:00Z");
const parse = (input: Record<string, string>) => schedulePublishSchema(now).safeParse(input);

describe("schedulePublishSchema", () => {
  it("reads a local time with the browser's offset as a moment in UTC", () => {
    // Berlin in summer: getTimezoneOffset() is -120, so 15:30 there is 13:30 UTC.
    expect(parse({ publishAt: "2025-06-01T15:30", tzOffset: "-120" }).data?.toISOString()).toBe("2025-06-01T13:30:00.000Z");
    // Without the script the offset is missing: the time is UTC.
    expect(parse({ publishAt: "2025-06-01T15:30" }).data?.toISOString()).toBe("2025-06-01T15:30:00.000Z");
    // New York in summer: +240; 08:30 there is 12:30 UTC.
    expect(parse({ publishAt: "2025-06-01T08:30", tzOffset: "240" }).data?.toISOString()).toBe("2025-06-01T12:30:00.000Z");
  });

  it("refuses the past, now, the far future and nonsense, naming publishAt", () => {
    for (const publishAt of ["2025-06-01T11:59", "2025-06-01T12:00", "2026-06-03T12:00", "2025-13-01T10:00", "tomorrow", ""]) {
      const result = parse({ publishAt, tzOffset: "0" });
      expect(result.success, publishAt).toBe(false);
      expect(result.error?.issues[0]?.path, publishAt).toEqual(["publishAt"]);
    }
    expect(parse({ publishAt: "2025-06-02T10:00", tzOffset: "9999" }).success).toBe(false);
  });
});
