// `npm run lighthouse`: audits the public pages with Lighthouse (mobile) in Debian's Chromium.
// Builds first when the build is missing or older than the sources, starts the production server
// on a free port with demo content on a temporary SQLite database, and prints, per page, each
// run's four category scores, its Total Blocking Time, LCP and Lighthouse's CPU benchmark index
// (the performance score counts main-thread time, so a slow or busy machine scores lower on the
// same page), then the median run's, with the page's size: HTML and inline CSS bytes and its
// element count. Three runs per page (LIGHTHOUSE_RUNS).
//
// Pages: /, /pricing/, /service/ and /contact by default (the sign-in forms are `noindex` on
// purpose, which costs them Lighthouse's SEO score); paths given as arguments
// (`npm run lighthouse -- /blog/ /about-us`) or in LIGHTHOUSE_PATHS (space- or comma-separated)
// are audited instead, e.g. an article and a page created after the demo content.
// `--check` (or LIGHTHOUSE_CHECK=1): exit non-zero when any run scores below LIGHTHOUSE_MIN
// (100, issue 10's target "in every run, not only the median") in any category; without it the
// scores are only reported. `--no-build` measures the build in BUILD_DIR as it is.
// Reports (JSON and HTML) are kept in .tmp/lighthouse (LIGHTHOUSE_DIR overrides).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { startDemoServer } from "./lib/demo-server.ts";

const buildDir = process.env.BUILD_DIR ?? "build";
const reportDir = resolve(process.env.LIGHTHOUSE_DIR ?? ".tmp/lighthouse");
const minimum = Number(process.env.LIGHTHOUSE_MIN ?? 100);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const args = process.argv.slice(2);
const check = args.includes("--check") || process.env.LIGHTHOUSE_CHECK === "1";
const build = !args.includes("--no-build");
const givenPaths = [...args.filter((a) => !a.startsWith("--")), ...(process.env.LIGHTHOUSE_PATHS ?? "").split(/[\s,]+/).filter(Boolean)];
/** The public page types: landing, plans, services, a form page (static pages, no JavaScript). */
const pagePaths = givenPaths.length ? givenPaths : ["/", "/pricing/", "/service/", "/contact"];
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const entry = join(buildDir, "server/index.js");
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const sources = Math.max(newestMtime("app"), newestMtime("server"), newestMtime("public"));
  if (built >= sources) return;
  console.log(`[lighthouse] building into ${buildDir} …`);
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (result.status !== 0) throw new Error("build failed");
}

async function main(): Promise<number> {
  if (build) buildIfNeeded();
  const server = await startDemoServer({ name: "lighthouse", env: { BUILD_DIR: buildDir } });
  const { url } = server;
  try {
    let failed = false;
    for (const pagePath of pagePaths) {
      // A running site is warm: compile the page's code paths before measuring.
      // A fresh connection each time: a kept-alive one may have been closed by the server while the last page was audited.
      let html = "";
      for (let i = 0; i < 3; i++) html = await (await fetch(`${url}${pagePath}`, { headers: { Connection: "close" } })).text();
      const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]!), 0);
      mkdirSync(reportDir, { recursive: true });
      const outputBase = join(reportDir, pagePath === "/" ? "landing" : pagePath.replace(/\W+/g, "-").replace(/^-|-$/g, ""));
      const chromeFlags = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ].join(" ");
      const reports: LighthouseReport[] = [];
      for (let run = 1; run <= runs; run++) {
        console.log(`[lighthouse] auditing ${url}${pagePath} (mobile), run ${run} of ${runs} …`);
        let report = audit(`${url}${pagePath}`, `${outputBase}-${run}`, chromeFlags);
        // Chromium sometimes loses the trace (NO_NAVSTART and the like): run that one again.
        for (let retry = 0; report?.runtimeError && retry < 2; retry++) {
          console.log(`  Lighthouse could not measure (${report.runtimeError.code}); running again …`);
          report = audit(`${url}${pagePath}`, `${outputBase}-${run}`, chromeFlags);
        }
        if (!report || report.runtimeError) return 1;
        reports.push(report);
        const measured = ["total-blocking-time", "largest-contentful-paint"].map((id) => `${report!.audits[id]?.displayValue ?? "?"}`);
        console.log(
          `  ${categories.map((id) => `${id} ${score(report, id)}`).join(", ")} (TBT ${measured[0]}, LCP ${measured[1]}; CPU benchmark ${Math.round(report.environment?.benchmarkIndex ?? 0)})`,
        );
      }
      const lowest = (id: string) => Math.min(...reports.map((r) => score(r, id)));
      const median = reports.toSorted((a, b) => score(a, "performance") - score(b, "performance") || tbt(b) - tbt(a))[Math.floor((reports.length - 1) / 2)]!;
      console.log(
        `\n  ${pagePath}: median run ${categories.map((id) => score(median, id)).join(" / ")}, TBT ${Math.round(tbt(median))} ms (TBT of every run: ${reports.map((r) => Math.round(tbt(r))).join(", ")} ms); ` +
          `HTML ${Buffer.byteLength(html)} bytes, inline CSS ${css} bytes, ${median.audits["dom-size-insight"]?.details?.items?.[0]?.value?.value ?? "?"} elements`,
      );
      console.log(`  lowest of ${runs} run${runs > 1 ? "s" : ""}:`);
      for (const id of categories) {
        const value = lowest(id);
        const ok = value >= minimum;
        failed ||= !ok;
        console.log(`  ${(reports[0]!.categories[id]?.title ?? id).padEnd(16)} ${String(value).padStart(3)}  ${ok ? "ok" : `BELOW ${minimum}`}`);
        if (ok) continue;
        // The weakest run's failing audits say what to fix.
        const worst = reports.reduce((a, b) => (score(a, id) <= score(b, id) ? a : b));
        for (const ref of worst.categories[id]?.auditRefs.filter((r) => r.weight > 0) ?? []) {
          const result = worst.audits[ref.id];
          if (result && result.score !== null && result.score < 0.9) console.log(`      - ${result.title} (${Math.round(result.score * 100)})`);
        }
      }
      console.log(`\n  reports: ${outputBase}-<run>.report.html and .report.json`);
    }
    if (failed && !check) console.log(`\n[lighthouse] some runs scored below ${minimum} (reported only; --check makes that an error)`);
    return failed && check ? 1 : 0;
  } finally {
    await server.stop();
  }
}

/** One Lighthouse run; the report, or undefined when Lighthouse failed. */
function audit(target: string, outputBase: string, chromeFlags: string): LighthouseReport | undefined {
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      "node_modules/lighthouse/cli/index.js",
      target,
      "--quiet",
      "--form-factor=mobile",
      `--only-categories=${categories.join(",")}`,
      "--output=json",
      "--output=html",
      `--output-path=${outputBase}`,
      `--chrome-flags=${chromeFlags}`,
    ],
    { stdio: "inherit", env: { ...process.env, CHROME_PATH: chromePath } },
  );
  const reportFile = `${outputBase}.report.json`;
  // Lighthouse 13 prints no scores; they are in the JSON report. A lost trace exits non-zero but
  // still writes its report, whose runtimeError says to run again.
  if (!existsSync(reportFile) || statSync(reportFile).mtimeMs < started) {
    console.error(`[lighthouse] Lighthouse failed (exit ${run.status})`);
    return undefined;
  }
  return JSON.parse(readFileSync(reportFile, "utf8")) as LighthouseReport;
}

const tbt = (report: LighthouseReport) => report.audits["total-blocking-time"]?.numericValue ?? 0;

const score = (report: LighthouseReport, id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<
    string,
    { title: string; score: number | null; displayValue?: string; numericValue?: number; details?: { items?: { value?: { value?: number } }[] } } | undefined
  >;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("[lighthouse]", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
