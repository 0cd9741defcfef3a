// `npm test`: typechecks and lints, builds (`npm run build`: the app and its precompressed assets), runs Vitest (unit + integration on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set), the fault scenarios (`npm run test:faults`, one file at a time) and Playwright
// (Chromium), then prints one line with the real totals.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const out = ".tmp/test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;

// Types and lint count as one check each, so CI fails on either.
for (const [name, command] of [
  ["typecheck", "npx react-router typegen && npx tsc --noEmit"],
  ["lint", "npx eslint ."],
] as const) {
  const ok = spawnSync(command, { stdio: "inherit", shell: true }).status === 0;
  console.log(`${name}: ${ok ? "passed" : "FAILED"}`);
  if (ok) passed += 1;
  else failed += 1;
}

if (run("npm", ["run", "build"]) !== 0) {
  console.log("\nbuild failed");
  failed += 1;
} else {
  for (const [name, config] of [
    ["vitest", []],
    ["faults", ["--config", "vitest.faults.config.ts"]],
  ] as const) {
    const failedBefore = failed;
    const status = run("npx", ["vitest", "run", ...config, "--reporter=default", "--reporter=json", `--outputFile=${out}/${name}.json`]);
    const report = readJson(`${out}/${name}.json`);
    if (report) {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      // A file that failed to load has no tests to count; count it as a failure.
      failed += report.testResults.filter((f: { status: string; assertionResults: unknown[] }) => f.status === "failed" && f.assertionResults.length === 0).length;
    }
    if (!report || (status !== 0 && failed === failedBefore)) failed += 1;
  }

  const pwStatus = run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` });
  const pw = readJson(`${out}/playwright.json`);
  if (pw) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected;
  }
  if (!pw || (pwStatus !== 0 && (pw?.stats.unexpected ?? 0) === 0)) failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

function readJson(path: string) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}
