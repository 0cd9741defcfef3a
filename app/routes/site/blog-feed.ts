import { publishedArticles } from "~/content/public/documents.server.ts";
import { requestContext } from "~/services.server.ts";
import { atomFeed } from "~/site/feed.ts";
import type { Route } from "./+types/blog-feed";

/** /blog/feed.xml: the newest articles as an Atom feed (served from the page cache like the pages). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return new Response(atomFeed(services.config.appUrl, await publishedArticles(services.db)), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
