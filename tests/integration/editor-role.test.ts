import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvitation, enrolTotp, signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * The Editor role: the site's content and nothing else. The access-table walk
 * (authorization.test.ts) checks every door; this follows an editor through real work.
 */
let server: TestServer;
let admin: TestClient;
let editor: TestClient;
const BANNER = { bannerHeading: "Rank higher", bannerText: "SEO", bannerDetails: "We help.", imageOne: "https://images.example.com/banner.svg", buttonText: "Start", buttonURL: "/pricing/" };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedUpClient(server, "boss@example.com", "quiet-harbor-42", { admin: true });
  editor = await signedUpClient(server, "writer@example.com");
  // The admin grants the role on the admin users screen; the editor follows the mailed link.
  const granted = await admin.form("/add-user", { userEmail: "writer@example.com", userRole: "Editor" });
  expect(granted.status).toBe(200);
  await acceptInvitation(server, editor, "writer@example.com");
  // A role applies with a second factor (issue 22).
  await enrolTotp(editor);
});
afterAll(async () => server?.close());

describe("an Editor", () => {
  it("writes content through the pages and the API, and the public site shows it", async () => {
    const created = await editor.form("/edit-banner", { _intent: "publish", _section: "banner", ...BANNER });
    // Created: on to its edit form, which says so.
    expect(created.status).toBe(302);
    expect((await editor.page(created.headers.get("location")!)).html).toContain("Banner saved. Visitors see it now.");
    const [banner] = (await editor.json("GET", "/api/banner")).body;
    const updated = await editor.json("PUT", `/api/update-banner/${banner._id}`, { ...BANNER, bannerHeading: "Written by an editor" });
    expect(updated.status).toBe(200);
    expect((await server.client().page("/")).html).toContain("Written by an editor");
  });

  it("gets a dashboard of content shortcuts, without sales, orders or subscribers", async () => {
    const page = await editor.page("/admin");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Site content");
    expect(page.html).not.toContain("Total Sales");
    expect(page.html).not.toContain("Subscribers (");
    // The sidebar offers only what the server lets an editor open.
    expect(page.html).not.toContain('href="/total-orders"');
    expect(page.html).not.toContain('href="/add-paypal-Email"');
  });

  it("is refused the payment account, orders, inbox and people", async () => {
    for (const path of ["/add-paypal-Email", "/total-orders", "/all-messages", "/add-user", "/admin/payments"]) {
      expect((await editor.page(path)).status, path).toBe(403);
    }
    expect((await editor.json("POST", "/api/add-email", { paypalEmail: "thief@example.com" })).status).toBe(403);
    expect((await editor.json("GET", "/api/paypal-email")).status).toBe(403);
    expect((await editor.json("POST", "/api/add-user", { userEmail: "friend@example.com", userRole: "Admin" })).status).toBe(403);
    expect((await admin.json("GET", "/api/paypal-email")).body).toEqual([]);
  });

  it("is reported by /api/me with the role and without isAdmin", async () => {
    expect((await editor.json("GET", "/api/me")).body).toMatchObject({ isAdmin: false, roles: ["Editor"] });
  });
});

describe("npm run admin", () => {
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ["server/cli.ts", ...args], { env: { ...process.env, DATABASE_URL: server.databaseUrl, DEMO_CONTENT: "off", LOG_LEVEL: "error" } }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it("grants a role with --role, lists holders, and will not remove the last admin", async () => {
    // No account yet: an invitation, not a role.
    const invited = await cli("add", "second.writer@example.com", "--role", "Editor");
    expect(invited).toMatchObject({ code: 0 });
    expect(invited.out).toContain("has no verified account yet (none, or its owner has not verified the address): an invitation is queued");
    const list = await cli("list");
    expect(list.out).toMatch(/second\.writer@example\.com\s+Editor\s+\(invited, not yet accepted\)/);
    expect(list.out).toMatch(/writer@example\.com\s+Editor\n/);
    expect(list.out).toMatch(/boss@example\.com\s+Admin/);
    expect(await cli("add", "x@example.com", "--role", "Owner")).toMatchObject({ code: 2 });
    const refused = await cli("remove", "boss@example.com");
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("last admin");
    expect(await cli("remove", "second.writer@example.com")).toMatchObject({ code: 0 });
    expect((await cli("list")).out).not.toContain("second.writer@example.com");
    // Six command-line processes, each starting Node and opening the database: seconds each on a busy CI machine.
  }, 90_000);
});
