import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.server.ts";

describe("common passwords", () => {
  it("refuses listed passwords and the patterns built on them", async () => {
    for (const password of ["password", "123456", "qwerty123", "secret123", "iloveyou", "password1", "aaaaaaaa", "abcdef", "x".repeat(128)]) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it("accepts six random characters (the spec's minimum) and real passphrases", async () => {
    for (const password of ["kqzvmx", "a8k2m1", "correct horse battery", "Tr0ub4dor&3", "quiet-harbor-42"]) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});
