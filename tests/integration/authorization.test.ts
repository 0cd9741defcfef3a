import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Access, apiAccess, pageAccess, requiredRole, serviceAccess } from "~/access.ts";
import { hasRole, type Role } from "~/auth/roles.ts";
import { markVerified, signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Walks the access table as a visitor, a customer, an editor and an admin. An entry fails if it
 * answers anyone more than its level allows, or refuses someone it should let in. Ids are unknown
 * ones: the point is who gets past the door.
 */
let server: TestServer;
const METRICS_TOKEN = "authorization-test-metrics-token";
const PEOPLE = { visitor: [], customer: [], editor: ["Editor"], admin: ["Admin"] } satisfies Record<string, Role[]>;
type Who = keyof typeof PEOPLE;
const everyone = Object.keys(PEOPLE) as Who[];
let people: Record<Who, TestClient>;
/** An Admin whose role waits: address verified, role granted, no second factor set up (issue 22). */
let waiting: TestClient;
beforeAll(async () => {
  // With a metrics token, as a site reachable from elsewhere runs: no session may stand in for it.
  server = await startTestServer({ METRICS_TOKEN: METRICS_TOKEN });
  people = {
    visitor: server.client(),
    customer: await signedUpClient(server, "walker@example.com"),
    editor: await signedUpClient(server, "scribe@example.com", "quiet-harbor-42", { role: "Editor" }),
    admin: await signedUpClient(server, "warden@example.com", "quiet-harbor-42", { admin: true }),
  };
  waiting = await signedUpClient(server, "unenrolled@example.com");
  await markVerified(server, "unenrolled@example.com");
  await server.app.grantRole(server.services, "unenrolled@example.com", "Admin");
});
afterAll(async () => server?.close());

const concrete = (path: string) => path.replace(/:(\w+)/g, "0123456789abcdef01234567");

type Verdict = "login" | "forbidden" | "not-found" | "allowed";

/** What a level should answer each person: the rule, written out once more in the test's own terms. */
function expected(access: Access, who: Who): Verdict {
  if (access === "public") return "allowed";
  const role = requiredRole(access);
  const allowed = role ? hasRole({ roles: PEOPLE[who] }, role) : who !== "visitor";
  if (allowed) return "allowed";
  if (access.endsWith("-or-404")) return "not-found";
  return who === "visitor" ? "login" : "forbidden";
}

/** What a page answer means (a 404 counts as a refusal only where the level hides the page). */
const verdictOf = (status: number, location: string | null, verdict: Verdict): Verdict =>
  status === 302 && location?.startsWith("/login?") ? "login" : status === 403 ? "forbidden" : status === 404 && verdict === "not-found" ? "not-found" : "allowed";

describe("pages", () => {
  for (const [path, access] of Object.entries(pageAccess)) {
    it(`${path} is ${access}`, async () => {
      for (const who of everyone) {
        const page = await people[who].page(concrete(path));
        const verdict = expected(access, who);
        expect(`${who}: ${verdictOf(page.status, page.location, verdict)}`).toBe(`${who}: ${verdict}`);
      }
    });
  }
});

// Actions do not restate their page's role: the root middleware refuses a form post as it refuses the page.
describe("page forms", () => {
  for (const [path, access] of Object.entries(pageAccess)) {
    const refused = everyone.filter((who) => expected(access, who) !== "allowed");
    if (refused.length === 0) continue;
    it(`a post to ${path} is refused below ${access}`, async () => {
      for (const who of refused) {
        const response = await people[who].form(concrete(path), { _intent: "delete" });
        await response.body?.cancel();
        const verdict = expected(access, who);
        expect(`${who}: ${verdictOf(response.status, response.headers.get("location"), verdict)}`).toBe(`${who}: ${verdict}`);
      }
    });
  }
});

describe("API", () => {
  for (const [key, access] of Object.entries(apiAccess)) {
    const [method, path] = key.split(" ") as [string, string];
    it(`${key} is ${access}`, async () => {
      for (const who of everyone) {
        const { status } = await people[who].json(method, `/api${concrete(path)}`, method === "GET" ? undefined : {});
        const got = status === 401 ? "login" : status === 403 ? "forbidden" : "allowed";
        expect(`${who}: ${got}`).toBe(`${who}: ${expected(access, who)}`);
        expect(status, "never a server error").toBeLessThan(500);
      }
    });
  }
});

// Neither pages nor /api calls: `operator` is the metrics token (or this machine when none is set), never a session.
describe("service endpoints", () => {
  for (const [key, access] of Object.entries(serviceAccess)) {
    const [method, path] = key.split(" ") as [string, string];
    it(`${key} is ${access}`, async () => {
      for (const who of everyone) {
        const response = await people[who].fetch(path, { method });
        await response.body?.cancel();
        expect(`${who}: ${response.status}`).toBe(`${who}: ${access === "public" ? 200 : 401}`);
      }
      if (access === "operator") {
        const response = await fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
        await response.body?.cancel();
        expect(response.status).toBe(200);
      }
    });
  }
});

// Issue 22: a role holder without a second factor gets none of the role's pages or calls; pages
// send them to set one up (a lone-parameter page stays a plain 404), calls say what to do.
describe("an Admin without a second factor", () => {
  it("is sent to set one up by every page that needs a role, and refused every call", async () => {
    for (const [path, access] of Object.entries(pageAccess)) {
      if (!requiredRole(access)) continue;
      const page = await waiting.page(concrete(path));
      if (access.endsWith("-or-404")) expect(page.status, path).toBe(404);
      else expect(page.location, path).toBe(`/account/two-factor?redirectTo=${encodeURIComponent(concrete(path))}`);
    }
    for (const [key, access] of Object.entries(apiAccess)) {
      if (!requiredRole(access)) continue;
      const [method, path] = key.split(" ") as [string, string];
      const { status, body } = await waiting.json(method, `/api${concrete(path)}`, method === "GET" ? undefined : {});
      expect(status, key).toBe(403);
      expect(body.error, key).toContain("needs a second factor");
    }
  });
});
