import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { PAGES, type PageRow } from "./pages.ts";

/** A row of the page table as a route: `/` is the index; the rest drop their leading slash. */
const toRoute = ({ path, file, id }: PageRow): RouteConfigEntry => {
  const options = id ? { id } : {};
  return path === "/" ? index(file, options) : route(path.replace(/^\//, ""), file, options);
};

/**
 * Every page of the site, from the page table (app/pages.ts), which also says who may open each
 * one: the admin screens inside the admin frame (sidebar, breadcrumb; no public header or
 * footer), the 404 page last.
 */
export default [
  ...PAGES.filter((page) => !page.frame && page.path !== "*").map(toRoute),
  layout("routes/admin/layout.tsx", PAGES.filter((page) => page.frame).map(toRoute)),
  ...PAGES.filter((page) => page.path === "*").map(toRoute),
] satisfies RouteConfig;
