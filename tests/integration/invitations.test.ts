import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_GONE } from "~/users/schema.ts";
import { acceptInvitation, enrolTotp, invitationLink, markVerified, signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * A role granted to an email applies only once the owner of the address follows the link mailed
 * to it (issue 11, item 1): registering the address gives nothing, a forged, used, replaced or
 * expired link does nothing, and the command line may grant an existing account at once.
 */
let server: TestServer;
let admin: TestClient;
const ADMIN = "inviter@example.com";

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedUpClient(server, ADMIN, "quiet-harbor-42", { admin: true });
});
afterAll(async () => server?.close());

const me = async (client: TestClient) => (await client.json("GET", "/api/me")).body as { roles: string[]; isAdmin: boolean };

async function grantOf(email: string) {
  return server.services.db.selectFrom("user_roles").selectAll().where("user_email", "=", email).executeTakeFirstOrThrow();
}

async function invite(email: string, userRole: "Editor" | "Admin") {
  const { status, body } = await admin.json("POST", "/api/add-user", { userEmail: email, userRole });
  expect(status).toBe(201);
  return body as { _id: string; status: string };
}

/** Page HTML without React's text separators, so sentences read as shown. */
const shown = (html: string) => html.replaceAll("<!-- -->", "");

/** A syntactically good token nobody was given. */
const FORGED = "/invitation/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

describe("an invited address", () => {
  it("gets no role by registering, and gets it by following the mailed link", async () => {
    const grant = await invite("Writer@Example.com", "Editor");
    expect(grant.status).toBe("pending");
    const [mail] = (await server.outbox()).filter((m) => m.to === "writer@example.com");
    expect(mail!.subject).toBe("You are invited to Rankwell as an Editor");
    expect(mail!.text).toContain(`${ADMIN} made writer@example.com an Editor`);
    const link = await invitationLink(server, "writer@example.com");

    // Registering the address (even claiming it verified) proves nothing.
    const writer = server.client();
    const signUp = await writer.json("POST", "/api/auth/sign-up/email", { email: "writer@example.com", password: "quiet-harbor-42", name: "w", emailVerified: true });
    expect(signUp.status).toBe(200);
    expect(await me(writer)).toMatchObject({ roles: [], isAdmin: false });
    expect((await writer.page("/setting")).status).toBe(403);
    expect((await writer.json("GET", "/api/about")).status).toBe(200);
    expect((await writer.json("POST", "/api/add-banner", {})).status).toBe(403);

    // Opening the link changes nothing (mail scanners open links); the page offers to accept.
    const page = await writer.page(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Accept the Editor role");
    expect(await me(writer)).toMatchObject({ roles: [] });

    const accepted = await writer.form(link, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin");
    // Accepting proved the address; the role waits for a second factor (issue 22), then applies.
    expect((await server.services.db.selectFrom("user").select("emailVerified").where("email", "=", "writer@example.com").executeTakeFirstOrThrow()).emailVerified).toBeTruthy();
    expect(await me(writer)).toMatchObject({ roles: [] });
    expect((await writer.page("/admin")).location).toBe("/account/two-factor?redirectTo=%2Fadmin");
    await enrolTotp(writer);
    expect(await me(writer)).toMatchObject({ roles: ["Editor"], isAdmin: false });
    expect((await writer.page("/setting")).status).toBe(200);
    expect((await admin.json("GET", `/api/users/${grant._id}`)).body).toMatchObject({ status: "active", invitationExpiresAt: null });

    // The link is spent: opening or posting it again does nothing.
    expect((await writer.page(link)).status).toBe(404);
    const again = await writer.form(link, { intent: "accept" });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(INVITATION_GONE.slice(0, 40));
  });

  it("can create the account on the invitation page, which accepts at once", async () => {
    await invite("newcomer@example.com", "Admin");
    const link = await invitationLink(server, "newcomer@example.com");
    const visitor = server.client();
    const page = await visitor.page(link);
    expect(page.html).toContain("Create account and accept");
    expect(page.html).toContain('value="newcomer@example.com"');

    const tooShort = await visitor.form(link, { intent: "register", password: "123" });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain("Minimum 6 Characters");
    expect(await server.services.db.selectFrom("user").select("id").where("email", "=", "newcomer@example.com").executeTakeFirst()).toBeUndefined();

    // The email field is shown, not taken: the account is for the invited address whatever is posted.
    const created = await visitor.form(link, { intent: "register", email: "someone-else@example.com", password: "quiet-harbor-42" });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    await enrolTotp(visitor);
    expect(await me(visitor)).toMatchObject({ roles: ["Admin"], isAdmin: true });
    expect((await visitor.json("GET", "/api/me")).body.user.email).toBe("newcomer@example.com");
    expect((await grantOf("newcomer@example.com")).proven_at).not.toBeNull();
  });

  it("asks someone signed out to log in when the address has an account", async () => {
    await signedUpClient(server, "registered@example.com");
    await invite("registered@example.com", "Editor");
    const page = await server.client().page(await invitationLink(server, "registered@example.com"));
    expect(page.html).toContain("Log in to accept");
    expect(page.html).toContain(`/login?redirectTo=${encodeURIComponent(await invitationLink(server, "registered@example.com"))}`);
    // Posting without a session accepts nothing.
    const anonymous = await server.client().form(await invitationLink(server, "registered@example.com"), { intent: "accept" });
    expect(anonymous.status).toBe(401);
    expect((await grantOf("registered@example.com")).proven_at).toBeNull();
  });

  it("is not accepted by someone signed in with another address", async () => {
    await invite("target@example.com", "Admin");
    const link = await invitationLink(server, "target@example.com");
    const intruder = await signedUpClient(server, "intruder@example.com");
    expect(shown((await intruder.page(link)).html)).toContain("You are signed in as intruder@example.com");
    const refused = await intruder.form(link, { intent: "accept" });
    expect(refused.status).toBe(403);
    expect(await me(intruder)).toMatchObject({ roles: [] });
    expect((await grantOf("target@example.com")).proven_at).toBeNull();
  });
});

describe("a link that does nothing", () => {
  it("forged: 404 to open and to post, no role", async () => {
    const someone = await signedUpClient(server, "forger@example.com");
    await invite("forger@example.com", "Admin");
    for (const path of [FORGED, "/invitation/short", `/invitation/${"x".repeat(300)}`]) {
      expect((await someone.page(path)).status, path).toBe(404);
      expect((await someone.form(path, { intent: "accept" })).status, path).toBe(404);
    }
    expect(await me(someone)).toMatchObject({ roles: [] });
  });

  it("expired: the grant stays pending until an admin sends a new link", async () => {
    const late = await signedUpClient(server, "late@example.com");
    const grant = await invite("late@example.com", "Editor");
    const link = await invitationLink(server, "late@example.com");
    await server.services.db.updateTable("user_roles").set({ invite_expires_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", grant._id).execute();
    expect((await late.page(link)).status).toBe(404);
    expect((await late.form(link, { intent: "accept" })).status).toBe(404);
    expect(await me(late)).toMatchObject({ roles: [] });

    const resent = await admin.json("POST", `/api/users/${grant._id}/invitation`);
    expect(resent.status).toBe(200);
    const fresh = await invitationLink(server, "late@example.com");
    expect(fresh).not.toBe(link);
    await acceptInvitation(server, late, "late@example.com");
    await enrolTotp(late);
    expect(await me(late)).toMatchObject({ roles: ["Editor"] });
    // Nothing left to resend.
    expect((await admin.json("POST", `/api/users/${grant._id}/invitation`)).status).toBe(409);
  });

  it("replaced by a resend, withdrawn by removing the grant, or moved by renaming it", async () => {
    const person = await signedUpClient(server, "moving@example.com");
    const grant = await invite("moving@example.com", "Editor");
    const first = await invitationLink(server, "moving@example.com");
    // The admin users screen's Resend.
    expect((await admin.form("/add-user", { intent: "resend", id: grant._id })).status).toBe(200);
    const second = await invitationLink(server, "moving@example.com");
    expect(second).not.toBe(first);
    expect((await person.form(first, { intent: "accept" })).status).toBe(404);

    // Renamed: the old address's link stops, the new address gets its own.
    const renamed = await admin.json("PUT", `/api/upadete-users/${grant._id}`, { userEmail: "moved@example.com" });
    expect(renamed.body).toMatchObject({ status: "pending", userEmail: "moved@example.com" });
    expect((await person.form(second, { intent: "accept" })).status).toBe(404);
    const moved = await signedUpClient(server, "moved@example.com");
    const third = await invitationLink(server, "moved@example.com");

    // Removed: its link goes with it.
    expect((await admin.json("DELETE", `/api/users/${grant._id}`)).status).toBe(200);
    expect((await moved.form(third, { intent: "accept" })).status).toBe(404);
    expect(await me(moved)).toMatchObject({ roles: [] });
  });

  it("an accepted grant renamed to a new address is pending again", async () => {
    const before = await signedUpClient(server, "old-address@example.com", "quiet-harbor-42", { role: "Editor" });
    expect(await me(before)).toMatchObject({ roles: ["Editor"] });
    const { id } = await grantOf("old-address@example.com");
    await admin.json("PUT", `/api/upadete-users/${id}`, { userEmail: "new-address@example.com" });
    const after = await signedUpClient(server, "new-address@example.com");
    expect(await me(after)).toMatchObject({ roles: [] });
    expect(await me(before)).toMatchObject({ roles: [] });
    await acceptInvitation(server, after, "new-address@example.com");
    await enrolTotp(after);
    expect(await me(after)).toMatchObject({ roles: ["Editor"] });
  });
});

describe("the admin users screen", () => {
  it("shows pending grants apart from active ones, each with Resend", async () => {
    await invite("shown-pending@example.com", "Editor");
    const html = shown((await admin.page("/add-user")).html);
    const table = (caption: string) => html.slice(html.indexOf(caption), html.indexOf("</table>", html.indexOf(caption)));
    const pending = table("Invited, not yet accepted");
    const active = table("Users (");
    expect(pending).toContain("shown-pending@example.com");
    expect(pending).toContain("Resend<span class=\"sr-only\"> the invitation to shown-pending@example.com");
    expect(active).not.toContain("shown-pending@example.com");
    expect(active).toContain(ADMIN);
    expect(pending).not.toContain(ADMIN);
  });

  it("says an invitation went out when a user is added", async () => {
    const response = await admin.form("/add-user", { intent: "add", userEmail: "page-invite@example.com", userRole: "Editor" });
    expect(await response.text()).toContain("An invitation was mailed to page-invite@example.com");
  });
});

describe("the command line's grant (npm run admin -- add)", () => {
  it("gives an existing verified account its role at once (with a second factor, it applies)", async () => {
    const client = await signedUpClient(server, "operator-made@example.com");
    await markVerified(server, "operator-made@example.com");
    expect(await server.app.grantRole(server.services, "operator-made@example.com", "Editor")).toBe("added");
    expect((await grantOf("operator-made@example.com")).proven_at).not.toBeNull();
    expect(await me(client)).toMatchObject({ roles: [] });
    await enrolTotp(client);
    expect(await me(client)).toMatchObject({ roles: ["Editor"] });
    expect(await server.app.grantRole(server.services, "operator-made@example.com", "Editor")).toBe("already");
  });

  it("sends an unverified account an invitation instead: whoever registered the address first gets nothing (issue 22)", async () => {
    // Someone registered newhire@ before the operator granted it, and never proved the address.
    const squatter = await signedUpClient(server, "newhire@example.com");
    await enrolTotp(squatter);
    expect(await server.app.grantRole(server.services, "newhire@example.com", "Admin")).toBe("invited");
    expect((await grantOf("newhire@example.com")).proven_at).toBeNull();
    expect(await me(squatter)).toMatchObject({ roles: [], isAdmin: false });
    expect((await squatter.json("GET", "/api/users")).status).toBe(403);
    const mail = (await server.outbox()).findLast((m) => m.to === "newhire@example.com" && /invit/i.test(m.subject));
    expect(mail?.text).toContain("The site's operator made newhire@example.com an Admin");
    // Running it again sends a new link, still nothing at once.
    expect(await server.app.grantRole(server.services, "newhire@example.com", "Admin")).toBe("invited");
    expect(await me(squatter)).toMatchObject({ roles: [] });
    // Only the owner of the mailbox can follow the link; doing so proves the address.
    await acceptInvitation(server, squatter, "newhire@example.com");
    expect(await me(squatter)).toMatchObject({ roles: ["Admin"], isAdmin: true });
  });

  it("invites an address without an account, and proves a pending grant once the account exists and is verified", async () => {
    expect(await server.app.grantRole(server.services, "not-yet@example.com", "Admin")).toBe("invited");
    expect((await grantOf("not-yet@example.com")).proven_at).toBeNull();
    expect((await server.outbox()).some((m) => m.to === "not-yet@example.com" && m.text.includes("The site's operator made not-yet@example.com an Admin"))).toBe(true);
    const client = await signedUpClient(server, "not-yet@example.com");
    expect(await me(client)).toMatchObject({ roles: [] });
    expect(await server.app.grantRole(server.services, "not-yet@example.com", "Admin")).toBe("invited");
    await markVerified(server, "not-yet@example.com");
    expect(await server.app.grantRole(server.services, "not-yet@example.com", "Admin")).toBe("changed");
    await enrolTotp(client);
    expect(await me(client)).toMatchObject({ roles: ["Admin"], isAdmin: true });
  });
});
