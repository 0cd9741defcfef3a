import { matchPath } from "react-router";
import { type Role, strongestRole } from "../../auth/roles.ts";
import { withoutDataSuffix } from "../../shared/page-path.ts";
import { singular } from "../registry/labels.ts";
import { allSections, type SectionDef, type SectionKey } from "../registry/sections.ts";

/**
 * The admin screens, derived from the section registry: one page per distinct `adminPath`
 * (showing every section that lives there) and one edit screen per `editPath` and alias.
 * `app/routes.ts` builds its routes from these lists, the settings hub links to them, and the
 * admin route modules find their sections here by the request's path.
 */

export interface AdminPage {
  path: string;
  title: string;
  sections: SectionDef[];
}

const lower = (label: string) => (/^[A-Z]{2,}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

/** "Service text and service items": the labels of the sections a page shows. */
export function pageTitle(defs: SectionDef[]): string {
  const [first, ...rest] = defs.map((d) => d.label);
  return [first, ...rest.map(lower)].join(" and ");
}

/** The edit screen's heading: "Edit Banner", "Edit Pricing plan" (one entry of a list). */
export const editTitle = (def: SectionDef) => `Edit ${def.kind === "list" ? singular(def.label) : def.label}`;

/** Every admin page, in registry order of its first section. */
export const adminPages: AdminPage[] = (() => {
  const byPath = new Map<string, SectionDef[]>();
  for (const def of allSections()) byPath.set(def.adminPath, [...(byPath.get(def.adminPath) ?? []), def]);
  return [...byPath].map(([path, defs]) => ({ path, title: pageTitle(defs), sections: defs }));
})();

/** The role a page needs: the write role of every section it shows (the access table says the same). */
export const pageRole = (page: AdminPage): Role => strongestRole(page.sections.map((def) => def.write));

/** Every edit-screen path (with `:id`) and the section it edits. */
export const editPaths: { path: string; key: SectionKey }[] = allSections().flatMap((def) =>
  [def.editPath, ...(def.aliasEditPaths ?? [])].map((path) => ({ path, key: def.key as SectionKey })),
);

/** Route ids must be unique; one module serves many routes. */
export const routeId = (kind: "page" | "edit", path: string) => `content-${kind}${path.replace(/[^A-Za-z0-9]+/g, "-").replace(/-$/, "")}`;

/** The path as the router matched it: no trailing slash, no `.data` suffix. */
function normalise(pathname: string): string {
  const path = withoutDataSuffix(pathname);
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** The admin page at a URL path, if any. */
export function adminPageAt(pathname: string): AdminPage | undefined {
  const path = normalise(pathname);
  return adminPages.find((p) => p.path.toLowerCase() === path.toLowerCase());
}

/**
 * The section and record id an edit URL is for. The single-segment `/:id` (about) is tried last,
 * so a two-segment path never reads as it.
 */
export function editTargetAt(pathname: string): { key: SectionKey; id: string } | undefined {
  const path = normalise(pathname);
  const ordered = [...editPaths].sort((a, b) => Number(a.path === "/:id") - Number(b.path === "/:id"));
  for (const entry of ordered) {
    const match = matchPath({ path: entry.path, end: true }, path);
    if (match?.params.id) return { key: entry.key, id: match.params.id };
  }
  return undefined;
}

/** The eight cards the spec puts first on the settings hub, in its order. */
export const SPEC_HUB_PATHS = [
  "/edit-banner",
  "/add-logo",
  "/edit-about",
  "/edit-service",
  "/add-pricing",
  "/edit-testimonial",
  "/add-address-footer",
  "/add-social-footer",
] as const;

/** The hub's cards: the spec's eight first, then every other section page in registry order. */
export function hubPages(): AdminPage[] {
  const first = SPEC_HUB_PATHS.map((path) => adminPages.find((p) => p.path === path)).filter((p): p is AdminPage => Boolean(p));
  return [...first, ...adminPages.filter((p) => !first.includes(p))];
}

/**
 * What the admin pages say after a publish (docs/decisions/0023-wording.md): a short sentence in
 * sentence case. The JSON API keeps the spec's texts (`def.saved`: "Banner is Updated",
 * "Contcat Section is Updated"), which read as typos on a page.
 */
export function publishedText(def: { kind: "singleton" | "list"; label: string; drafts: boolean }, created: boolean): string {
  const name = def.kind === "list" ? singular(def.label) : def.label;
  const done = `${name} ${def.kind === "list" && created ? "added" : created ? "saved" : "updated"}.`;
  // Sections without drafts are settings (the payment account), which visitors never see.
  return def.drafts ? `${done} Visitors see it now.` : done;
}

/** The query parameter of an edit form reached right after creating its record on the section page. */
export const CREATED_PARAM = "created";

/** What the page says after a new record was saved as a draft or published. */
export function createdMessage(def: { kind: "singleton" | "list"; label: string; drafts: boolean }, done: "draft" | "publish"): string {
  return done === "publish" ? publishedText(def, true) : `${def.kind === "list" ? singular(def.label) : def.label} saved as a draft. Visitors see it once you publish it.`;
}
