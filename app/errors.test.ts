import { z } from "zod";
import { describe, expect, it } from "vitest";
import { AppError, invalidFields, parseInput } from "./errors.ts";

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error("not refused");
};

describe("error summaries", () => {
  it("name the fields by the labels people see, not their internal names", () => {
    const schema = z.object({ bannerHeading: z.string().min(1, "Heading is required").describe("Heading"), buttonURL: z.string().min(1, "Button link is required").describe("Button link") });
    const error = refused(() => parseInput(schema, { bannerHeading: "", buttonURL: "" }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Please check these fields: Heading, Button link.");
    expect(error.fields).toEqual({ bannerHeading: "Heading is required", buttonURL: "Button link is required" });
  });

  it("fall back to the field's own message, never its name", () => {
    expect(invalidFields({ paypalEmail: "PayPal email must be a valid email address." }).message).toBe("Please check the field: PayPal email must be a valid email address.");
  });
});
