import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { Role } from "../auth/roles.ts";
import type { SiteChrome } from "../site/chrome.ts";

/** What the root route loads for every page: who is asking, the site's address, header/footer content. */
export interface RootData {
  viewer: { email: string | null; roles: Role[] };
  /** The public address (canonical URLs). */
  siteUrl: string;
  chrome: SiteChrome;
  /** This request's id (X-Request-Id, the log's reqId): an error page shows it as its reference. */
  requestId?: string;
  /** The zone every date is shown in (SITE_TIME_ZONE): the browser formats as the server did. */
  timeZone?: string;
  /** This page is an editor's preview of unpublished content (content/public/preview.ts). */
  preview?: boolean;
}

const EMPTY: RootData = { viewer: { email: null, roles: [] }, siteUrl: "", chrome: {} };

/**
 * The root route's data. On an error page whose error was thrown before the root loader ran (the
 * access guard), the error carries it instead.
 */
export function useRootData(): RootData {
  const root = useRouteLoaderData<RootData>("root");
  const error = useRouteError();
  const fromError = isRouteErrorResponse(error) ? (error.data?.root as RootData | undefined) : undefined;
  return root ?? fromError ?? EMPTY;
}
