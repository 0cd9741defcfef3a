import { requestContext } from "~/services.server.ts";
import { robotsTxt } from "~/site/crawl.ts";
import type { Route } from "./+types/robots";

/** /robots.txt: crawlers stay out of the customer and admin areas; points to the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return new Response(robotsTxt(services.config.appUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
