import { requestContext } from "~/services.server.ts";
import { sitemapXml } from "~/site/crawl.ts";
import { listPublicDocuments } from "~/site/public-documents.server.ts";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml: every public document but the noindex ones, each dated by its own last change (the spec's pages by the last content change). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const latest = await services.db
    .selectFrom("content_items")
    .select((eb) => eb.fn.max("updated_at").as("updated"))
    .executeTakeFirst();
  const lastmod = typeof latest?.updated === "string" ? latest.updated.slice(0, 10) : undefined;
  const documents = await listPublicDocuments(services.db);
  return new Response(sitemapXml(services.config.appUrl, documents, lastmod), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
