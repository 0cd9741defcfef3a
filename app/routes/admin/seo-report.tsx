import { Form, Link, useNavigation } from "react-router";
import { findImagesWithoutAlt } from "~/media/missing-alt.server.ts";
import { requestContext } from "~/services.server.ts";
import type { SeoFindingKind } from "~/seo/report-check.ts";
import { SHORT_ARTICLE_WORDS } from "~/seo/serp.ts";
import { runSeoReport } from "~/site/seo-report.server.ts";
import { utcDateTime } from "~/shared/dates.ts";
import { Button } from "~/ui/button.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/seo-report";

/**
 * The SEO report (issue 23): every public page read as a visitor gets it, and what a search engine
 * would hold against it, each with a link to where it is fixed. It runs when asked ("Run the
 * report", a GET: it changes nothing), bounded in links and time (seo/report.server.ts).
 */

export const meta: Route.MetaFunction = () => [{ title: "SEO report | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.get("run") !== "1") return { report: null };
  const { services } = context.get(requestContext);
  const report = await runSeoReport({ db: services.db, render: services.renderPublicPage, siteUrl: services.config.appUrl, storedChecks: [findImagesWithoutAlt], findRedirect: (path) => services.redirects.table.find(path) });
  return { report };
}

/** What each kind of finding is called, in the order the report lists them. */
const KINDS: Record<SeoFindingKind, string> = {
  "missing-title": "Missing title",
  "duplicate-title": "Duplicate title",
  "missing-description": "Missing description",
  "duplicate-description": "Duplicate description",
  "h1-count": "Main heading (h1)",
  "image-without-alt": "Image without alt text",
  "short-article": `Article under ${SHORT_ARTICLE_WORDS} words`,
  "broken-link": "Broken link",
  noindex: "Hidden from search engines",
};
const ORDER = Object.keys(KINDS) as SeoFindingKind[];

export default function SeoReport({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const navigation = useNavigation();
  const running = navigation.state === "loading" && navigation.location.pathname === "/admin/seo-report";
  const findings = report ? [...report.findings].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind)) : [];
  return (
    <>
      <h1 className="mb-2 text-3xl font-bold">SEO report</h1>
      <p className="mb-6 max-w-3xl text-gray-700">
        Reads every public page as a visitor gets it and lists what search engines hold against it: missing or duplicate titles and descriptions, images without alt
        text, pages without exactly one main heading, articles under {SHORT_ARTICLE_WORDS} words, links to pages that do not exist, and pages hidden from search
        engines. Each problem links to where it is fixed.
      </p>
      <Form method="get" className="mb-6">
        <input type="hidden" name="run" value="1" />
        <Button disabled={running}>{running ? "Running…" : report ? "Run the report again" : "Run the report"}</Button>
      </Form>
      {report && (
        <>
          <p role="status" className="mb-4 text-sm text-gray-800">
            {`Checked ${report.pages} ${report.pages === 1 ? "page" : "pages"} and ${report.linksChecked} link ${report.linksChecked === 1 ? "target" : "targets"} at ${utcDateTime(report.ranAt)} in ${(report.ms / 1000).toFixed(1)} s: `}
            {findings.length === 0 ? "no problems found." : `${findings.length} ${findings.length === 1 ? "problem" : "problems"} found.`}
            {report.linksSkipped > 0 && ` ${report.linksSkipped} links were not checked (the report checks a bounded number per run).`}
          </p>
          {findings.length > 0 && (
            <Table caption={`Problems (${findings.length})`} headers={["Problem", "Page", "What is wrong", "Fix"]}>
              {findings.map((f, i) => (
                <tr key={`${f.kind}-${f.path ?? ""}-${i}`}>
                  <Cell>{KINDS[f.kind]}</Cell>
                  <Cell>
                    {f.label}
                    {f.path && <span className="block text-sm text-gray-700">{f.path}</span>}
                  </Cell>
                  <Cell>{f.detail}</Cell>
                  <Cell>
                    <Link to={f.fixUrl} className="font-semibold text-brand-700 underline">
                      Fix it<span className="sr-only">: {`${KINDS[f.kind]}, ${f.label}`}</span>
                    </Link>
                  </Cell>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </>
  );
}
