import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";
import { SiteHeader } from "./site-header.tsx";

/** Header plus a centred main column: the frame of every non-landing page. */
export function Page({ children, narrow }: { children: React.ReactNode; narrow?: boolean }) {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <>
      <SiteHeader viewer={root?.viewer ?? { email: null, isAdmin: false }} />
      <main id="main" className={`mx-auto px-4 py-10 ${narrow ? "max-w-md" : "max-w-6xl"}`}>
        {children}
      </main>
    </>
  );
}
