import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killAllServers, spawnServer } from "../setup/server-process.ts";

/**
 * The PayPal stand-in (app/payments/standin/) is no part of a production server: the build holds
 * it in a chunk of its own that only an import() reaches, and only PAYPAL_MODE=standin runs that
 * import(). A static import of the stand-in anywhere else (which the lint refuses too) puts its
 * code in a chunk every server loads, and fails this. Runs once (in the SQLite project): it is
 * about the build and the process, not the database.
 */
const serverDir = resolve(process.env.BUILD_DIR ?? "build", "server");
afterAll(() => killAllServers());

/** Text found only in the stand-in's own code: its merchant id (simulator) and its webscr refusal (router). */
const MARKERS = ["STANDINMERCHANT", "PayPal stand-in: unsupported cmd"];

function chunks(): Map<string, string> {
  const files = readdirSync(serverDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
  return new Map(files.map((f) => [join(serverDir, f), readFileSync(join(serverDir, f), "utf8")]));
}

/** The chunks a chunk imports statically (loaded with it) and dynamically (loaded when an import() runs). */
function importsOf(file: string, code: string) {
  const at = (spec: string) => resolve(dirname(file), spec);
  const relativeSpecs = (pattern: RegExp) => [...code.matchAll(pattern)].map((m) => (m[1] ?? m[2])!).filter((s) => s.startsWith("."));
  return {
    static: relativeSpecs(/(?:^|[;\n])\s*(?:import|export)\b[^;()]*?\bfrom\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']/g).map(at),
    dynamic: relativeSpecs(/\bimport\(\s*["']([^"']+)["']\s*\)/g).map(at),
  };
}

/** The build's chunk that holds the stand-in, checked to be reached only by import(). */
function standinChunk(): string {
  const all = chunks();
  const holding = [...all].filter(([, code]) => MARKERS.some((m) => code.includes(m))).map(([file]) => file);
  expect(holding.map((f) => relative(serverDir, f)), "one chunk holds all of the stand-in").toHaveLength(1);
  const chunk = holding[0]!;
  for (const marker of MARKERS) expect(all.get(chunk), marker).toContain(marker);
  expect(relative(serverDir, chunk), "the stand-in is not in the server's entry").not.toBe("index.js");
  const staticImporters = [...all].filter(([file, code]) => importsOf(file, code).static.includes(chunk)).map(([file]) => relative(serverDir, file));
  expect(staticImporters, "chunks that import the stand-in statically").toEqual([]);
  const dynamicImporters = [...all].filter(([file, code]) => importsOf(file, code).dynamic.includes(chunk));
  expect(dynamicImporters.length, "the stand-in is reached by an import()").toBeGreaterThan(0);
  return chunk;
}

/** Starts `node server/main.ts` with `env` and answers the build's chunks it loaded, by file name. */
async function chunksLoadedBy(env: Record<string, string>, visit: (url: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), "rankwell-modules-"));
  const log = join(dir, "modules.log");
  try {
    const server = await spawnServer({
      ...env,
      MODULE_LOG: log,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=./tests/setup/module-log.ts`.trim(),
    });
    await visit(server.url);
    await server.stop();
    return new Set(readFileSync(log, "utf8").split("\n").filter(Boolean).map((url) => basename(new URL(url).pathname)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SANDBOX = {
  PAYPAL_MODE: "sandbox",
  // Nothing leaves this machine: no PayPal order exists, and this address refuses at once.
  PAYPAL_API_URL: "http://127.0.0.1:9",
  PAYPAL_CLIENT_ID: "sandbox-client",
  PAYPAL_CLIENT_SECRET: "sandbox-secret",
  PAYPAL_WEBHOOK_ID: "SANDBOXWEBHOOK",
};

describe.runIf(process.env.TEST_DB !== "postgres")("the PayPal stand-in's code", () => {
  it("is a chunk of the build that no chunk imports statically, only an import()", () => {
    standinChunk();
  });

  it("is never loaded by a server in sandbox mode, where its URLs are the site's 404; a standin server loads it", async () => {
    const chunk = basename(standinChunk());
    const sandbox = await chunksLoadedBy(SANDBOX, async (url) => {
      for (const path of ["/paypal-standin", "/paypal-standin/", "/paypal-standin/checkoutnow?token=ABC", "/paypal-standin/checkout/EC-ABC", "/paypal-standin/cgi-bin/webscr"]) {
        const response = await fetch(`${url}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).not.toMatch(/no money moves|PAYPAL_MODE=standin|cmd=_xclick/);
      }
      const token = await fetch(`${url}/paypal-standin/v1/oauth2/token`, { method: "POST", body: "grant_type=client_credentials" });
      expect(await token.text()).not.toContain("access_token");
    });
    expect(sandbox.has("index.js"), "the log sees the build's modules").toBe(true);
    expect(sandbox.has(chunk)).toBe(false);

    const standin = await chunksLoadedBy({}, async (url) => {
      expect((await fetch(`${url}/paypal-standin`)).status).toBe(200);
    });
    expect(standin.has(chunk)).toBe(true);
  });
});
