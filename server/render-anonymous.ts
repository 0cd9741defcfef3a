import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { SINGLE_SEGMENT_MARK, singleSegmentPagePath } from "~/content/registry/slugs.ts";
import type { Config } from "~/config.server.ts";
import { requestContext, type Services } from "~/services.server.ts";
import type { RenderPublicPage } from "~/seo/public-render.server.ts";

/**
 * The page as an anonymous visitor gets it: a request without cookies or nonce at the site's own
 * address and `path` only (never a visitor's query). The page cache stores what this renders; the
 * SEO report reads the same (services.renderPublicPage). `getServices`: the services are still
 * being built when the renderer is made (server/services.ts).
 */
export function anonymousRenderer(config: Config, getServices: () => Services) {
  const build = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const handler = createFetchHandler(build, config.env === "development" ? "development" : "production");
  return (path: string, who: { clientIp: string; requestId: string }): Promise<Response> => {
    const context = new RouterContextProvider();
    context.set(requestContext, { services: getServices(), nonce: "", ...who });
    // A created page at one segment (/local-seo/) is answered by its own route (content/registry/slugs.ts).
    const inner = singleSegmentPagePath(new URL(path, "http://x").pathname);
    const request = new Request(new URL(inner ?? path, config.appUrl), { headers: inner ? { [SINGLE_SEGMENT_MARK]: "1" } : {} });
    return handler(request, context);
  };
}

/** The service the SEO report uses: a render with no request behind it. */
export const publicPageRenderer = (render: ReturnType<typeof anonymousRenderer>): RenderPublicPage => (path) => render(path, { clientIp: "127.0.0.1", requestId: "seo-report" });
