import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllServers, spawnServer } from "../setup/server-process.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Issue 10 and 11.7: anonymous visitors' public pages come from the page cache (rendered once
 * per content version, `X-Cache: hit`), with ETag/304 and CDN-friendly Cache-Control, without
 * JavaScript; signed-in answers are private; an admin's edit shows on the very next request, and
 * on a second server process on the same database within two seconds.
 */
const PAGES = ["/", "/pricing/", "/service/"];
/** The forms a visitor opens before signing in: the same for everyone until posted. */
const FORM_PAGES = ["/contact", "/contact-us", "/thanks", "/subscribe", "/login", "/register", "/reset"];
/** The forms that take a password: isolated from other windows like every signed-in page. */
const SIGN_IN_FORMS = ["/login", "/register", "/reset"];

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ DEMO_CONTENT: "on" });
  admin = await signedUpClient(server, "cache-admin@example.com", "quiet-harbor-42", { admin: true });
});
afterAll(async () => {
  killAllServers();
  await server?.close();
});

const anonymous = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers, redirect: "manual" });
const h1Of = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];

async function editBanner(heading: string) {
  const banner = (await admin.json("GET", "/api/banner")).body[0];
  const edited = await admin.json("PUT", `/api/update-banner/${banner._id}`, { ...banner, bannerHeading: heading });
  expect(edited.status).toBe(200);
}

describe("page cache for anonymous visitors", () => {
  it("renders a public page once and answers later requests from memory, with an ETag and a Cache-Control a CDN can use", async () => {
    for (const path of [...PAGES, ...FORM_PAGES, "/robots.txt", "/sitemap.xml"]) {
      const first = await anonymous(path);
      expect(first.status, path).toBe(200);
      const second = await anonymous(path, { "Accept-Encoding": "br" });
      expect(second.headers.get("X-Cache"), path).toBe("hit");
      expect(second.headers.get("Content-Encoding")).toBe("br");
      expect(second.headers.get("ETag")).toMatch(/^"[\w-]+"$/);
      expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
      expect(second.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(second.headers.get("Vary")).toBe("Accept-Encoding");
      expect(await second.text()).toBe(await first.text());
    }
  });

  it("answers 304 without a body to a matching If-None-Match", async () => {
    const { headers } = await anonymous("/pricing/");
    const revalidated = await anonymous("/pricing/", { "If-None-Match": headers.get("ETag")! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect((await anonymous("/pricing/", { "If-None-Match": '"something-else"' })).status).toBe(200);
  });

  it("sends the public pages and the visitor's forms without JavaScript and without a nonce", async () => {
    for (const path of [...PAGES, ...FORM_PAGES]) {
      const response = await anonymous(path);
      const html = await response.text();
      // Only structured data for search engines (not executed); no module, no inline script.
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.filter((tag) => !tag.includes('type="application/ld+json"')), path).toEqual([]);
      expect(html).not.toContain("modulepreload");
      expect(html).not.toContain("nonce=");
      expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'self';/);
      // Their forms are plain posts.
      if (path === "/") {
        const forms = html.match(/<form\b[^>]*>/g) ?? [];
        expect(forms.some((tag) => tag.includes('action="/contact"') && tag.includes('method="post"'))).toBe(true);
        expect(forms.some((tag) => tag.includes('action="/subscribe"') && tag.includes('method="post"'))).toBe(true);
      }
      if (["/login", "/register", "/reset", "/contact"].includes(path)) {
        expect((html.match(/<form\b[^>]*>/g) ?? []).some((tag) => tag.includes('method="post"')), path).toBe(true);
      }
    }
  });

  it("lets signed-in visitors, other queries and form posts pass, marked private and varying by cookie", async () => {
    const signedIn = await admin.fetch("/");
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("X-Cache")).toBeNull();
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(signedIn.headers.get("Vary")).toMatch(/\bCookie\b/);
    // The header a signed-in admin sees (a link to the admin area), not the anonymous page.
    expect((await signedIn.text()).includes('href="/admin"')).toBe(true);
    for (const path of ["/dashboard.data", "/api/auth/get-session", "/api/banner", "/login"]) {
      const response = await admin.fetch(path);
      // better-auth answers its session with its own, equally strict "no-store".
      expect(response.headers.get("Cache-Control"), path).toMatch(/^(private, )?no-store$/);
      expect(response.headers.get("Vary"), path).toMatch(/\bCookie\b/);
    }
    const flagged = await anonymous("/?subscribed=1");
    expect(flagged.headers.get("X-Cache")).toBeNull();
    expect(flagged.headers.get("Cache-Control")).toBe("private, no-store");
    // Campaign tags do not change the page: still the cached one.
    expect((await anonymous("/?utm_source=newsletter")).headers.get("X-Cache")).toBe("hit");
    const refused = await server.client().form("/contact", { name: "", email: "not-an-email", number: "", subject: "", message: "" });
    expect(refused.headers.get("X-Cache")).toBeNull();
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("shows an admin's edit on the very next public request", async () => {
    expect((await anonymous("/")).headers.get("X-Cache")).toBe("hit");
    await editBanner("Fresh from the admin");
    const next = await anonymous("/");
    expect(next.headers.get("X-Cache")).toBe("miss");
    expect(h1Of(await next.text())).toContain("Fresh from the admin");
    expect((await anonymous("/")).headers.get("X-Cache")).toBe("hit");
  });

  it("isolates from other windows every page but the public content pages, which keep their other security headers (decision 0042)", async () => {
    const content = ["/", "/pricing/", "/service/", "/contact", "/local-seo/", "/blog/", "/blog/how-long-does-seo-take/"];
    await editBanner("Isolation check"); // a new public version: the next answers are rendered (misses)
    for (const round of ["miss", "hit"]) {
      for (const path of [...content, ...SIGN_IN_FORMS]) {
        const response = await anonymous(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("X-Cache"), `${path} ${round}`).toBe(round);
        expect(response.headers.get("Cross-Origin-Opener-Policy"), path).toBe(SIGN_IN_FORMS.includes(path) ? "same-origin" : null);
        expect(response.headers.get("Content-Security-Policy"), path).toContain("frame-ancestors 'none'");
        expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
        expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      }
    }
    // The same public page rendered for a session, and everything else, stays isolated.
    for (const response of [await admin.fetch("/"), await admin.fetch("/admin"), await admin.fetch("/api/banner"), await anonymous("/?subscribed=1")]) {
      expect(response.headers.get("X-Cache"), response.url).toBeNull();
      expect(response.headers.get("Cross-Origin-Opener-Policy"), response.url).toBe("same-origin");
    }
  });

  it("shows an edit made through another server process on the same database within two seconds", async () => {
    // A second process (as behind a load balancer), its page cache filled before the edit.
    const other = await spawnServer({ DATABASE_URL: server.databaseUrl });
    const fromOther = () => fetch(`${other.url}/`).then(async (r) => ({ cache: r.headers.get("X-Cache"), h1: h1Of(await r.text()) }));
    await fromOther();
    expect((await fromOther()).cache).toBe("hit");
    await editBanner("Seen by every process");
    const started = Date.now();
    let seen = await fromOther();
    while (!seen.h1?.includes("Seen by every process") && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await fromOther();
    }
    expect(seen.h1).toContain("Seen by every process");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("sends no Strict-Transport-Security on an http site", async () => {
    expect((await anonymous("/")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("an https site", () => {
  let https: TestServer;
  beforeAll(async () => {
    https = await startTestServer({ APP_URL: "https://localhost" });
  });
  afterAll(async () => https?.close());

  it("tells browsers to use https only, for a year, on its own host", async () => {
    for (const path of ["/", "/login", "/healthz"]) {
      const response = await fetch(`${https.url}${path}`);
      expect(response.headers.get("Strict-Transport-Security"), path).toBe("max-age=31536000");
    }
  });
});
