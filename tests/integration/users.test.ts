import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAST_ADMIN } from "~/users/schema.ts";
import { deleteUser, updateUser } from "~/users/users.server.ts";
import type { TOTP } from "otpauth";
import { acceptInvitation, enrolTotp, markVerified, signedUpClient, signInTwoStep, startTestServer, startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Admin users (rows of user_roles) through the spec's calls and the /add-user and /admin-user/{id}
 * pages: admin only, duplicates answer 409, and the site can never be left without an admin who
 * can sign in. Invitations themselves (proving the address) are in invitations.test.ts.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let admin: TestClient;
const ADMIN = "users-admin@example.com";

beforeAll(async () => {
  ({ server, visitor, customer, admin } = await startWithPeople("users-customer@example.com", ADMIN));
});
afterAll(async () => server?.close());

const unknownId = "0123456789abcdef01234567";

async function idOf(email: string): Promise<string> {
  const row = await server.services.db.selectFrom("user_roles").select("id").where("user_email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

async function userCount(): Promise<number> {
  const row = await server.services.db
    .selectFrom("user_roles")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("who may call", () => {
  it("every user call is admin only: 401 for a visitor, 403 for a customer, and nothing changes", async () => {
    const id = await idOf(ADMIN);
    const calls: [string, string, unknown][] = [
      ["GET", "/api/users", undefined],
      ["POST", "/api/add-user", { userEmail: "sneaky@example.com", userRole: "Admin" }],
      ["GET", `/api/users/${id}`, undefined],
      ["PUT", `/api/upadete-users/${id}`, { userEmail: "sneaky@example.com", userRole: "Admin" }],
      ["DELETE", `/api/users/${id}`, undefined],
    ];
    const before = await userCount();
    for (const [method, path, body] of calls) {
      expect((await visitor.json(method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      expect((await customer.json(method, path, body)).status, `${method} ${path} customer`).toBe(403);
    }
    expect(await userCount()).toBe(before);
    expect((await admin.json("GET", `/api/users/${id}`)).body).toMatchObject({ _id: id, userEmail: ADMIN, userRole: "Admin" });
  });

  it("/add-user (open to anyone in the original) and /admin-user/{id} are admin pages", async () => {
    const id = await idOf(ADMIN);
    for (const path of ["/add-user", `/admin-user/${id}`]) {
      const asVisitor = await visitor.page(path);
      expect(asVisitor.status).toBe(302);
      expect(asVisitor.location).toMatch(/^\/login\?redirectTo=/);
      expect((await customer.page(path)).status).toBe(403);
      expect((await admin.page(path)).status).toBe(200);
    }
    const before = await userCount();
    expect((await customer.form("/add-user", { userEmail: "sneaky@example.com", userRole: "Admin" })).status).toBe(403);
    expect((await visitor.form("/add-user", { userEmail: "sneaky@example.com", userRole: "Admin" })).status).toBe(302);
    expect(await userCount()).toBe(before);
  });
});

describe("adding", () => {
  it("POST /api/add-user adds a pending Admin by default; the new admin gets the admin calls once they follow the mailed link", async () => {
    const { status, body } = await admin.json("POST", "/api/add-user", { userEmail: "  Second.Admin@Example.com " });
    expect(status).toBe(201);
    expect(body).toMatchObject({ userEmail: "second.admin@example.com", userRole: "Admin", status: "pending" });
    expect(body._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await admin.json("GET", `/api/users/${body._id}`)).body.userEmail).toBe("second.admin@example.com");

    const second = await signedUpClient(server, "second.admin@example.com");
    expect((await second.json("GET", "/api/users")).status).toBe(403);
    await acceptInvitation(server, second, "second.admin@example.com");
    // The role waits for a second factor (issue 22), then applies.
    expect((await second.json("GET", "/api/users")).status).toBe(403);
    await enrolTotp(second);
    expect((await second.json("GET", "/api/users")).status).toBe(200);
    expect((await admin.json("GET", `/api/users/${body._id}`)).body.status).toBe("active");
  });

  it("an email already listed answers 409, whatever its case, and is stored once", async () => {
    await admin.json("POST", "/api/add-user", { userEmail: "dup@example.com" });
    const before = await userCount();
    const { status, body } = await admin.json("POST", "/api/add-user", { userEmail: "DUP@example.com", userRole: "Admin" });
    expect(status).toBe(409);
    expect(body.error).toBe("dup@example.com is already in the user list");
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ userEmail: "" }, "userEmail", "Email is Required"],
    [{ userEmail: "nobody" }, "userEmail", "Provide a Valid Email"],
    [{ userEmail: "x@example.com", userRole: "Superuser" }, "userRole", "Role must be one of Editor, Admin, Customer"],
  ])("answers 400 for %j naming the field, storing nothing", async (input, field, text) => {
    const before = await userCount();
    const { status, body } = await admin.json("POST", "/api/add-user", input);
    expect(status).toBe(400);
    expect(body.fields).toEqual({ [field]: text });
    expect(await userCount()).toBe(before);
  });

  it("the /add-user page adds with a chosen role (none preselected), shows User added and lists users with edit links", async () => {
    const page = await admin.page("/add-user");
    expect(page.html).toMatch(/<select[^>]*name="userRole"[^>]*>/);
    expect(page.html).toContain('<option value="Admin">Admin</option>');
    expect(page.html).toContain('<option value="Editor">Editor</option>');

    const response = await admin.form("/add-user", { userEmail: "page-added@example.com", userRole: "Admin" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("User added.");
    const id = await idOf("page-added@example.com");
    expect(html).toContain("page-added@example.com");
    expect(html).toContain(`href="/admin-user/${id}"`);

    const duplicate = await admin.form("/add-user", { userEmail: "page-added@example.com", userRole: "Admin" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("This email is already in the user list");

    const wrong = await admin.form("/add-user", { userEmail: "nope", userRole: "Admin" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Provide a Valid Email");
  });

  it("GET /api/users pages in SQL, sorted by email", async () => {
    const { body } = await admin.json("GET", "/api/users?pageSize=2");
    expect(body).toMatchObject({ page: 1, pageSize: 2, total: await userCount() });
    const all = await admin.json("GET", "/api/users?pageSize=100");
    const emails = all.body.items.map((u: { userEmail: string }) => u.userEmail);
    expect(emails).toEqual([...emails].sort());
    expect(Object.keys(all.body.items[0]).sort()).toEqual(["_id", "createdAt", "invitationExpiresAt", "status", "updatedAt", "userEmail", "userRole"]);
  });
});

describe("editing", () => {
  it("PUT /api/upadete-users/{id} changes email and role; a listed email answers 409", async () => {
    const { body: created } = await admin.json("POST", "/api/add-user", { userEmail: "edit-me@example.com" });
    const changed = await admin.json("PUT", `/api/upadete-users/${created._id}`, { userEmail: "edited@example.com", userRole: "Customer" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ _id: created._id, userEmail: "edited@example.com", userRole: "Customer" });

    // Leaving out the role keeps it.
    const kept = await admin.json("PUT", `/api/upadete-users/${created._id}`, { userEmail: "edited2@example.com" });
    expect(kept.body).toMatchObject({ userEmail: "edited2@example.com", userRole: "Customer" });

    const clash = await admin.json("PUT", `/api/upadete-users/${created._id}`, { userEmail: ADMIN, userRole: "Customer" });
    expect(clash.status).toBe(409);
    expect((await admin.json("GET", `/api/users/${created._id}`)).body.userEmail).toBe("edited2@example.com");

    const bad = await admin.json("PUT", `/api/upadete-users/${created._id}`, { userEmail: "edited@example.com", userRole: "Owner" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(["userRole"]);
    expect((await admin.json("PUT", `/api/upadete-users/${unknownId}`, { userEmail: "x@example.com" })).status).toBe(404);
    expect((await admin.json("GET", `/api/users/${unknownId}`)).status).toBe(404);
  });

  it("the /admin-user/{id} page saves with User updated", async () => {
    const { body: created } = await admin.json("POST", "/api/add-user", { userEmail: "page-edit@example.com" });
    const page = await admin.page(`/admin-user/${created._id}`);
    expect(page.html).toContain('value="page-edit@example.com"');
    const response = await admin.form(`/admin-user/${created._id}`, { intent: "update", userEmail: "page-edited@example.com", userRole: "Admin" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("User updated.");
    expect((await admin.json("GET", `/api/users/${created._id}`)).body.userEmail).toBe("page-edited@example.com");
    expect((await admin.page(`/admin-user/${unknownId}`)).status).toBe(404);
  });

  it("DELETE /api/users/{id} removes a user, who then loses the admin calls", async () => {
    await admin.json("POST", "/api/add-user", { userEmail: "short-lived@example.com" });
    const shortLived = await signedUpClient(server, "short-lived@example.com");
    await acceptInvitation(server, shortLived, "short-lived@example.com");
    await enrolTotp(shortLived);
    expect((await shortLived.json("GET", "/api/users")).status).toBe(200);
    const removed = await admin.json("DELETE", `/api/users/${await idOf("short-lived@example.com")}`);
    expect(removed.status).toBe(200);
    expect(removed.body.userEmail).toBe("short-lived@example.com");
    expect((await shortLived.json("GET", "/api/users")).status).toBe(403);
    expect((await admin.json("DELETE", `/api/users/${unknownId}`)).status).toBe(404);
  });
});

describe("the last admin", () => {
  let solo: TestServer;
  let onlyTotp: TOTP | undefined;
  beforeAll(async () => {
    solo = await startTestServer();
  });
  afterAll(async () => solo?.close());

  const soloAdmins = async () =>
    (await solo.services.db.selectFrom("user_roles").select(["id", "user_email"]).where("user_role", "=", "Admin").execute()).map((r) => r.user_email).sort();

  it("cannot demote or remove themselves, through the API or the page", async () => {
    const only = await signedUpClient(solo, "only@example.com", "quiet-harbor-42", { admin: true });
    onlyTotp = only.totp;
    const id = (await solo.services.db.selectFrom("user_roles").select("id").where("user_email", "=", "only@example.com").executeTakeFirstOrThrow()).id;

    const demote = await only.json("PUT", `/api/upadete-users/${id}`, { userEmail: "only@example.com", userRole: "Customer" });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe(LAST_ADMIN);
    const remove = await only.json("DELETE", `/api/users/${id}`);
    expect(remove.status).toBe(409);
    expect(await soloAdmins()).toEqual(["only@example.com"]);

    const pageDemote = await only.form(`/admin-user/${id}`, { intent: "update", userEmail: "only@example.com", userRole: "Customer" });
    expect(pageDemote.status).toBe(409);
    expect(await pageDemote.text()).toContain("This is the last admin who can sign in.");
    const pageRemove = await only.form(`/admin-user/${id}`, { intent: "delete" });
    expect(pageRemove.status).toBe(409);
    expect(await soloAdmins()).toEqual(["only@example.com"]);

    // Saving the last admin unchanged keeps an admin who can sign in, so it is allowed; renaming
    // them to an address nobody has proven would leave none.
    expect((await only.json("PUT", `/api/upadete-users/${id}`, { userEmail: "only@example.com" })).status).toBe(200);
    const rename = await only.json("PUT", `/api/upadete-users/${id}`, { userEmail: "nobody-yet@example.com" });
    expect(rename.status).toBe(409);
    expect(rename.body.error).toBe(LAST_ADMIN);
    expect(await soloAdmins()).toEqual(["only@example.com"]);
    expect((await only.json("GET", "/api/users")).status).toBe(200);
  });

  it("an admin who has not accepted does not count: the last admin who can sign in stays, the pending one may go", async () => {
    const onlyId = (await solo.services.db.selectFrom("user_roles").select("id").where("user_email", "=", "only@example.com").executeTakeFirstOrThrow()).id;
    const only = solo.client();
    expect((await signInTwoStep(only, "only@example.com", "quiet-harbor-42", onlyTotp)).status).toBe(200);
    const { body: invited } = await only.json("POST", "/api/add-user", { userEmail: "unproven@example.com", userRole: "Admin" });
    expect(invited.status).toBe("pending");
    // Registering the invited address proves nothing: the pending admin still does not count.
    await signedUpClient(solo, "unproven@example.com");
    expect((await only.json("DELETE", `/api/users/${onlyId}`)).status).toBe(409);
    expect((await only.json("PUT", `/api/upadete-users/${onlyId}`, { userEmail: "only@example.com", userRole: "Editor" })).status).toBe(409);
    const cli = { email: "command line", ip: null };
    await expect(deleteUser(solo.services, cli, onlyId)).rejects.toMatchObject({ status: 409, message: LAST_ADMIN });
    // The pending admin is removed freely.
    await deleteUser(solo.services, cli, invited._id);
    expect(await soloAdmins()).toEqual(["only@example.com"]);
  });

  it("with two admins one may go, then the other is the last", async () => {
    const first = await signedUpClient(solo, "first@example.com", "quiet-harbor-42", { admin: true });
    const ids = Object.fromEntries(
      (await solo.services.db.selectFrom("user_roles").select(["id", "user_email"]).execute()).map((r) => [r.user_email, r.id]),
    );
    // only@ demotes only@ while first@ is an admin: allowed.
    expect((await first.json("PUT", `/api/upadete-users/${ids["only@example.com"]}`, { userEmail: "only@example.com", userRole: "Customer" })).status).toBe(200);
    expect(await soloAdmins()).toEqual(["first@example.com"]);
    expect((await first.json("DELETE", `/api/users/${ids["first@example.com"]}`)).status).toBe(409);
    // A Customer record can be removed freely.
    expect((await first.json("DELETE", `/api/users/${ids["only@example.com"]}`)).status).toBe(200);
    expect(await soloAdmins()).toEqual(["first@example.com"]);
  });

  it("two admins demoting each other at the same moment leave one admin (the admin rows are locked)", async () => {
    // Straight to the service on the server's own database, so both changes really overlap; over
    // HTTP the second could be refused earlier, at the role check, and prove nothing.
    const cli = { email: "command line", ip: null };
    for (const email of ["a@example.com", "b@example.com"]) {
      await signedUpClient(solo, email);
      await markVerified(solo, email);
    }
    for (let round = 0; round < 5; round++) {
      await solo.services.db.deleteFrom("user_roles").execute();
      for (const email of ["a@example.com", "b@example.com"]) await solo.app.grantRole(solo.services, email);
      const ids = Object.fromEntries(
        (await solo.services.db.selectFrom("user_roles").select(["id", "user_email"]).execute()).map((r) => [r.user_email, r.id]),
      );
      const demote = (email: string) => updateUser(solo.services, cli, ids[email]!, { userEmail: email, userRole: "Customer" });
      const results = await Promise.allSettled([demote("a@example.com"), demote("b@example.com")]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason.status).toBe(409);
      expect(await soloAdmins()).toHaveLength(1);

      const remaining = (await soloAdmins())[0]!;
      const other = remaining === "a@example.com" ? "b@example.com" : "a@example.com";
      await solo.services.db.updateTable("user_roles").set({ user_role: "Admin" }).where("user_email", "=", other).execute();
      const removals = await Promise.allSettled([deleteUser(solo.services, cli, ids["a@example.com"]!), deleteUser(solo.services, cli, ids["b@example.com"]!)]);
      expect(removals.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(await soloAdmins()).toHaveLength(1);
    }
  });
});
