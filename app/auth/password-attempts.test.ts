import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.server.ts";
import { openDatabase } from "../db/db.server.ts";
import { createRateLimiter } from "../security/rate-limit.server.ts";
import { createAuth } from "./auth.server.ts";
import { PASSWORD_CALLS } from "./password-attempts.server.ts";

const dir = mkdtempSync(join(tmpdir(), "rankwell-auth-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Endpoint = { path?: string; options?: { method?: string | string[]; body?: { shape?: Record<string, unknown> }; metadata?: { SERVER_ONLY?: boolean } } };

describe("the password rate limit", () => {
  it("covers every endpoint of our better-auth whose body takes a password", () => {
    const config = loadConfig({ AUTH_SECRET: "x".repeat(32), DATABASE_URL: `file:${join(dir, "t.db")}` });
    const { db, kind } = openDatabase({ kind: "sqlite", file: join(dir, "t.db") });
    const auth = createAuth(config, { db, kind, mailer: { send: async () => {} }, rateLimiter: createRateLimiter(db, 10) });
    const takingAPassword = (Object.values(auth.api) as Endpoint[])
      .filter((e) => !e.options?.metadata?.SERVER_ONLY && Object.keys(e.options?.body?.shape ?? {}).some((field) => /password/i.test(field)))
      .map((e) => e.path!);
    // (Sign-up's body is open-ended, with no fields listed; it is limited all the same.)
    expect(takingAPassword).toEqual(expect.arrayContaining(["/sign-in/email", "/change-password", "/verify-password", "/reset-password", "/delete-user"]));
    for (const path of takingAPassword) expect(PASSWORD_CALLS, `${path} takes a password`).toHaveProperty([path]);
  });
});
