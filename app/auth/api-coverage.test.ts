import { describe, expect, it } from "vitest";
import { specCalls } from "../../tests/fixtures/spec-calls.ts";
import { type Access, apiAccess } from "./access.ts";

/** The access the spec's "who may call (intended)" column means, in the table's terms. */
function intended(who: string): Access {
  if (who === "anyone") return "public";
  if (who.startsWith("admin")) return who.startsWith("admin:") ? "user" : "Admin";
  // "signed in", "the order's owner or admin", "the order's owner, while UnPaid": ownership is
  // checked by the orders service on top of being signed in.
  return "user";
}

describe("every API call of the spec", () => {
  for (const call of specCalls()) {
    it(`${call.method} ${call.path} (${call.who})`, () => {
      expect(apiAccess[`${call.method} ${call.path}` as keyof typeof apiAccess]).toBe(intended(call.who));
    });
  }
});
