import { data, redirect } from "react-router";
import { safeRedirect } from "~/auth/permissions.server.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { SUBSCRIBED_FLAG, SubscribeForm, type SubscribeResult } from "~/inbox/subscribe-form.tsx";
import { addSubscriber } from "~/inbox/subscribers.server.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import type { Route } from "./+types/subscribe";
import { STATIC_PAGE } from "~/site/cached-pages.ts";

/** The same for every visitor, without JavaScript: served from the page cache (site/cached-pages.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () => [
  { title: "Subscribe to updates | Rankwell" },
  { name: "description", content: "Get Rankwell's SEO news and offers by email. Every mail has a link to unsubscribe." },
];

/**
 * The subscribe form posts here from any page. Through a fetcher (JavaScript) the answer is data
 * and the visitor stays put; a plain post is sent back to the page it came from with
 * ?subscribed=1, or, on an error, sees it here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request);
  return guardForm(values, async () => {
    const { services, clientIp } = context.get(requestContext);
    const { subemail } = await addSubscriber(services, clientIp, values);
    if (values.via === "fetcher") return data<SubscribeResult>({ ok: true, subemail });
    const back = new URL(safeRedirect(values.redirectTo, "/subscribe"), "http://x");
    back.searchParams.set(SUBSCRIBED_FLAG, "1");
    return redirect(`${back.pathname}${back.search}#subscribe-form`);
  });
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  return (
    <Page narrow>
      <h1 className="text-3xl font-bold">Subscribe to updates</h1>
      <p className="mb-6 mt-2 text-gray-700">Leave your email and we will send you our news. Every mail has a link to unsubscribe.</p>
      <SubscribeForm result={actionData as SubscribeResult | undefined} />
    </Page>
  );
}
