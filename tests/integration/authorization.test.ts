import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Access, apiAccess, pageAccess } from "~/auth/access.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Walks the access table as a visitor, a customer and an admin. An entry fails if it answers
 * anyone more than its role allows. Ids are unknown ones: the point is who gets past the door.
 */
let server: TestServer;
let people: Record<"visitor" | "customer" | "admin", TestClient>;
beforeAll(async () => {
  server = await startTestServer();
  people = {
    visitor: server.client(),
    customer: await signedUpClient(server, "walker@example.com"),
    admin: await signedUpClient(server, "warden@example.com", "secret123", { admin: true }),
  };
});
afterAll(async () => server?.close());

const concrete = (path: string) => path.replace(/:(\w+)/g, "0123456789abcdef01234567");

type Verdict = "login" | "forbidden" | "not-found" | "allowed";

function expectedPage(access: Access, who: keyof typeof people): Verdict {
  if (access === "public") return "allowed";
  if (access === "Admin-or-404") return who === "admin" ? "allowed" : "not-found";
  if (who === "visitor") return "login";
  if (access === "Admin" && who === "customer") return "forbidden";
  return "allowed";
}

describe("pages", () => {
  for (const [path, access] of Object.entries(pageAccess)) {
    it(`${path} is ${access}`, async () => {
      for (const who of ["visitor", "customer", "admin"] as const) {
        const page = await people[who].page(concrete(path));
        const verdict = expectedPage(access, who);
        const got: Verdict =
          page.status === 302 && page.location?.startsWith("/login?") ? "login" : page.status === 403 ? "forbidden" : page.status === 404 && verdict === "not-found" ? "not-found" : "allowed";
        expect(`${who}: ${got}`).toBe(`${who}: ${verdict}`);
      }
    });
  }
});

describe("API", () => {
  for (const [key, access] of Object.entries(apiAccess)) {
    const [method, path] = key.split(" ") as [string, string];
    it(`${key} is ${access}`, async () => {
      for (const who of ["visitor", "customer", "admin"] as const) {
        const { status } = await people[who].json(method, `/api${concrete(path)}`, method === "GET" ? undefined : {});
        const denied = status === 401 ? "unauthenticated" : status === 403 ? "forbidden" : "allowed";
        const expected =
          access === "public" || (access === "user" && who !== "visitor") || who === "admin"
            ? "allowed"
            : who === "visitor"
              ? "unauthenticated"
              : "forbidden";
        expect(`${who}: ${denied}`).toBe(`${who}: ${expected}`);
        expect(status, "never a server error").toBeLessThan(500);
      }
    });
  }
});
