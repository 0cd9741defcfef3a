import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { Result } from "axe-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's violations on the page as it is now, at a phone's (390 px) and a desktop's (1440 px)
 * width, each named by its rule and the elements it found; the page is left at 1440 px.
 * (tests/e2e/axe.spec.ts walks every route on its own; the feature specs check their screens with this.)
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.evaluate(axeSource);
    const violations = await page.evaluate(() => (window as unknown as { axe: { run: (c: Document) => Promise<{ violations: Result[] }> } }).axe.run(document).then((r) => r.violations));
    found.push(...violations.map((v) => `${page.url()} @${viewport.width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
  }
  return found;
}
