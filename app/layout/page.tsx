import { PreviewNotice } from "../content/public/preview-notice.tsx";
import { useRootData } from "./root-data.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** Header, a centred main column and the footer: the frame of every public or customer page. */
export function Page({ children, narrow }: { children: React.ReactNode; narrow?: boolean }) {
  const { viewer, chrome, preview } = useRootData();
  return (
    <>
      {preview && <PreviewNotice />}
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <main id="main" className={`mx-auto px-4 py-10 ${narrow ? "max-w-md" : "max-w-6xl"}`}>
        {children}
      </main>
      <SiteFooter chrome={chrome} />
    </>
  );
}
