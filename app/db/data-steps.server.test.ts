import { describe, expect, it } from "vitest";
import { migratedSqlite } from "../../tests/setup/temp-sqlite.ts";
import { runOnce } from "./data-steps.server.ts";

const t = migratedSqlite("data-steps");

describe("runOnce", () => {
  it("runs a step on the first start only, and records it", async () => {
    let runs = 0;
    const step = async () => {
      runs += 1;
    };
    expect(await runOnce(t.db, "count", step)).toBe(true);
    expect(await runOnce(t.db, "count", step)).toBe(false);
    expect(runs).toBe(1);
    expect(await t.db.selectFrom("data_steps").select("name").execute()).toEqual([{ name: "count" }]);
  });

  it("records nothing for a step that fails, so the next start runs it again", async () => {
    await expect(runOnce(t.db, "flaky", () => Promise.reject(new Error("storage down")))).rejects.toThrow("storage down");
    let ran = false;
    expect(
      await runOnce(t.db, "flaky", async () => {
        ran = true;
      }),
    ).toBe(true);
    expect(ran).toBe(true);
  });
});
