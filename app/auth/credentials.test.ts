import { describe, expect, it } from "vitest";
import { fieldErrors } from "../errors.ts";
import { credentialsSchema } from "./credentials.ts";
import { safeRedirect } from "./permissions.server.ts";

const messages = (input: unknown) => {
  const result = credentialsSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("credentials", () => {
  it("gives the spec's messages", () => {
    expect(messages({})).toEqual({ email: "Email is Required", password: "Password is Required" });
    expect(messages({ email: "", password: "" })).toEqual({ email: "Email is Required", password: "Password is Required" });
    expect(messages({ email: "abc", password: "12345" })).toEqual({ email: "Provide a Valid Email", password: "Minimum 6 Characters" });
    expect(messages({ email: " Ab@C.io ", password: "123456" })).toEqual({});
  });

  it("normalises the email", () => {
    expect(credentialsSchema.parse({ email: " Ab@C.io ", password: "123456" }).email).toBe("ab@c.io");
  });
});

describe("safeRedirect", () => {
  it("follows only same-site paths", () => {
    expect(safeRedirect("/my-order?page=2")).toBe("/my-order?page=2");
    expect(safeRedirect("//evil.example")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirect("https://evil.example")).toBe("/dashboard");
    expect(safeRedirect(null, "/")).toBe("/");
  });
});
