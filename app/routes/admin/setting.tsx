import { Link } from "react-router";
import { hubPages, SPEC_HUB_PATHS } from "~/content/admin/admin-pages.ts";
import type { SectionDef } from "~/content/registry/sections.ts";
import { requestContext } from "~/services.server.ts";
import type { Route } from "./+types/setting";
import { LinkLine } from "~/ui/link-line.tsx";

/**
 * The settings hub: the spec's eight cards first, then a card for every other content page of the
 * registry (payment account included), each with how much content it holds.
 */

export const meta: Route.MetaFunction = () => [{ title: "Settings | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const rows = await services.db
    .selectFrom("content_items")
    .select(["section", (eb) => eb.fn.countAll<number | string | bigint>().as("n")])
    .groupBy("section")
    .execute();
  return { counts: Object.fromEntries(rows.map((r) => [r.section, Number(r.n)])) as Record<string, number> };
}

function sectionState(def: SectionDef, count: number): string {
  if (def.kind === "singleton") return `${def.label}: ${count > 0 ? "set" : "not created yet"}`;
  return `${def.label}: ${count} ${count === 1 ? "entry" : "entries"}`;
}

export default function Setting({ loaderData }: Route.ComponentProps) {
  const pages = hubPages();
  const groups = [
    { id: "hub-main", heading: "Main sections", pages: pages.filter((p) => (SPEC_HUB_PATHS as readonly string[]).includes(p.path)) },
    { id: "hub-more", heading: "More sections", pages: pages.filter((p) => !(SPEC_HUB_PATHS as readonly string[]).includes(p.path)) },
  ];
  return (
    <>
      <LinkLine to="/admin" className="mb-4">
        Back to the admin dashboard
      </LinkLine>
      <h1 className="mb-2 text-3xl font-bold">Settings</h1>
      <p className="mb-8 text-gray-700">Edit the content of the public site, section by section.</p>
      {groups.map((group) => (
        <section key={group.heading} aria-labelledby={group.id} className="mb-10">
          <h2 id={group.id} className="mb-4 text-2xl font-semibold">
            {group.heading}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {group.pages.map((page) => (
              <li key={page.path} className="relative rounded-lg border border-gray-300 p-4 hover:border-brand-700 focus-within:border-brand-700">
                <h3 className="text-lg font-semibold">
                  <Link to={page.path} className="text-brand-700 underline after:absolute after:inset-0">
                    {page.title}
                  </Link>
                </h3>
                <ul className="mt-2 text-sm text-gray-700">
                  {page.sections.map((def) => (
                    <li key={def.key}>{sectionState(def, loaderData.counts[def.key] ?? 0)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
