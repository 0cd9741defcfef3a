import { redirect } from "react-router";
import { formValues, guardForm } from "~/forms.server.ts";
import { ContactForm, type ContactFailure } from "~/inbox/contact-form.tsx";
import { sendMessage } from "~/inbox/messages.server.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import type { Route } from "./+types/contact";
import { STATIC_PAGE } from "~/site/cached-pages.ts";

/** The same for every visitor, without JavaScript: served from the page cache (site/cached-pages.ts). */
export const handle = STATIC_PAGE;

/** /contact and /contact-us (same module). The form's posts from anywhere land in this action. */
export function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return { canonical: `${services.config.appUrl}/contact` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Contact us | Rankwell" },
  { name: "description", content: "Send Rankwell a message about SEO packages, orders or anything else. We answer as soon as possible." },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
];

export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request);
  return guardForm(values, async () => {
    const { services, clientIp } = context.get(requestContext);
    await sendMessage(services, clientIp, values);
    return redirect("/thanks?sent=1");
  });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <Page>
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-bold">Contact us</h1>
        <p className="mb-6 mt-2 text-gray-700">Send us a message and we will get back to you as soon as possible.</p>
        <ContactForm result={actionData as ContactFailure | undefined} />
      </div>
    </Page>
  );
}
