import type { Db } from "../db/db.server.ts";
import { listPublicDocuments, type PublicDocument } from "./public-documents.server.ts";
import { internalPath, type PageFacts, pageFacts } from "../seo/html-checks.ts";
import type { RenderPublicPage } from "../seo/public-render.server.ts";
import type { SeoFinding } from "../seo/report-check.ts";
import { normalText, SHORT_ARTICLE_WORDS } from "../seo/serp.ts";

/**
 * The SEO report (issue 23): every public document (site/public-documents.server.ts) rendered as
 * an anonymous visitor gets it, read (html-checks.ts) and checked: missing or duplicate titles and
 * descriptions, images without alt text (the library's own check, and rendered <img> without
 * alt), more or fewer than one h1, articles under 300 words, internal links that lead nowhere,
 * and pages hidden from search engines. Runs on request and is bounded: at most MAX_LINKS
 * distinct link targets are checked and the whole run stops checking after `deadlineMs`;
 * what was left out is counted, never silently dropped. Read-only.
 */

/** Distinct internal paths checked per run (each one is a render). */
export const MAX_LINKS = 200;
export const REPORT_DEADLINE_MS = 20_000;

export interface SeoReport {
  findings: SeoFinding[];
  /** Documents read. */
  pages: number;
  /** Distinct internal link targets checked, and those left unchecked by the bounds. */
  linksChecked: number;
  linksSkipped: number;
  /** When it ran (ISO) and how long it took. */
  ranAt: string;
  ms: number;
}

export interface ReportDeps {
  db: Db;
  render: RenderPublicPage;
  siteUrl: string;
  maxLinks?: number;
  deadlineMs?: number;
  /**
   * Checks of stored content that need no rendering, their findings listed as they are: the media
   * library's images without alt text (media/missing-alt.server.ts, which the report route passes).
   */
  storedChecks?: ((db: Db) => Promise<SeoFinding[]>)[];
  /** The documents to read; listPublicDocuments unless given (tests). */
  documents?: PublicDocument[];
  /**
   * The redirects table the server answers from before any page work (seo/redirect-table.server.ts):
   * the renderer does not see it, so a link to a redirected path would otherwise read as missing.
   */
  findRedirect?: (path: string) => Promise<{ status: number } | undefined>;
}

/** Where a finding about a document's title, description or noindex is fixed: its SEO fields. */
const seoFix = (doc: PublicDocument) => doc.seoEditUrl ?? doc.editUrl;

const fileName = (src: string) => decodeURIComponent(src.split(/[?#]/)[0]!.split("/").pop() || src);

/** A path's answer: fine, or the status that makes a link to it broken (404, 410, 5xx). */
type LinkStatus = { ok: true } | { ok: false; status: number };

export async function runSeoReport(deps: ReportDeps): Promise<SeoReport> {
  const started = Date.now();
  const deadline = started + (deps.deadlineMs ?? REPORT_DEADLINE_MS);
  const maxLinks = deps.maxLinks ?? MAX_LINKS;
  const documents = deps.documents ?? (await listPublicDocuments(deps.db));
  const findings: SeoFinding[] = [];
  const read: { doc: PublicDocument; facts: PageFacts }[] = [];
  const linkStatus = new Map<string, Promise<LinkStatus>>();
  let skipped = 0;

  const answerOf = async (path: string): Promise<Response> => {
    const redirect = await deps.findRedirect?.(new URL(path, "http://x").pathname);
    return redirect ? new Response(null, { status: redirect.status }) : deps.render(path);
  };
  const statusOf = (path: string): Promise<LinkStatus> | undefined => {
    const known = linkStatus.get(path);
    if (known) return known;
    if (linkStatus.size >= maxLinks || Date.now() > deadline) return undefined;
    const pending = answerOf(path).then(
      async (response) => {
        await response.body?.cancel();
        // Redirects lead somewhere (a login, a new slug); only a missing or failing page is broken.
        return response.status === 404 || response.status === 410 || response.status >= 500 ? { ok: false as const, status: response.status } : { ok: true as const };
      },
      () => ({ ok: false as const, status: 500 }),
    );
    linkStatus.set(path, pending);
    return pending;
  };

  for (const doc of documents) {
    if (doc.noindex) findings.push({ kind: "noindex", path: doc.path, label: doc.label, detail: "Hidden from search engines (noindex): not listed in results or in the sitemap.", fixUrl: seoFix(doc) });
    const response = await deps.render(doc.path);
    if (response.status !== 200) {
      await response.body?.cancel();
      findings.push({ kind: "broken-link", path: doc.path, label: doc.label, detail: `The page itself answers ${response.status}.`, fixUrl: doc.editUrl });
      continue;
    }
    const facts = pageFacts(await response.text());
    read.push({ doc, facts });
    if (!facts.title) findings.push({ kind: "missing-title", path: doc.path, label: doc.label, detail: "The page has no title.", fixUrl: seoFix(doc) });
    if (!facts.description) findings.push({ kind: "missing-description", path: doc.path, label: doc.label, detail: "The page has no meta description.", fixUrl: seoFix(doc) });
    if (facts.h1Count !== 1) {
      findings.push({ kind: "h1-count", path: doc.path, label: doc.label, detail: `The page has ${facts.h1Count} main headings (h1); it should have exactly one.`, fixUrl: doc.editUrl });
    }
    for (const image of facts.images.filter((i) => !i.hasAlt)) {
      findings.push({ kind: "image-without-alt", path: doc.path, label: fileName(image.src), detail: `An image on ${doc.label} has no alt attribute.`, fixUrl: doc.editUrl });
    }
    if (doc.kind === "article" && facts.words < SHORT_ARTICLE_WORDS) {
      findings.push({ kind: "short-article", path: doc.path, label: doc.label, detail: `The article has ${facts.words} words; under ${SHORT_ARTICLE_WORDS} it reads as thin content.`, fixUrl: doc.editUrl });
    }
    const targets = [...new Set(facts.links.map((href) => internalPath(href, doc.path, deps.siteUrl)).filter((p): p is string => p !== undefined))];
    const checks = targets.map((path) => ({ path, status: statusOf(path) }));
    for (const { path, status } of checks) {
      if (!status) {
        skipped++;
        continue;
      }
      const result = await status;
      if (!result.ok) findings.push({ kind: "broken-link", path: doc.path, label: doc.label, detail: `Links to ${path}, which answers ${result.status}.`, fixUrl: doc.editUrl });
    }
  }

  findings.push(...duplicates(read, "title", "duplicate-title"), ...duplicates(read, "description", "duplicate-description"));
  for (const check of deps.storedChecks ?? []) findings.push(...(await check(deps.db)));
  return { findings, pages: read.length, linksChecked: linkStatus.size, linksSkipped: skipped, ranAt: new Date(started).toISOString(), ms: Date.now() - started };
}

/** One finding per document whose title (or description) another document also has. */
function duplicates(read: { doc: PublicDocument; facts: PageFacts }[], field: "title" | "description", kind: "duplicate-title" | "duplicate-description"): SeoFinding[] {
  const byText = new Map<string, PublicDocument[]>();
  for (const { doc, facts } of read) {
    const text = normalText(facts[field]).toLowerCase();
    if (text) byText.set(text, [...(byText.get(text) ?? []), doc]);
  }
  return [...byText.values()]
    .filter((docs) => docs.length > 1)
    .flatMap((docs) =>
      docs.map((doc) => ({
        kind,
        path: doc.path,
        label: doc.label,
        detail: `The same ${field} as ${docs
          .filter((d) => d !== doc)
          .map((d) => d.label)
          .join(", ")}.`,
        fixUrl: seoFix(doc),
      })),
    );
}
