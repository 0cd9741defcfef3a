import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * The root route's data (viewer, site address, header/footer content). On an error page whose
 * error was thrown before the root loader ran (the access guard), the error carries it instead.
 */
export function useRootData(): RootData {
  const root = useRouteLoaderData<RootData>("root");
  const error = useRouteError();
  const fromError = isRouteErrorResponse(error) ? (error.data?.root as RootData | undefined) : undefined;
  return root ?? fromError ?? { viewer: { email: null, isAdmin: false }, siteUrl: "", chrome: {} };
}

/** Header, a centred main column and the footer: the frame of every non-landing page. */
export function Page({ children, narrow }: { children: React.ReactNode; narrow?: boolean }) {
  const { viewer, chrome } = useRootData();
  return (
    <>
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <main id="main" className={`mx-auto px-4 py-10 ${narrow ? "max-w-md" : "max-w-6xl"}`}>
        {children}
      </main>
      <SiteFooter chrome={chrome} />
    </>
  );
}
