import { describe, expect, it } from "vitest";
import { dbFailure } from "./failures.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("dbFailure", () => {
  it("knows a database that cannot store", () => {
    expect(dbFailure(withCode("database or disk is full", "SQLITE_FULL"))).toMatchObject({ kind: "storage", code: "SQLITE_FULL" });
    expect(dbFailure(withCode("attempt to write a readonly database", "SQLITE_READONLY"))).toMatchObject({ kind: "storage" });
    expect(dbFailure(withCode("could not extend file", "53100"))).toMatchObject({ kind: "storage" });
    expect(dbFailure(withCode("cannot execute INSERT in a read-only transaction", "25006"))).toMatchObject({ kind: "storage" });
  });

  it("knows a database that cannot be reached, also wrapped as another error's cause", () => {
    expect(dbFailure(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toMatchObject({ kind: "unavailable" });
    expect(dbFailure(new Error("Connection terminated unexpectedly"))).toMatchObject({ kind: "unavailable" });
    expect(dbFailure(new Error("Query read timeout"))).toMatchObject({ kind: "unavailable" });
    expect(dbFailure(withCode("canceling statement due to statement timeout", "57014"))).toMatchObject({ kind: "unavailable" });
    expect(dbFailure(new Error("Failed to get session", { cause: new Error("timeout exceeded when trying to connect") }))).toMatchObject({ kind: "unavailable" });
  });

  it("leaves every other error alone (a bug stays a 500)", () => {
    expect(dbFailure(withCode("UNIQUE constraint failed", "SQLITE_CONSTRAINT_UNIQUE"))).toBeUndefined();
    expect(dbFailure(new TypeError("x is undefined"))).toBeUndefined();
    expect(dbFailure("not an error")).toBeUndefined();
  });
});
