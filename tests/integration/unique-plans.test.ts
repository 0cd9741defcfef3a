import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan } from "./orders-fixtures.ts";

/**
 * The three packages are unique by name: a second "Basic" is refused with 409 naming the
 * package name field, through the API, the admin form, a draft and a restore from the trash,
 * and nothing is stored.
 */
let server: TestServer;
let admin: TestClient;
let basic: string;

beforeAll(async () => {
  ({ server, admin } = await startWithPeople("plans-customer@example.com", "plans-admin@example.com"));
  basic = await createPlan(admin, "Basic", "49");
  await createPlan(admin, "Premium", "149");
});
afterAll(async () => server?.close());

const plans = async () => (await admin.json("GET", "/api/pricings")).body as { _id: string; packageName: string }[];
const duplicate = /Another pricing plan already has the package name “Basic”/;

describe("unique package names", () => {
  it("the API refuses a second Basic plan with 409 naming the field, and stores nothing", async () => {
    const before = await plans();
    const { status, body } = await admin.json("POST", "/api/add-pricing", { packageName: "Basic", packagePrice: "59", packageButtonText: "Buy", packagePointOne: "More" });
    expect(status).toBe(409);
    expect(body.error).toMatch(/^Please check the field: Package name\./);
    expect(Object.keys(body.fields)).toEqual(["packageName"]);
    expect(body.fields.packageName).toMatch(duplicate);
    expect(await plans()).toEqual(before);
  });

  it("the API refuses renaming Premium to Basic; keeping a plan's own name is fine", async () => {
    const premium = (await plans()).find((p) => p.packageName === "Premium")!;
    const rename = await admin.json("PUT", `/api/pricing/${premium._id}`, { packageName: "Basic", packagePrice: "149", packageButtonText: "Buy", packagePointOne: "All" });
    expect(rename.status).toBe(409);
    expect(rename.body.fields.packageName).toMatch(duplicate);
    const same = await admin.json("PUT", `/api/pricing/${basic}`, { packageName: "Basic", packagePrice: "55", packageButtonText: "Buy", packagePointOne: "All" });
    expect(same.status).toBe(200);
  });

  it("the admin form shows the error next to Package name and saves nothing, draft or live", async () => {
    const before = await plans();
    const drafts = await server.services.db.selectFrom("content_drafts").select("record_id").execute();
    for (const intent of ["draft", "publish"]) {
      const response = await admin.form("/add-pricing", { _intent: intent, _section: "pricingPlans", packageName: "Basic", packagePrice: "59", packageButtonText: "Buy", packagePointOne: "More" });
      expect(response.status, intent).toBe(409);
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(html).toMatch(/Another pricing plan already has the package name “Basic”/);
      expect(html).toMatch(/<select\b[^>]*name="packageName"[^>]*aria-invalid="true"|<select\b[^>]*aria-invalid="true"[^>]*name="packageName"/);
    }
    expect(await plans()).toEqual(before);
    expect(await server.services.db.selectFrom("content_drafts").select("record_id").execute()).toEqual(drafts);
  });

  it("a deleted Basic plan cannot come back from the trash while another Basic is live", async () => {
    await admin.json("DELETE", `/api/pricing/${basic}`);
    const second = await createPlan(admin, "Basic", "45");
    const restore = await admin.form("/admin/trash", { _intent: "restore", _id: basic, _title: "“Basic”" });
    expect(restore.status).toBe(409);
    expect((await plans()).map((p) => p._id)).toContain(second);
    expect((await plans()).map((p) => p._id)).not.toContain(basic);
  });
});
