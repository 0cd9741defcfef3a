import { Link, useSearchParams } from "react-router";
import { PAGE_TEXTS } from "~/inbox/texts.ts";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/thanks";
import { STATIC_PAGE } from "~/site/cached-pages.ts";

/** The same for every visitor, without JavaScript: served from the page cache (site/cached-pages.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () => [{ title: "Thank you | Rankwell" }, { name: "robots", content: "noindex" }];

/** Where the contact form leads; ?sent=1 (set by the contact action) adds the success text. */
export default function Thanks() {
  const [params] = useSearchParams();
  return (
    <Page narrow>
      <div className="text-center">
        <h1 className="text-3xl font-bold">Thank you!</h1>
        {params.get("sent") === "1" && (
          <div className="mt-6">
            <StatusMessage kind="success">{PAGE_TEXTS.messageSent}</StatusMessage>
          </div>
        )}
        <p className="mt-4 text-lg text-gray-700">We have received your message and will get back to you as soon as possible.</p>
        <p className="mt-8">
          <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Back to the home page
          </Link>
        </p>
      </div>
    </Page>
  );
}
