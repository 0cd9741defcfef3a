import { z } from "zod";

/**
 * The "publish at" form: a local date and time as a `datetime-local` input sends it
 * ("2025-06-01T09:30"), and the browser's offset from UTC in minutes as `Date.getTimezoneOffset()`
 * gives it (a small script fills `tzOffset`; without JavaScript it stays 0 and the time is UTC,
 * which the form says). The result is the moment in UTC.
 */
export const MAX_SCHEDULE_DAYS = 366;

export const schedulePublishSchema = (now: Date) =>
  z
    .object({
      publishAt: z
        .string({ error: "Publish time is required" })
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Publish time must be a date and time such as 2025-06-01T09:30"),
      tzOffset: z
        .string()
        .trim()
        .regex(/^-?\d{1,3}$/, "Time zone offset must be a whole number of minutes")
        .default("0"),
    })
    .transform(({ publishAt, tzOffset }, ctx) => {
      const asUtc = Date.parse(`${publishAt}:00Z`);
      const offset = Number(tzOffset);
      if (Number.isNaN(asUtc) || Math.abs(offset) > 14 * 60) {
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Publish time is not a real date and time" });
        return z.NEVER;
      }
      // getTimezoneOffset() is UTC minus local time, so local + offset = UTC.
      const at = new Date(asUtc + offset * 60_000);
      if (at.getTime() <= now.getTime()) {
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Publish time must be in the future" });
        return z.NEVER;
      }
      if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: `Publish time must be within ${MAX_SCHEDULE_DAYS} days` });
        return z.NEVER;
      }
      return at;
    });
