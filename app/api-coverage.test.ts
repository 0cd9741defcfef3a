import { describe, expect, it } from "vitest";
import { specCalls } from "../tests/fixtures/spec-calls.ts";
import { type Access, apiAccess } from "./access.ts";
import { CONTENT_ROLE } from "./auth/roles.ts";

/**
 * The spec's "admin" is one role for the whole admin area. We split it: the site's content is the
 * Editor's work (an Admin may do it too); who receives the money, orders, inbox and people stay the Admin's.
 */
const ADMIN_ONLY_AREAS = new Set(["payment account", "orders", "messages", "subscribers", "admin users"]);

/** The access the spec's "who may call (intended)" column means, in the table's terms. */
function intended(who: string, area: string): Access {
  if (who === "anyone") return "public";
  if (who.startsWith("admin:")) return "user";
  if (who.startsWith("admin")) return ADMIN_ONLY_AREAS.has(area) ? "Admin" : CONTENT_ROLE;
  // "signed in", "the order's owner or admin", "the order's owner, while UnPaid": ownership is
  // checked by the orders service on top of being signed in.
  return "user";
}

describe("every API call of the spec", () => {
  for (const call of specCalls()) {
    it(`${call.method} ${call.path} (${call.who})`, () => {
      expect(apiAccess[`${call.method} ${call.path}` as keyof typeof apiAccess]).toBe(intended(call.who, call.area));
    });
  }
});
